import { AuthLayout } from "@/components/auth/auth-layout";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";

/** Every page of a suspended tenant: what happened and whom to ask (its operations answer 403 meanwhile). */
export async function TenantSuspended({ name, logoUrl, signedIn }: { name: string; logoUrl: string | null; signedIn: boolean }) {
  const { t } = await getTranslator();
  return (
    <AuthLayout brandName={name} logoUrl={logoUrl}>
      <h1>{t("tenantSuspended.title")}</h1>
      <div className="stack">
        <Alert kind="error">{t("tenantSuspended.body", { name })}</Alert>
        <p className="muted">{t("tenantSuspended.contact")}</p>
        {signedIn ? <SignOutButton className="btn btn-secondary btn-block" /> : null}
      </div>
    </AuthLayout>
  );
}
