"use client";

import { formatPrice } from "@/components/courses/money";
import { useI18n } from "@/lib/i18n/client";
import type { TInvoice } from "@/server/contracts/invoices";
import styles from "./invoices.module.css";

/** The credit notes issued against an invoice, if any. */
export function InvoiceCreditNotes({ inv }: { inv: TInvoice }) {
  const { t, locale } = useI18n();
  const money = (cents: number) => formatPrice(cents, inv.currency, locale);
  if (!inv.creditNotes.length) return null;
  return (
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
  );
}
