"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { FunderLinksPanel } from "@/components/funders/funder-links-panel";
import { InviteUserDialog } from "./invite-user-dialog";
import { UserFiltersBar } from "./user-filters";
import { UsersTable, type UserChange } from "./users-table";
import { useUserFilters } from "./use-user-filters";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "./users.module.css";
import { EmptyLine } from "@/components/ui/empty-state";

const PAGE_SIZE = 20;

/** Admin users page: filters, list with pagination, invitation, role and status changes after confirmation. */
export function UsersView() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  const [filters, setFilters] = useUserFilters();
  const searchParams = useSearchParams();
  const [inviteOpen, setInviteOpen] = useState(() => searchParams.get("invite") === "1");
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<UserChange | null>(null);

  const list = useQuery({
    ...trpc.users.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, role: filters.role, status: filters.status, q: filters.q }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries(trpc.users.list.pathFilter());
  const update = useMutation(trpc.users.update.mutationOptions());

  if (list.isPending) {
    return (
      <>
        <h1>{t("users.title")}</h1>
        <Loading shape="table" />
      </>
    );
  }
  if (errorInfo(list.error).status === 403) {
    return (
      <>
        <h1>{t("users.title")}</h1>
        <Alert kind="error">{t("users.forbidden")}</Alert>
      </>
    );
  }

  const nameOf = (c: UserChange) => `${c.user.firstName} ${c.user.lastName}`.trim() || c.user.email;
  const confirmMessage = pending
    ? pending.role
      ? t("users.confirmRole", { role: t(`roles.${pending.role}`), name: nameOf(pending) })
      : pending.status === "SUSPENDED"
        ? t("users.confirmSuspend", { name: nameOf(pending) })
        : t("users.confirmReactivate", { name: nameOf(pending) })
    : "";

  async function applyChange() {
    if (!pending) return;
    const change = pending;
    setNotice(null);
    try {
      await update.mutateAsync({ id: change.user.id, ...(change.role ? { role: change.role } : {}), ...(change.status ? { status: change.status } : {}) });
      setNotice(t("users.updated", { name: nameOf(change) }));
      await refresh();
    } finally {
      setPending(null);
    }
  }

  const data = list.data;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("users.title")}</h1>
          <p>{t("users.intro")}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => { setNotice(null); setInviteOpen(true); }}>
          {t("users.inviteButton")}
        </button>
      </div>

      <div className={`stack ${styles.notices}`} aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        {update.isError ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
        {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      </div>

      <UserFiltersBar filters={filters} onChange={setFilters} />

      {data && data.data.length === 0 ? (
        <EmptyLine>{t("users.empty")}</EmptyLine>
      ) : data ? (
        <div aria-busy={list.isFetching}>
          <UsersTable users={data.data} meId={me.id} onChange={(c) => { update.reset(); setPending(c); }} />
          <Pagination label={t("users.pagination")} page={data.meta.page} pages={data.meta.totalPages} total={t("users.total", { total: data.meta.total })} onPage={(page) => setFilters({ page })} />
        </div>
      ) : null}

      <FunderLinksPanel />

      <InviteUserDialog
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onCreated={(user) => {
          setInviteOpen(false);
          setNotice(user.status === "INVITED" ? t("users.invited", { email: user.email }) : t("users.created", { email: user.email }));
          void refresh();
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t("users.confirmTitle")}
        message={confirmMessage}
        danger={pending?.status === "SUSPENDED"}
        confirmLabel={pending?.status === "SUSPENDED" ? t("users.suspend") : pending?.status === "ACTIVE" ? t("users.reactivate") : t("common.confirm")}
        busy={update.isPending}
        onConfirm={() => void applyChange().catch(() => undefined)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
