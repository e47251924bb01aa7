import { z } from "zod";
import { envelope, listEnvelope, ZLimitPageInput, ZLimitPageMeta } from "./common";
import { ZBranding, ZTenant, ZTenantStatus } from "./tenants";

/** Isomorphic: imports only zod. Platform administration of every tenant (platform administrators only). */

export const ZListPlatformTenantsInput = ZLimitPageInput.extend({
  q: z.string().trim().max(100).optional().describe("Matches the name, slug or display name (every word must match)"),
  status: ZTenantStatus.optional(),
});
export type TListPlatformTenantsInput = z.infer<typeof ZListPlatformTenantsInput>;
export const ZListPlatformTenantsOutput = listEnvelope(ZTenant, ZLimitPageMeta);

export const ZPlatformTenantIdInput = z.object({ id: z.string().max(64).describe("Tenant id or slug") });

export const ZPlatformUpdateTenantInput = z.strictObject({
  id: z.string().max(64).describe("Tenant id or slug"),
  name: z.string().trim().min(2).max(120).optional(),
  branding: ZBranding.optional().describe("Merged into the current branding; null clears a field"),
});
export type TPlatformUpdateTenantInput = z.infer<typeof ZPlatformUpdateTenantInput>;

export const ZSuspendTenantInput = z.strictObject({
  id: z.string().max(64).describe("Tenant id or slug"),
  reason: z.string().trim().max(500).optional().describe("Kept in the audit log"),
});

export const ZPlatformTenantOutput = envelope(ZTenant);
