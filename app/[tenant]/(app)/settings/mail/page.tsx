import type { Metadata } from "next";
import { Suspense } from "react";
import { MailSettings } from "@/components/mail-settings/mail-settings";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("mailSettings.title") };
}

/** Mail settings: ADMIN the tenant-level configuration, CREATOR their own (OAuth callbacks return here). */
export default function MailSettingsPage() {
  return (
    <Suspense>
      <MailSettings />
    </Suspense>
  );
}
