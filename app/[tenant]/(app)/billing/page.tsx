import type { Metadata } from "next";
import { BillingTabs } from "@/components/billing-nav/billing-tabs";
import { InvoicesView } from "@/components/invoices/invoices-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("invoices.title") };
}

/** ADMIN and FINANCIER: invoices and credit notes (the finance workspace's first tab). */
export default function BillingPage() {
  return <InvoicesView tabs={<BillingTabs />} />;
}
