import type { Metadata } from "next";
import type { ReactNode } from "react";
import { TenantSuspended } from "@/components/platform/tenant-suspended";
import { TenantProvider } from "@/components/tenant-context";
import { brandStyle } from "@/lib/branding";
import { currentIdentity } from "@/lib/server/api-caller";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { children: ReactNode; params: Promise<{ tenant: string }> };

export async function generateMetadata({ params }: Omit<Props, "children">): Promise<Metadata> {
  const tenant = await getTenantProfile((await params).tenant);
  return { title: { default: displayNameOf(tenant), template: `%s · ${displayNameOf(tenant)}` } };
}

/** Every page of a tenant sub-domain: the tenant must exist (else 404) and be active (else the suspension notice); its colours apply. */
export default async function TenantLayout({ children, params }: Props) {
  const tenant = await getTenantProfile((await params).tenant);
  if (tenant.status === "SUSPENDED") {
    // Its operations answer 403: say so on every page instead of rendering them.
    return (
      <div style={brandStyle(tenant.branding.primaryColor)}>
        <TenantSuspended name={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl} signedIn={Boolean(await currentIdentity())} />
      </div>
    );
  }
  return (
    <div style={brandStyle(tenant.branding.primaryColor)}>
      <TenantProvider tenant={tenant}>{children}</TenantProvider>
    </div>
  );
}
