import type { Metadata } from "next";
import { Suspense } from "react";
import { ClientsView } from "@/components/billing-clients/clients-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("billingClients.title") };
}

/** ADMIN and FINANCIER: the billing clients (conventions §10). */
export default function BillingClientsPage() {
  return (
    <Suspense>
      <ClientsView />
    </Suspense>
  );
}
