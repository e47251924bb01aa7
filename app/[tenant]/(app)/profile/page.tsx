import type { Metadata } from "next";
import { IdentityForm } from "@/components/profile/identity-form";
import { PreferencesForm } from "@/components/profile/preferences-form";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("profile.title") };
}

export default async function ProfilePage() {
  const { t } = await getTranslator();
  return (
    <>
      <div className="page-header">
        <h1>{t("profile.title")}</h1>
      </div>
      <div className="stack">
        <IdentityForm />
        <PreferencesForm />
      </div>
    </>
  );
}
