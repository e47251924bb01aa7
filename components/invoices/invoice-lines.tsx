"use client";

import { formatPrice } from "@/components/courses/money";
import { useI18n } from "@/lib/i18n/client";
import type { TInvoice } from "@/server/contracts/invoices";
import styles from "./invoices.module.css";

/** An invoice's lines, its VAT per rate and totals, its payment terms and notes. */
export function InvoiceLines({ inv }: { inv: TInvoice }) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatPrice(cents, inv.currency, locale);
  return (
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
  );
}
