"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TInvoice } from "@/server/contracts/invoices";
import type { ActionKind } from "./invoice-action-form";
import styles from "./invoices.module.css";

export type InvoiceStep = ActionKind | "issue" | "delete" | "edit";

/** The next steps an invoice's status allows (issue, edit, PDF, send, mark paid, credit note, cancel), and its PDF's rendering state. */
export function InvoiceActions({
  inv,
  action,
  conformant,
  preview,
  retryingPdf,
  onAction,
  onTogglePreview,
  onRetryPdf,
}: {
  inv: TInvoice;
  action: InvoiceStep | null;
  conformant: boolean;
  preview: boolean;
  retryingPdf: boolean;
  onAction: (step: InvoiceStep) => void;
  onTogglePreview: () => void;
  onRetryPdf: () => void;
}) {
  const { t } = useI18n();
  const live = inv.status === "ISSUED" || inv.status === "OVERDUE" || inv.status === "PAID";
  return (
    <div className={styles.actions}>
      {inv.status === "DRAFT" ? (
        <>
          <button type="button" className="btn btn-primary" onClick={() => onAction("issue")} disabled={!conformant} aria-describedby={conformant ? undefined : "invoice-issue-blocked"}>
            {t("invoices.issue")}
          </button>
          {conformant ? null : (
            <span id="invoice-issue-blocked" className="muted">
              {t("invoices.issueBlocked")}
            </span>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => onAction("edit")}>
            {t("invoices.editInvoice")}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => onAction("delete")}>
            {t("invoices.delete")}
          </button>
        </>
      ) : null}
      {inv.status !== "DRAFT" && inv.pdfAvailable ? (
        <>
          <a className="btn btn-primary" href={`/api/v1/billing/invoices/${inv.id}/pdf`} download>
            {t("invoices.downloadPdf")}
          </a>
          <button type="button" className="btn btn-secondary" onClick={onTogglePreview} aria-expanded={preview}>
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
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetryPdf} disabled={retryingPdf} aria-busy={retryingPdf}>
            {t("invoices.pdfRetry")}
          </button>
        </div>
      ) : null}
      {live && inv.pdfAvailable && inv.status !== "CANCELLED" ? (
        <button type="button" className="btn btn-secondary" onClick={() => onAction("send")} aria-expanded={action === "send"}>
          {t("invoices.send")}
        </button>
      ) : null}
      {inv.status === "ISSUED" || inv.status === "OVERDUE" ? (
        <button type="button" className="btn btn-secondary" onClick={() => onAction("markPaid")} aria-expanded={action === "markPaid"}>
          {t("invoices.markPaid")}
        </button>
      ) : null}
      {live && inv.kind === "INVOICE" ? (
        <button type="button" className="btn btn-secondary" onClick={() => onAction("creditNote")} aria-expanded={action === "creditNote"}>
          {t("invoices.creditNote")}
        </button>
      ) : null}
      {(inv.status === "ISSUED" || inv.status === "OVERDUE") && inv.kind === "INVOICE" ? (
        <button type="button" className="btn btn-danger" onClick={() => onAction("cancel")} aria-expanded={action === "cancel"}>
          {t("invoices.cancelInvoice")}
        </button>
      ) : null}
    </div>
  );
}
