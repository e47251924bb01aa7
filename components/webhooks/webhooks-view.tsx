"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TWebhook, TWebhookCreated } from "@/server/contracts/webhooks";
import { useMe } from "@/components/shell/me-context";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { DeliveriesLog } from "./deliveries-log";
import { SecretDialog } from "./secret-dialog";
import { WebhookFormDialog } from "./webhook-form";
import styles from "./webhooks.module.css";

const PAGE_SIZE = 20;

/** ADMIN: the tenant's webhooks with their state, register/edit/pause/activate/delete, the delivery log. */
export function WebhooksView() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const allowed = me.role === "ADMIN";
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ open: boolean; webhook?: TWebhook }>({ open: false });
  const [created, setCreated] = useState<TWebhookCreated | null>(null);
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ ...trpc.webhooks.list.queryOptions({ page, limit: PAGE_SIZE }), enabled: allowed, placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        setNotice(t("webhooks.deleted"));
        await refresh();
      },
    }),
  );

  if (!allowed) {
    return (
      <>
        <h1>{t("webhooks.title")}</h1>
        <Alert kind="error">{t("webhooks.forbidden")}</Alert>
      </>
    );
  }

  const registerButton = (
    <button type="button" className="btn btn-primary" onClick={() => setForm({ open: true })}>
      {t("webhooks.register")}
    </button>
  );

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("webhooks.title")}</h1>
          <p>{t("webhooks.intro")}</p>
        </div>
        {registerButton}
      </div>
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {update.isError ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
      {list.isPending ? <Loading shape="cards" /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data && list.data.data.length === 0 ? (
        <EmptyState title={t("webhooks.emptyTitle")} action={registerButton}>
          <p>{t("webhooks.emptyText")}</p>
        </EmptyState>
      ) : null}
      {list.data && list.data.data.length > 0 ? (
        <>
          <ul className={styles.list} aria-label={t("webhooks.listLabel")}>
            {list.data.data.map((w) => {
              const state = w.active ? "active" : w.disabledAt ? "disabled" : "paused";
              return (
                <li key={w.id} className={`card ${styles.item}`} data-testid="webhook-item">
                  <div className={styles.itemHead}>
                    <h2 className={styles.url}>{w.url}</h2>
                    <span className={`badge ${styles[`state_${state}`]}`}>{t(`webhooks.${state}`)}</span>
                  </div>
                  {w.description ? <p>{w.description}</p> : null}
                  {w.disabledAt ? (
                    <Alert kind="error">{t("webhooks.disabledAuto", { date: formatDate(w.disabledAt, locale, timeZone, true), count: w.consecutiveFailures })}</Alert>
                  ) : null}
                  <p className="muted">
                    {t("webhooks.eventCount", { count: w.events.length })} · {t("webhooks.failures", { count: w.consecutiveFailures })} ·{" "}
                    <span data-testid="webhook-backlog">{t("webhooks.backlog", { count: w.pendingDeliveries })}</span>
                  </p>
                  <ul className={styles.eventTags} aria-label={t("webhooks.events")}>
                    {w.events.map((e) => (
                      <li key={e}>
                        <code className={styles.eventCode}>{e}</code>
                      </li>
                    ))}
                  </ul>
                  <div className={styles.actions}>
                    <button type="button" className="btn btn-secondary btn-sm" aria-expanded={openLog === w.id} onClick={() => setOpenLog(openLog === w.id ? null : w.id)}>
                      {openLog === w.id ? t("webhooks.hideDeliveries") : t("webhooks.deliveries")}
                    </button>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setForm({ open: true, webhook: w })}>
                      {t("webhooks.edit")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={update.isPending}
                      onClick={() => {
                        setNotice(null);
                        update.mutate({ id: w.id, active: !w.active });
                      }}
                    >
                      {w.active ? t("webhooks.pause") : t("webhooks.activate")}
                    </button>
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => setDeleting(w)}>
                      {t("webhooks.delete")}
                    </button>
                  </div>
                  {openLog === w.id ? <DeliveriesLog webhook={w} /> : null}
                </li>
              );
            })}
          </ul>
          {list.data.meta.totalPages > 1 ? (
            <Pagination label={t("webhooks.paginationLabel")} page={page} pages={list.data.meta.totalPages} total={t("webhooks.total", { count: list.data.meta.total })} onPage={setPage} />
          ) : null}
        </>
      ) : null}

      <WebhookFormDialog
        open={form.open}
        webhook={form.webhook}
        onClose={() => setForm({ open: false })}
        onCreated={async (w) => {
          setForm({ open: false });
          setCreated(w);
          setNotice(t("webhooks.saved"));
          await refresh();
        }}
        onUpdated={async () => {
          setForm({ open: false });
          setNotice(t("webhooks.updated"));
          await refresh();
        }}
      />
      <SecretDialog secret={created?.secret ?? null} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("webhooks.deleteTitle")}
        message={t("webhooks.deleteMessage", { url: deleting?.url ?? "" })}
        confirmLabel={t("webhooks.delete")}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
