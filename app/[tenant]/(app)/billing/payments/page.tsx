import type { Metadata } from "next";
import { PaymentsView } from "@/components/payments/payments-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("payments.title") };
}

/** ADMIN (payments.manage): the payments through the gateways, their refunds, capture and refund. */
export default function PaymentsPage() {
  return <PaymentsView />;
}
