"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TTenant } from "@/server/contracts/tenants";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { formValues } from "@/lib/form-errors";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { EditTenantDialog } from "./edit-tenant-dialog";
import styles from "./platform.module.css";

const PAGE_SIZE = 20;
type Status = "ACTIVE" | "SUSPENDED";
type Pending = { tenant: TTenant; to: Status } | null;

const nameOf = (t: TTenant) => t.branding.displayName || t.name;

/** Every tenant of the platform (platform.listTenants): search, status filter, pagination; edit, suspend and reactivate (with confirmation). */
export function TenantsAdmin({ tenantUrlTemplate }: { tenantUrlTemplate: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<{ q?: string; status?: Status; page: number }>({ page: 1 });
  const [editing, setEditing] = useState<TTenant | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const list = useQuery({ ...trpc.platform.listTenants.queryOptions({ ...query, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries(trpc.platform.listTenants.pathFilter());
  const suspend = useMutation(trpc.platform.suspendTenant.mutationOptions());
  const reactivate = useMutation(trpc.platform.reactivateTenant.mutationOptions());
  const busy = suspend.isPending || reactivate.isPending;
  const urlOf = (slug: string) => tenantUrlTemplate.replace("{slug}", slug);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const v = formValues(event.currentTarget);
    setQuery({ q: v.q?.trim() || undefined, status: v.status === "ACTIVE" || v.status === "SUSPENDED" ? v.status : undefined, page: 1 });
  }

  async function confirmChange() {
    if (!pending) return;
    const name = nameOf(pending.tenant);
    try {
      if (pending.to === "SUSPENDED") await suspend.mutateAsync({ id: pending.tenant.id });
      else await reactivate.mutateAsync({ id: pending.tenant.id });
      setNotice({ kind: "success", text: t(pending.to === "SUSPENDED" ? "platformTenants.suspended" : "platformTenants.reactivated", { name }) });
      setPending(null);
      await refresh();
    } catch (error) {
      setNotice({ kind: "error", text: errorMessage(error, t) });
      setPending(null);
    }
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby="tenants-title">
      <h2 id="tenants-title" className="card-title">
        {t("platformTenants.listTitle")}
      </h2>
      <form className={styles.toolbar} role="search" aria-label={t("platformTenants.search")} onSubmit={onSearch}>
        <TextField name="q" type="search" label={t("platformTenants.search")} placeholder={t("platformTenants.searchPlaceholder")} defaultValue={query.q ?? ""} />
        <SelectField
          name="status"
          label={t("platformTenants.statusFilter")}
          defaultValue={query.status ?? ""}
          options={[
            { value: "", label: t("platformTenants.allStatuses") },
            { value: "ACTIVE", label: t("platformTenants.statusACTIVE") },
            { value: "SUSPENDED", label: t("platformTenants.statusSUSPENDED") },
          ]}
        />
        <button type="submit" className="btn btn-secondary">
          {t("common.search")}
        </button>
      </form>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <QueryList query={list} empty={t("platformTenants.empty")}>
        {(data) => (
          <>
            <DataTable caption={t("platformTenants.listCaption")} columns={[t("platformTenants.colTenant"), t("platformTenants.colStatus"), t("platformTenants.colCreated"), t("platformTenants.colActions")]}>
              {data.data.map((tenant) => {
                const name = nameOf(tenant);
                return (
                  <tr key={tenant.id}>
                    <td className="cell-name" data-label={t("platformTenants.colTenant")}>
                      <span className={styles.tenantName}>
                        <strong>
                          {tenant.branding.primaryColor ? <span className={styles.swatch} style={{ "--swatch": tenant.branding.primaryColor }} aria-hidden="true" /> : null}
                          {name}
                        </strong>
                        {name !== tenant.name ? <span className="muted">{tenant.name}</span> : null}
                        <a className={styles.tenantLink} href={urlOf(tenant.slug)}>
                          {tenant.slug}
                        </a>
                      </span>
                    </td>
                    <td data-label={t("platformTenants.colStatus")}>
                      <span className={`${styles.status} ${styles[`status${tenant.status}`]}`}>{t(`platformTenants.status${tenant.status}`)}</span>
                    </td>
                    <td data-label={t("platformTenants.colCreated")}>
                      <time dateTime={tenant.createdAt}>{formatDate(tenant.createdAt, locale, timeZone)}</time>
                    </td>
                    <td className={styles.actionsCell} data-label={t("platformTenants.colActions")}>
                      <span className={styles.actions}>
                        <button type="button" className="btn btn-secondary btn-sm" aria-label={t("platformTenants.editLabel", { name })} onClick={() => { setNotice(null); setEditing(tenant); }}>
                          {t("platformTenants.edit")}
                        </button>
                        {tenant.status === "ACTIVE" ? (
                          <button type="button" className="btn btn-secondary btn-danger-text btn-sm" aria-label={t("platformTenants.suspendLabel", { name })} onClick={() => { setNotice(null); setPending({ tenant, to: "SUSPENDED" }); }}>
                            {t("platformTenants.suspend")}
                          </button>
                        ) : (
                          <button type="button" className="btn btn-primary btn-sm" aria-label={t("platformTenants.reactivateLabel", { name })} onClick={() => { setNotice(null); setPending({ tenant, to: "ACTIVE" }); }}>
                            {t("platformTenants.reactivate")}
                          </button>
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pagination label={t("platformTenants.pagination")} page={data.meta.page} pages={data.meta.totalPages} total={t("platformTenants.total", { total: data.meta.total })} onPage={(page) => setQuery({ ...query, page })} />
          </>
        )}
      </QueryList>
      <EditTenantDialog
        tenant={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setNotice({ kind: "success", text: t("platformTenants.saved", { name: nameOf(saved) }) });
          void refresh();
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        danger={pending?.to === "SUSPENDED"}
        busy={busy}
        title={pending ? t(pending.to === "SUSPENDED" ? "platformTenants.suspendTitle" : "platformTenants.reactivateTitle", { name: nameOf(pending.tenant) }) : ""}
        message={pending ? t(pending.to === "SUSPENDED" ? "platformTenants.suspendMessage" : "platformTenants.reactivateMessage") : ""}
        confirmLabel={pending ? t(pending.to === "SUSPENDED" ? "platformTenants.suspendConfirm" : "platformTenants.reactivateConfirm") : undefined}
        onConfirm={() => void confirmChange()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
