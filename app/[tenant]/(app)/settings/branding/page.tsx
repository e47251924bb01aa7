import type { Metadata } from "next";
import { BrandingSettings } from "@/components/branding-settings/branding-settings";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("brandingSettings.title") };
}

/** A tenant ADMIN sets the display name, primary colour (WCAG AA checked) and logo. */
export default function BrandingSettingsPage() {
  return <BrandingSettings />;
}
