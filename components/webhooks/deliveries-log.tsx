"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TDelivery, TWebhook } from "@/server/contracts/webhooks";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { TechnicalError } from "@/components/ui/technical-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./webhooks.module.css";

const PAGE_SIZE = 10;

/** A webhook's delivery log (webhooks.deliveries), newest first; refreshed while a delivery is in progress; "Renvoyer". */
export function DeliveriesLog({ webhook }: { webhook: TWebhook }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: webhook.id, page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // While the log is open: every 3 s (a new event, or a PENDING delivery, shows up without a reload).
    refetchInterval: 3000,
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: async () => {
        setNotice(t("webhookDeliveries.redelivered"));
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
      },
    }),
  );
  const headingId = `deliveries-${webhook.id}`;

  return (
    <section className={styles.log} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.logTitle}>
        {t("webhookDeliveries.title", { url: webhook.url })}
      </h3>
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {redeliver.isError ? <Alert kind="error">{errorMessage(redeliver.error, t)}</Alert> : null}
      {list.isPending ? <Loading rows={2} /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data && list.data.data.length === 0 ? <p className="muted">{t("webhookDeliveries.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <>
          <ul className={styles.deliveryList}>
            {list.data.data.map((d) => (
              <DeliveryItem
                key={d.id}
                delivery={d}
                canRedeliver={webhook.active && d.status !== "PENDING"}
                busy={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                onRedeliver={() => {
                  setNotice(null);
                  redeliver.mutate({ id: webhook.id, deliveryId: d.id });
                }}
                formatDate={(iso) => formatDate(iso, locale, timeZone, true)}
              />
            ))}
          </ul>
          {list.data.meta.totalPages > 1 ? (
            <Pagination
              label={t("webhookDeliveries.paginationLabel")}
              page={page}
              pages={list.data.meta.totalPages}
              total={t("webhookDeliveries.total", { count: list.data.meta.total })}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function DeliveryItem({ delivery: d, canRedeliver, busy, onRedeliver, formatDate }: { delivery: TDelivery; canRedeliver: boolean; busy: boolean; onRedeliver: () => void; formatDate: (iso: string) => string }) {
  const { t } = useI18n();
  return (
    <li className={styles.delivery} data-testid="webhook-delivery">
      <div className={styles.deliveryHead}>
        <code className={styles.eventCode}>{d.event}</code>
        <span className={`badge ${styles[`status_${d.status}`]}`}>{t(`webhookDeliveries.status_${d.status}`)}</span>
        <span className="muted">{formatDate(d.createdAt)}</span>
        {canRedeliver ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRedeliver} disabled={busy}>
            {t("webhookDeliveries.redeliver")}
          </button>
        ) : null}
      </div>
      {d.status === "PENDING" && d.nextAttemptAt ? <p className="muted">{t("webhookDeliveries.nextAttempt", { date: formatDate(d.nextAttemptAt) })}</p> : null}
      {d.attemptLog.length ? (
        <ol className={styles.attempts} aria-label={t("webhookDeliveries.attempts")}>
          {d.attemptLog.map((a) => (
            <li key={a.attempt} className={styles.attempt}>
              <span className={styles.attemptNo}>{t("webhookDeliveries.attempt", { n: a.attempt })}</span>
              <span>
                {t("webhookDeliveries.statusCode")} : <strong>{a.statusCode ?? t("webhookDeliveries.noAnswer")}</strong>
              </span>
              <span className="muted">{t("webhookDeliveries.duration", { ms: a.durationMs })}</span>
              <span className="muted">{formatDate(a.startedAt)}</span>
              {a.cause ? (
                <span className={styles.attemptError}>
                  <TechnicalError cause={a.cause} detail={a.error} statusCode={a.statusCode} />
                </span>
              ) : null}
              {a.responseExcerpt ? (
                <details className={styles.excerpt}>
                  <summary>{t("webhookDeliveries.excerpt")}</summary>
                  <pre>{a.responseExcerpt}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}
