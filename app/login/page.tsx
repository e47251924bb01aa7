import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { LoginForm } from "@/components/auth/login-form";
import { getTranslator } from "@/lib/i18n/server";
import { currentIdentity } from "@/lib/server/api-caller";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("auth.platformTitle") };
}

/** Platform sign-in on the root host: no tenant. */
export default async function PlatformLoginPage() {
  const identity = await currentIdentity();
  if (identity?.platformAdmin) redirect("/platform/tenants");
  const { t } = await getTranslator();
  return (
    <AuthLayout brandName={t("common.appName")} logoUrl={null}>
      <h1>{t("auth.platformTitle")}</h1>
      <p className="muted">{t("auth.platformSubtitle")}</p>
      <LoginForm tenant="" redirectTo="/platform/tenants" />
    </AuthLayout>
  );
}
