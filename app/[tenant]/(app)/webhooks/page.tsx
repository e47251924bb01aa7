import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.webhooks") };
}

/** ADMIN: webhooks (register, the secret shown once, edit, pause/activate, delete, delivery log with redeliver). */
export default function WebhooksPage() {
  return <WebhooksView />;
}
