import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZEmail, ZName, ZTimestamp } from "./common";

const HEX = /^#[0-9a-fA-F]{6}$/;
export const ZBranding = z.strictObject({
  displayName: z.string().trim().max(120).nullable().optional(),
  primaryColor: z.string().max(MAX.code).regex(HEX, "Colour as #rrggbb").nullable().optional(),
  logoUrl: z.url().max(2000).nullable().optional(),
});
export const ZBrandingOut = z.object({
  displayName: z.string().nullable(),
  primaryColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
const ZAuthMode = z.enum(["PASSWORD", "HEADLESS"]);
export const ZTenantStatus = z.enum(["ACTIVE", "SUSPENDED"]).describe("SUSPENDED: every tenant-scoped operation answers 403 (set by a platform administrator)");
const ZSlug = z
  .string()
  .max(MAX.code)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "Lower-case letters, digits and hyphens (2-48 characters)")
  .describe("URL-safe tenant slug; immutable");
const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX.host)
  .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "A host name such as formation.example.fr");

const ZOidc = z.strictObject({
  issuer: z.string().min(1).max(500),
  audience: z.string().min(1).max(500),
  jwksUri: z.url().max(2000).nullable().optional(),
  jwks: z.object({ keys: z.array(z.record(z.string().max(MAX.code), z.unknown())).min(1).max(MAX.jwksKeys) }).nullable().optional(),
});

export const ZTenant = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  ofMode: z.boolean(),
  authMode: ZAuthMode,
  status: ZTenantStatus,
  branding: ZBrandingOut,
  domain: z.string().nullable(),
  auth: z.object({
    mode: ZAuthMode,
    oidc: z.object({ issuer: z.string(), audience: z.string(), jwksUri: z.string().nullable(), hasInlineJwks: z.boolean() }).nullable(),
  }),
  integrations: z.record(z.string(), z.unknown()),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TTenant = z.infer<typeof ZTenant>;
export const ZTenantPublic = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  branding: ZBrandingOut,
  authMode: ZAuthMode,
  status: ZTenantStatus,
  timeZone: z.string().describe("IANA time zone in which the tenant's screens and documents print times (Europe/Paris by default)"),
});

export const ZCreateTenantInput = z.strictObject({
  name: z.string().trim().min(2).max(120),
  slug: ZSlug.optional().describe("Derived from name when absent"),
  ofMode: z.boolean().default(true),
  authMode: ZAuthMode.default("PASSWORD"),
  branding: ZBranding.optional(),
  domain: ZDomain.optional(),
  admin: z.strictObject({ email: ZEmail, firstName: ZName, lastName: ZName }).optional().describe("Invited as ADMIN"),
});

export const ZUpdateTenantInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Tenant id or slug"),
  name: z.string().trim().min(2).max(120).optional(),
  branding: ZBranding.optional(),
  auth: z.strictObject({ mode: ZAuthMode, oidc: ZOidc.nullable().optional() }).optional(),
  integrations: z.record(z.string().max(MAX.code), z.unknown()).optional(),
  domain: ZDomain.nullable().optional(),
  slug: z.string().max(MAX.slug).optional().describe("Ignored: the slug is immutable"),
});

export const ZSetTenantLogoInput = z.strictObject({
  mimeType: z.enum(["image/png", "image/jpeg", "image/webp"]).describe("PNG, JPEG or WebP (no SVG: it could carry script)"),
  dataBase64: z.string().min(1).max(800_000).describe("The image's bytes, base64 (at most 512 KB decoded)"),
});

export const ZToggleOfModeInput = z.strictObject({ enabled: z.boolean() });
export const ZTenantIdInput = z.object({ id: z.string().max(MAX.id).describe("The tenant's slug (acme) or its id (ten_...): either names it") });

export const ZTenantStats = envelope(
  z.object({
    users: z
      .object({ total: z.number().int(), byRole: z.record(z.string(), z.number().int()) })
      .describe("ACTIVE members only (invited and suspended members are not counted), in total and per role"),
    courses: z.object({ total: z.number().int(), published: z.number().int() }),
    payments: z.object({ total: z.number().int(), captured: z.number().int(), capturedAmountCents: z.number().int() }),
  }),
);
export const ZReseedFundersOutput = envelope(z.object({ created: z.number().int(), total: z.number().int() }));
export const ZServiceApiKeyOutput = envelope(z.object({ apiKey: z.string(), lastFour: z.string(), createdAt: ZTimestamp }));
