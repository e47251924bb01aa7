import type { tenants } from "../../db/schema";
import type { TTenant } from "../../contracts/tenants";

type TenantRow = typeof tenants.$inferSelect;

export function brandingOf(row: TenantRow) {
  return {
    displayName: row.branding.displayName ?? row.name,
    primaryColor: row.branding.primaryColor ?? null,
    logoUrl: row.branding.logoUrl ?? null,
  };
}

export function serializeTenant(row: TenantRow): TTenant {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    ofMode: row.ofMode,
    authMode: row.authMode,
    status: row.status,
    branding: brandingOf(row),
    domain: row.domain ?? null,
    auth: {
      mode: row.authMode,
      oidc: row.oidc
        ? { issuer: row.oidc.issuer, audience: row.oidc.audience, jwksUri: row.oidc.jwksUri ?? null, hasInlineJwks: !!row.oidc.jwks }
        : null,
    },
    integrations: row.integrations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function publicProfile(row: TenantRow) {
  return { id: row.id, slug: row.slug, name: row.name, branding: brandingOf(row), authMode: row.authMode, status: row.status, timeZone: row.timeZone };
}
