import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { CreateTenantForm } from "@/components/platform/create-tenant-form";
import { TenantsAdmin } from "@/components/platform/tenants-admin";
import { SiteTopbar } from "@/components/site-topbar";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { currentIdentity } from "@/lib/server/api-caller";
import { tenantHomeUrl } from "@/lib/server/urls";
import styles from "./page.module.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("platform.title") };
}

/** Platform administrators list, edit, suspend and create tenants here (root host, signed in at /login with no tenant). */
export default async function PlatformTenantsPage() {
  const identity = await currentIdentity();
  if (!identity) redirect("/login");
  const { t } = await getTranslator();
  return (
    <>
      <SiteTopbar />
      <main className={styles.page} id="main">
        <div className="page-header">
          <div>
            <h1>{t("platform.title")}</h1>
            <p>{t("platform.signedInAs", { email: identity.email })}</p>
          </div>
          <SignOutButton />
        </div>
        {identity.platformAdmin ? (
          <>
            <TenantsAdmin tenantUrlTemplate={tenantHomeUrl("{slug}")} />
            <p className="muted">{t("platform.intro")}</p>
            <CreateTenantForm tenantUrlTemplate={tenantHomeUrl("{slug}")} />
          </>
        ) : (
          <Alert kind="error">{t("platform.forbidden")}</Alert>
        )}
      </main>
    </>
  );
}
