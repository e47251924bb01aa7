"use client";

import { formatDateTime } from "@/components/attendance/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import type { TInvoice } from "@/server/contracts/invoices";
import { formatDay } from "./format";
import styles from "./invoices.module.css";

/** An invoice's status and Factur-X/signature badges, its client, dates and cancellation facts. */
export function InvoiceFacts({ inv }: { inv: TInvoice }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <>
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
    </>
  );
}
