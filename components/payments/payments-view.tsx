"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES, type TPayment, type TPaymentDetail } from "@/server/contracts/payments";
import { formatDate, formatPrice } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./payments.module.css";

const PER_PAGE = 20;
type Status = (typeof PAYMENT_STATUSES)[number];
type Gateway = (typeof PAYMENT_GATEWAYS)[number];

/** ADMIN: the payments, newest first, by status and gateway; each opens on its detail, refunds and actions. */
export function PaymentsView() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | "">("");
  const [gateway, setGateway] = useState<Gateway | "">("");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({ ...trpc.payments.list.queryOptions({ page, perPage: PER_PAGE, status: status || undefined, gateway: gateway || undefined }), placeholderData: keepPreviousData });
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("payments.title")}</h1>
          <p>{t("payments.intro")}</p>
        </div>
      </div>
      <div className={styles.filters}>
        <SelectField
          name="status"
          label={t("payments.filterStatus")}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | "");
            setPage(1);
          }}
          options={[{ value: "", label: t("payments.all") }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.status_${s}`) }))]}
        />
        <SelectField
          name="gateway"
          label={t("payments.filterGateway")}
          value={gateway}
          onChange={(e) => {
            setGateway(e.target.value as Gateway | "");
            setPage(1);
          }}
          options={[{ value: "", label: t("payments.all") }, ...PAYMENT_GATEWAYS.map((g) => ({ value: g, label: t(`payments.gateway_${g}`) }))]}
        />
      </div>
      <QueryList query={list} empty={t("payments.empty")}>
        {(data) => (
          <>
            <DataTable
              caption={t("payments.caption")}
              columns={[t("payments.colDate"), t("payments.colLearner"), t("payments.colCourse"), t("payments.colAmount"), t("payments.colGateway"), t("payments.colStatus"), t("payments.colActions")]}
            >
              {data.data.map((p) => (
                <Row key={p.id} p={p} onOpen={() => setOpenId(p.id)} />
              ))}
            </DataTable>
            {data.meta.total > PER_PAGE ? (
              <Pagination label={t("payments.caption")} page={page} pages={Math.ceil(data.meta.total / PER_PAGE)} total={String(data.meta.total)} onPage={setPage} />
            ) : null}
          </>
        )}
      </QueryList>
      {openId ? <PaymentDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function StatusBadge({ status }: { status: Status }) {
  const { t } = useI18n();
  return <span className={`badge status-${status.toLowerCase()}`}>{t(`payments.status_${status}`)}</span>;
}

function Row({ p, onOpen }: { p: TPayment; onOpen: () => void }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <tr>
      <td data-label={t("payments.colDate")}>{formatDate(p.createdAt, locale, timeZone, true)}</td>
      <td data-label={t("payments.colLearner")}>{p.userName}</td>
      <td data-label={t("payments.colCourse")}>{p.courseTitle}</td>
      <td data-label={t("payments.colAmount")} className={styles.numeric}>
        {formatPrice(p.amount, p.currency, locale)}
      </td>
      <td data-label={t("payments.colGateway")}>
        {t(`payments.gateway_${p.gateway}`)} {p.mode === "SANDBOX" ? <span className="badge">{t("payments.mode_SANDBOX")}</span> : null}
      </td>
      <td data-label={t("payments.colStatus")}>
        <StatusBadge status={p.status} />
      </td>
      <td data-label={t("payments.colActions")}>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onOpen} aria-label={`${t("payments.open")} — ${p.userName}, ${p.courseTitle}`}>
          {t("payments.open")}
        </button>
      </td>
    </tr>
  );
}

function PaymentDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const detail = useQuery(trpc.payments.get.queryOptions({ id }));
  return (
    <Dialog open onClose={onClose} title={detail.data ? t("payments.detailTitle", { course: detail.data.data.courseTitle, name: detail.data.data.userName }) : t("payments.detailLoading")} wide>
      {detail.isPending ? <p aria-busy="true">{t("common.loading")}</p> : null}
      {detail.isError ? <Alert kind="error">{errorMessage(detail.error, t)}</Alert> : null}
      {detail.data ? <PaymentDetail p={detail.data.data} /> : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("payments.close")}
        </button>
      </div>
    </Dialog>
  );
}

function PaymentDetail({ p }: { p: TPaymentDetail }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = (cents: number) => formatPrice(cents, p.currency, locale);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.payments.pathKey() });
  const capture = useMutation(trpc.payments.capture.mutationOptions({ onSuccess: refresh }));
  const [refunding, setRefunding] = useState(false);
  return (
    <div className={styles.detail}>
      <dl className="facts-list">
        <div>
          <dt>{t("payments.colLearner")}</dt>
          <dd>
            {p.userName} ({p.userEmail})
          </dd>
        </div>
        <div>
          <dt>{t("payments.colCourse")}</dt>
          <dd>{p.courseTitle}</dd>
        </div>
        <div>
          <dt>{t("payments.colAmount")}</dt>
          <dd className={styles.numeric}>{money(p.amount)}</dd>
        </div>
        <div>
          <dt>{t("payments.platformFee")}</dt>
          <dd className={styles.numeric}>{money(p.platformFeeCents)}</dd>
        </div>
        <div>
          <dt>{t("payments.colStatus")}</dt>
          <dd>
            <StatusBadge status={p.status} />
          </dd>
        </div>
        <div>
          <dt>{t("payments.colGateway")}</dt>
          <dd>
            {t(`payments.gateway_${p.gateway}`)} · {t(`payments.mode_${p.mode}`)}
          </dd>
        </div>
        {p.gatewayPaymentId ? (
          <div>
            <dt>{t("payments.gatewayId")}</dt>
            <dd>
              <code>{p.gatewayPaymentId}</code>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("payments.createdAt")}</dt>
          <dd>{formatDate(p.createdAt, locale, timeZone, true)}</dd>
        </div>
        {p.capturedAt ? (
          <div>
            <dt>{t("payments.capturedAt")}</dt>
            <dd>{formatDate(p.capturedAt, locale, timeZone, true)}</dd>
          </div>
        ) : null}
        {p.failedAt ? (
          <div>
            <dt>{t("payments.failedAt")}</dt>
            <dd>
              {formatDate(p.failedAt, locale, timeZone, true)} — {t("payments.failureReason")} : {p.failureReason}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("payments.refunded")}</dt>
          <dd className={styles.numeric}>{money(p.refundedCents)}</dd>
        </div>
        <div>
          <dt>{t("payments.refundable")}</dt>
          <dd className={styles.numeric}>{money(p.refundableCents)}</dd>
        </div>
      </dl>
      <section aria-labelledby="refunds-title">
        <h3 id="refunds-title">{t("payments.refundsTitle")}</h3>
        {p.refunds.length === 0 ? (
          <p className="muted">{t("payments.noRefunds")}</p>
        ) : (
          <ul className="plain-list">
            {p.refunds.map((r) => (
              <li key={r.id}>
                <span className={styles.numeric}>{money(r.amount)}</span> · {t(`payments.refund_${r.status}`)} · {formatDate(r.createdAt, locale, timeZone, true)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {capture.isSuccess ? <Alert kind="success">{t("payments.captureDone")}</Alert> : null}
      {capture.isError ? <Alert kind="error">{errorMessage(capture.error, t)}</Alert> : null}
      <div className="form-actions">
        {p.status === "PENDING" ? (
          <button type="button" className="btn btn-secondary" disabled={capture.isPending} onClick={() => capture.mutate({ id: p.id })}>
            {t("payments.captureButton")}
          </button>
        ) : null}
        {p.refundableCents > 0 && !refunding ? (
          <button type="button" className="btn btn-primary" onClick={() => setRefunding(true)}>
            {t("payments.refundButton")}
          </button>
        ) : null}
      </div>
      {refunding ? <RefundForm p={p} onDone={() => setRefunding(false)} onChanged={refresh} /> : null}
    </div>
  );
}

/** Full or partial refund: the amount is typed in currency units and sent in cents. */
function RefundForm({ p, onDone, onChanged }: { p: TPaymentDetail; onDone: () => void; onChanged: () => void }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [kind, setKind] = useState<"full" | "partial">("full");
  const [value, setValue] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const refund = useMutation(trpc.payments.refund.mutationOptions({ onSuccess: onChanged }));
  const max = formatPrice(p.refundableCents, p.currency, locale);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLocalError(null);
    if (kind === "full") return refund.mutate({ id: p.id });
    const cents = Math.round(Number(value.replace(",", ".")) * 100);
    if (!Number.isFinite(cents) || cents <= 0) {
      setLocalError(t("payments.refundHint", { amount: max }));
      return;
    }
    refund.mutate({ id: p.id, amount: cents });
  }
  const fieldErrors = [...(localError ? [localError] : []), ...(errorInfo(refund.error).fields.amount ?? [])];
  return (
    <form onSubmit={onSubmit} className="stack" aria-labelledby="refund-title">
      <h3 id="refund-title">{t("payments.refundTitle")}</h3>
      <fieldset className={styles.refundChoice}>
        <legend className="visually-hidden">{t("payments.refundTitle")}</legend>
        <label>
          <input type="radio" name="refundKind" value="full" checked={kind === "full"} onChange={() => setKind("full")} />
          {t("payments.refundFull", { amount: max })}
        </label>
        <label>
          <input type="radio" name="refundKind" value="partial" checked={kind === "partial"} onChange={() => setKind("partial")} />
          {t("payments.refundPartial")}
        </label>
      </fieldset>
      {kind === "partial" ? (
        <TextField name="amount" label={t("payments.refundAmount")} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} hint={t("payments.refundHint", { amount: max })} errors={fieldErrors} required />
      ) : null}
      {refund.isSuccess ? <Alert kind="success">{t("payments.refundDone", { status: t(`payments.refund_${refund.data.data.status}`) })}</Alert> : null}
      {refund.isError && !errorInfo(refund.error).fields.amount ? <Alert kind="error">{errorMessage(refund.error, t)}</Alert> : null}
      <DialogFormActions onCancel={onDone} submitLabel={t("payments.refundSubmit")} busy={refund.isPending} busyLabel={t("payments.refunding")} />
    </form>
  );
}
