import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AuthLayout } from "@/components/auth/auth-layout";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { AppShell } from "@/components/shell/app-shell";
import { MeProvider } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { getMe } from "@/lib/server/me";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { children: ReactNode; params: Promise<{ tenant: string }> };

/** The signed-in area: a session is required (else the sign-in page) and an active role in this tenant. */
export default async function SignedInLayout({ children, params }: Props) {
  const { tenant: slug } = await params;
  const [tenant, me] = await Promise.all([getTenantProfile(slug), getMe(slug)]);
  if (!me) redirect("/login");
  if (!me.role || me.status !== "ACTIVE") {
    const { t } = await getTranslator();
    return (
      <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
        <h1>{t("shell.noAccessTitle")}</h1>
        <div className="stack">
          <Alert kind="error">{t("shell.noAccessBody")}</Alert>
          <SignOutButton className="btn btn-secondary btn-block" />
        </div>
      </AuthLayout>
    );
  }
  return (
    <MeProvider me={me}>
      <AppShell>{children}</AppShell>
    </MeProvider>
  );
}
