"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatDateTime } from "@/components/attendance/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { TFacturxValidation } from "@/server/contracts/invoices";
import { formatPrice } from "@/components/courses/money";
import { formatDay } from "./format";
import { InvoiceActionForm, type ActionKind } from "./invoice-action-form";
import { InvoiceForm } from "./invoice-form";
import { PdfPreview } from "./pdf-preview";
import styles from "./invoices.module.css";

/** One invoice or credit note: its facts, lines, VAT per rate, totals, Factur-X and signature facts, and the next steps its status allows. */
export function InvoiceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.invoices.get.queryOptions({ id }));
  const [action, setAction] = useState<ActionKind | "issue" | "delete" | "edit" | null>(null);
  const [preview, setPreview] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = async (message?: string) => {
    setAction(null);
    setNotice(message ?? null);
    await queryClient.invalidateQueries(trpc.invoices.pathFilter());
  };
  const issue = useMutation(trpc.invoices.issue.mutationOptions({ onSuccess: () => refresh() }));
  // A draft is checked against the Factur-X rules (EN 16931, BR-FR) when shown and after each edit (updatedAt moves).
  const validation = useMutation(trpc.invoices.validate.mutationOptions());
  const validateDraft = validation.mutate;
  const draftVersion = detail.data?.data.status === "DRAFT" ? detail.data.data.updatedAt : null;
  useEffect(() => {
    if (draftVersion) validateDraft({ id });
  }, [draftVersion, id, validateDraft]);
  const render = useMutation(
    trpc.invoices.render.mutationOptions({ onSuccess: (res) => refresh(res.data.pdf?.status === "READY" ? t("invoices.pdfRendered") : undefined) }),
  );
  const remove = useMutation(
    trpc.invoices.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.invoices.list.pathFilter());
        onClose();
      },
    }),
  );
  const inv = detail.data?.data;
  const money = (cents: number) => formatPrice(cents, inv?.currency ?? "EUR", locale);
  const title = inv ? `${inv.kind === "CREDIT_NOTE" ? t("invoices.creditNoteTitle") : inv.status === "DRAFT" ? t("invoices.draftTitle") : t("invoices.detailTitle")} ${inv.number ?? ""}`.trim() : t("invoices.detailTitle");
  const live = inv && (inv.status === "ISSUED" || inv.status === "OVERDUE" || inv.status === "PAID");
  const error = [issue, remove, render].find((m) => m.isError)?.error;
  const verdict = validation.data?.data;
  const conformant = !validation.isPending && verdict?.conformant === true;
  if (action === "edit" && inv) return <InvoiceForm invoice={inv} onClose={() => setAction(null)} onSaved={() => void refresh()} />;
  return (
    <Dialog open onClose={onClose} wide className={styles.dialog} title={title}>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <Alert kind="error">{errorMessage(detail.error, t)}</Alert> : null}
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {inv ? (
        <div>
          <div className={styles.badges}>
            <span className={`badge ${styles[`status${inv.status}`] ?? ""}`}>{t(`invoices.status_${inv.status}`)}</span>
            {inv.payer ? <span className="badge">{t(`invoices.payer_${inv.payer}`)}</span> : null}
            {inv.status !== "DRAFT" ? (
              <>
                <span className="badge">{t("invoices.facturx", { profile: inv.factorX.profile })}</span>
                {inv.factorX.xmlAttached ? <span className="badge">{t("invoices.xmlAttached")}</span> : null}
                {inv.factorX.pdfA3 ? <span className="badge">{t("invoices.pdfA3")}</span> : null}
                <span className="badge">{inv.eidas.signed ? t("invoices.signed", { level: inv.eidas.signatureLevel ?? "", provider: inv.eidas.provider ?? "" }) : t("invoices.notSigned")}</span>
              </>
            ) : null}
          </div>
          <p>
            <strong>{t("invoices.client")} :</strong> {inv.clientName}
          </p>
          {inv.creditedInvoice ? <p>{t("invoices.creditedInvoice", { number: inv.creditedInvoice.number ?? "" })}</p> : null}
          <p className="muted">
            {[
              inv.issuedAt ? `${t("invoices.issuedAt")} ${formatDateTime(inv.issuedAt, locale, timeZone)}` : null,
              inv.dueAt ? `${t("invoices.dueAt")} ${formatDay(inv.dueAt, locale)}` : null,
              inv.purchaseOrder ? `${t("invoices.purchaseOrder")} ${inv.purchaseOrder}` : null,
              inv.servicePeriod ? `${t("invoices.servicePeriod")} ${formatDay(inv.servicePeriod.start, locale)} – ${formatDay(inv.servicePeriod.end, locale)}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {inv.sentAt ? <p className="muted">{t("invoices.sentAt", { date: formatDateTime(inv.sentAt, locale, timeZone) })}</p> : null}
          {inv.paidAt ? <p className="muted">{t("invoices.paidAt", { date: formatDateTime(inv.paidAt, locale, timeZone) })}</p> : null}
          {inv.cancelledAt ? <p className="muted">{t("invoices.cancelledAt", { date: formatDateTime(inv.cancelledAt, locale, timeZone), reason: inv.cancelReason ?? "" })}</p> : null}
          {inv.cancellationCreditNote ? <p>{t("invoices.cancelledBy", { number: inv.cancellationCreditNote.number ?? "" })}</p> : null}

          <section className={styles.section}>
            <h3>{t("invoices.lines")}</h3>
            <div className="table-wrap" tabIndex={0} role="group" aria-label={t("invoices.lines")}>
              <table className="table table-stack">
                <caption className="visually-hidden">{t("invoices.lines")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("invoices.description")}</th>
                    <th scope="col">{t("invoices.quantity")}</th>
                    <th scope="col">{t("invoices.unitPrice")}</th>
                    <th scope="col">{t("invoices.vatRate")}</th>
                    <th scope="col">{t("invoices.discount")}</th>
                    <th scope="col">{t("invoices.lineTotal")}</th>
                  </tr>
                </thead>
                <tbody>
                  {inv.items.map((i, k) => (
                    <tr key={k}>
                      <td data-label={t("invoices.description")}>{i.description}</td>
                      <td data-label={t("invoices.quantity")}>{i.quantity.toLocaleString(locale)}</td>
                      <td data-label={t("invoices.unitPrice")} className={styles.amount}>{money(i.unitPriceCents)}</td>
                      <td data-label={t("invoices.vatRate")}>
                        {i.vatCategory === "E" ? t("invoices.vatExempt") : i.vatCategory === "O" ? t("invoices.vatOutOfScope") : i.vatCategory === "Z" ? t("invoices.vatZeroRated") : `${i.vatRate.toLocaleString(locale)} %`}
                        <span className="muted"> · {i.kind === "TRAINING" ? t("invoices.lineKindTraining") : t("invoices.lineKindOther")}</span>
                      </td>
                      <td data-label={t("invoices.discount")} className={styles.amount}>{i.discountCents ? money(i.discountCents) : "—"}</td>
                      <td data-label={t("invoices.lineTotal")} className={styles.amount}>{money(i.netCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className={styles.totals}>
              {inv.vatBreakdown.map((v) => (
                <div key={`${v.category}${v.vatRate}`} className={styles.totalsRow}>
                  <dt>
                    {t("invoices.vat")} {v.category} {v.vatRate.toLocaleString(locale)} % ({t("invoices.base")} {money(v.baseCents)})
                    {v.exemptionReason ? <span className="muted"> — {v.exemptionReason}</span> : null}
                  </dt>
                  <dd>{money(v.vatCents)}</dd>
                </div>
              ))}
              <dt>{t("invoices.totalHT")}</dt>
              <dd>{money(inv.subtotalCents)}</dd>
              <dt>{t("invoices.vat")}</dt>
              <dd>{money(inv.vatCents)}</dd>
              <dt className={styles.grand}>{t("invoices.totalTTC")}</dt>
              <dd className={styles.grand}>{money(inv.totalCents)}</dd>
            </dl>
            {inv.paymentTerms ? (
              <p className="muted">
                <strong>{t("invoices.paymentTerms")} :</strong> {inv.paymentTerms}
              </p>
            ) : null}
            {inv.notes ? <p>{inv.notes}</p> : null}
          </section>

          {inv.creditNotes.length ? (
            <section className={styles.section}>
              <h3>{t("invoices.creditNotes")}</h3>
              <ul>
                {inv.creditNotes.map((c) => (
                  <li key={c.id}>
                    {c.number} — {money(c.totalCents)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {inv.status === "DRAFT" ? <ValidationBanner pending={validation.isPending} verdict={verdict} error={validation.error} onRetry={() => validateDraft({ id })} /> : null}

          <div className={styles.actions}>
            {inv.status === "DRAFT" ? (
              <>
                <button type="button" className="btn btn-primary" onClick={() => setAction("issue")} disabled={!conformant} aria-describedby={conformant ? undefined : "invoice-issue-blocked"}>
                  {t("invoices.issue")}
                </button>
                {conformant ? null : (
                  <span id="invoice-issue-blocked" className="muted">
                    {t("invoices.issueBlocked")}
                  </span>
                )}
                <button type="button" className="btn btn-secondary" onClick={() => setAction("edit")}>
                  {t("invoices.editInvoice")}
                </button>
                <button type="button" className="btn btn-danger" onClick={() => setAction("delete")}>
                  {t("invoices.delete")}
                </button>
              </>
            ) : null}
            {inv.status !== "DRAFT" && inv.pdfAvailable ? (
              <>
                <a className="btn btn-primary" href={`/api/v1/billing/invoices/${inv.id}/pdf`} download>
                  {t("invoices.downloadPdf")}
                </a>
                <button type="button" className="btn btn-secondary" onClick={() => setPreview(!preview)} aria-expanded={preview}>
                  {preview ? t("invoices.hidePreview") : t("invoices.previewPdf")}
                </button>
              </>
            ) : null}
            {inv.pdf && inv.pdf.status === "PENDING" ? (
              <p className="muted" role="status">
                {t("invoices.pdfPending")}
              </p>
            ) : null}
            {inv.pdf && inv.pdf.status === "FAILED" ? (
              <div role="alert" className={styles.pdfFailed}>
                <p>{t("invoices.pdfFailed", { error: inv.pdf.lastError ?? "", attempts: inv.pdf.attempts })}</p>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => render.mutate({ id })} disabled={render.isPending} aria-busy={render.isPending}>
                  {t("invoices.pdfRetry")}
                </button>
              </div>
            ) : null}
            {live && inv.pdfAvailable && inv.status !== "CANCELLED" ? (
              <button type="button" className="btn btn-secondary" onClick={() => setAction("send")} aria-expanded={action === "send"}>
                {t("invoices.send")}
              </button>
            ) : null}
            {inv.status === "ISSUED" || inv.status === "OVERDUE" ? (
              <button type="button" className="btn btn-secondary" onClick={() => setAction("markPaid")} aria-expanded={action === "markPaid"}>
                {t("invoices.markPaid")}
              </button>
            ) : null}
            {live && inv.kind === "INVOICE" ? (
              <button type="button" className="btn btn-secondary" onClick={() => setAction("creditNote")} aria-expanded={action === "creditNote"}>
                {t("invoices.creditNote")}
              </button>
            ) : null}
            {(inv.status === "ISSUED" || inv.status === "OVERDUE") && inv.kind === "INVOICE" ? (
              <button type="button" className="btn btn-danger" onClick={() => setAction("cancel")} aria-expanded={action === "cancel"}>
                {t("invoices.cancelInvoice")}
              </button>
            ) : null}
          </div>
          {preview && inv.pdfAvailable ? <PdfPreview id={inv.id} title={title} /> : null}
          {action === "send" || action === "markPaid" || action === "cancel" || action === "creditNote" ? (
            <InvoiceActionForm
              kind={action}
              invoice={inv}
              onDone={refresh}
              onCancelled={(number) => void refresh(t("invoices.cancelledWithNote", { number }))}
              onCancel={() => setAction(null)}
              onCreditNote={(number) => void refresh(t("invoices.creditNoteIssued", { number }))}
            />
          ) : null}
          <ConfirmDialog open={action === "issue"} title={t("invoices.issue")} message={t("invoices.issueConfirm")} confirmLabel={t("invoices.issue")} busy={issue.isPending} onConfirm={() => issue.mutate({ id })} onCancel={() => setAction(null)} />
          <ConfirmDialog open={action === "delete"} danger title={t("invoices.delete")} message={t("invoices.deleteConfirm")} confirmLabel={t("invoices.delete")} busy={remove.isPending} onConfirm={() => remove.mutate({ id })} onCancel={() => setAction(null)} />
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * The Factur-X verdict on a draft (POST /billing/invoices/{id}/validate): conformant, or the rules
 * to fix with their French explanation (the official text in English), warnings apart.
 */
function ValidationBanner({ pending, verdict, error, onRetry }: { pending: boolean; verdict: TFacturxValidation | undefined; error: unknown; onRetry: () => void }) {
  const { t, locale } = useI18n();
  if (pending) return <Alert kind="info">{t("invoices.validationPending")}</Alert>;
  if (error) return <Alert kind="error">{errorMessage(error, t)}</Alert>;
  if (!verdict) return null;
  const blocking = verdict.failures.filter((f) => f.flag !== "warning");
  const warnings = verdict.failures.filter((f) => f.flag === "warning");
  const text = (f: TFacturxValidation["failures"][number]) => (locale === "fr" ? f.explanation : f.message);
  const list = (failures: TFacturxValidation["failures"]) => (
    <ul>
      {failures.map((f, i) => (
        <li key={`${f.source}-${f.rule}-${i}`}>
          <strong>{t("invoices.validationRule", { rule: f.rule })}</strong> ({f.source}) : {text(f)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className={styles.validation} data-testid="facturx-validation">
      {verdict.conformant ? (
        <Alert kind="success">{t("invoices.validationConformant")}</Alert>
      ) : (
        <Alert kind="error">
          <p>{t("invoices.validationFailed", { count: new Set(blocking.map((f) => f.rule)).size })}</p>
          {list(blocking)}
        </Alert>
      )}
      {warnings.length ? (
        <details>
          <summary>{t("invoices.validationWarnings", { count: warnings.length })}</summary>
          {list(warnings)}
        </details>
      ) : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        {t("invoices.revalidate")}
      </button>
    </div>
  );
}
