import { z } from "zod";
import { envelope } from "../../contracts/common";
import {
  ZBrandingOut,
  ZCreateTenantInput,
  ZReseedFundersOutput,
  ZSetTenantLogoInput,
  ZServiceApiKeyOutput,
  ZTenant,
  ZTenantIdInput,
  ZTenantPublic,
  ZTenantStats,
  ZToggleOfModeInput,
  ZUpdateTenantInput,
} from "../../contracts/tenants";
import { one } from "../../contracts/envelope";
import { findUserById } from "../../services/auth/accounts";
import { brandingOf, serializeTenant } from "../../services/tenants/serialize";
import {
  assertSameTenant,
  createTenant,
  getTenantById,
  getTenantPublicProfile,
  reseedFunders,
  rotateServiceApiKey,
  setOfMode,
  tenantStats,
  updateTenant,
} from "../../services/tenants/tenants";
import { removeTenantLogo, setTenantLogo } from "../../services/tenants/logo";
import { actorOf } from "../helpers";
import { activeTenantProcedure, can, platformAdminProcedure, publicProcedure, router } from "../trpc";

const tags = ["Tenants"];
const ZEmpty = z.object({});

export const tenantsRouter = router({
  me: activeTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/tenants/me",
        tags,
        summary: "The caller's active tenant",
        description: "The tenant is the access token's activeTenantId, not X-Tenant-ID.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "No active tenant" },
      },
    })
    .input(ZEmpty)
    .output(envelope(ZTenant))
    .query(async ({ ctx }) => one(serializeTenant(await getTenantById(ctx.db, ctx.tenant.id)))),

  branding: activeTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/tenants/me/branding",
        tags,
        summary: "Branding of the active tenant",
        errorResponses: { 401: "Unauthorized", 404: "No active tenant" },
      },
    })
    .input(ZEmpty)
    .output(envelope(ZBrandingOut))
    .query(async ({ ctx }) => one(brandingOf(await getTenantById(ctx.db, ctx.tenant.id)))),

  setOfMode: can("tenant.ofMode", activeTenantProcedure)
    .meta({
      openapi: {
        method: "PATCH",
        path: "/tenants/me/of-mode",
        tags,
        summary: "Turn OF mode (attendance, BPF, improvement plans) on or off",
        description: "Turning it off hides those features (403 on their operations); their data stays.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZToggleOfModeInput)
    .output(envelope(ZTenant))
    .mutation(async ({ ctx, input }) => one(await setOfMode(ctx.db, ctx.caller, input.enabled, ctx.clock.now()))),

  create: platformAdminProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/tenants",
        tags,
        summary: "Create a tenant (platform administrators)",
        description: "The slug is derived from the name when absent and never changes. `admin`, when given, is invited as ADMIN by e-mail.",
        errorResponses: { 400: "Invalid slug or domain", 401: "Unauthorized", 403: "Platform administrator required", 409: "Slug or domain used" },
      },
    })
    .input(ZCreateTenantInput)
    .output(envelope(ZTenant))
    .mutation(async ({ ctx, input }) => {
      const me = await findUserById(ctx.db, ctx.user.userId);
      const actor = { ...actorOf(ctx), name: me ? `${me.firstName} ${me.lastName}` : "Platform" };
      return one(await createTenant(ctx.db, input, actor, ctx.clock.now()));
    }),

  publicProfile: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/tenants/{id}",
        tags,
        protect: false,
        summary: "Public profile of a tenant (name, branding, auth mode)",
        errorResponses: { 404: "Tenant not found" },
      },
    })
    .input(ZTenantIdInput)
    .output(envelope(ZTenantPublic))
    .query(async ({ ctx, input }) => one(await getTenantPublicProfile(ctx.db, input.id))),

  update: can("tenant.update")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/tenants/{id}",
        tags,
        summary: "Update name, branding, auth settings, integrations or domain",
        description:
          "ADMIN of the tenant. `slug` is accepted and ignored (immutable). `branding` is merged into the current one (null clears a field); " +
          "`branding.primaryColor` must reach 4.5:1 contrast against white (WCAG AA), else 422 BRANDING_CONTRAST_TOO_LOW with params {ratio, required}. Switching auth.mode to HEADLESS needs an OIDC issuer, audience and JWKS (inline `jwks` or `jwksUri`).",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN required", 404: "Tenant not found", 409: "Domain used", 422: "branding.primaryColor below WCAG AA contrast against white (BRANDING_CONTRAST_TOO_LOW)" },
      },
    })
    .input(ZUpdateTenantInput)
    .output(envelope(ZTenant))
    .mutation(async ({ ctx, input }) => {
      assertSameTenant(input.id, ctx.tenant);
      const { id: _id, slug: _ignored, ...changes } = input;
      return one(await updateTenant(ctx.db, ctx.caller, changes, ctx.clock.now()));
    }),

  setLogo: can("tenant.update")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenants/me/logo",
        tags,
        summary: "Upload the tenant's logo (ADMIN)",
        description:
          "PNG, JPEG or WebP, at most 512 KB, as base64; the bytes must match the type. Replaces the current logo; `branding.logoUrl` then points at " +
          "GET /public/tenants/{slug}/logo (public, for pages, e-mails and documents).",
        errorResponses: { 400: "Empty, too large (FILE_TOO_LARGE) or not the declared type (FILE_TYPE_MISMATCH)", 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZSetTenantLogoInput)
    .output(envelope(ZTenant))
    .mutation(async ({ ctx, input }) => one(await setTenantLogo(ctx.db, ctx.caller, input, ctx.clock.now()))),

  removeLogo: can("tenant.update")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenants/me/logo",
        tags,
        summary: "Remove the tenant's logo (ADMIN); its monogram shows again",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZEmpty)
    .output(envelope(ZTenant))
    .mutation(async ({ ctx }) => one(await removeTenantLogo(ctx.db, ctx.caller, ctx.clock.now()))),

  stats: can("tenant.stats")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenants/{id}/stats",
        tags,
        summary: "Totals of users (members not suspended), courses and payments",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Tenant not found" },
      },
    })
    .input(ZTenantIdInput)
    .output(ZTenantStats)
    .query(async ({ ctx, input }) => {
      assertSameTenant(input.id, ctx.tenant);
      return one(await tenantStats(ctx.db, ctx.tenant.id));
    }),

  reseedFunders: can("tenant.reseedFunders")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenants/{id}/reseed-funders",
        tags,
        summary: "Add the standard funders (OPCO, CPF, France Travail, region) the tenant lacks",
        description: "Idempotent: `created` is 0 when nothing was missing.",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Tenant not found" },
      },
    })
    .input(ZTenantIdInput)
    .output(ZReseedFundersOutput)
    .mutation(async ({ ctx, input }) => {
      assertSameTenant(input.id, ctx.tenant);
      return one(await reseedFunders(ctx.db, ctx.caller));
    }),

  rotateServiceApiKey: can("tenant.apiKey")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/tenants/{id}/service-api-key",
        tags,
        summary: "Create or rotate the tenant's service API key (X-API-Key)",
        description: "The key is shown once; only its hash is stored. The previous key stops working at once.",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Tenant not found" },
      },
    })
    .input(ZTenantIdInput)
    .output(ZServiceApiKeyOutput)
    .mutation(async ({ ctx, input }) => {
      assertSameTenant(input.id, ctx.tenant);
      return one(await rotateServiceApiKey(ctx.db, ctx.caller, ctx.clock.now()));
    }),
});
