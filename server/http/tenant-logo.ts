import { z } from "zod";
import { notFound } from "../errors";
import { tenantLogoBySlug } from "../services/tenants/logo";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/public/tenants/{slug}/logo: the tenant's logo, public so that public
 * pages, e-mails and any <img> can show it. Only raster bytes checked at upload are ever served.
 */
export const tenantLogoRoute = rawRoute({
  method: "GET",
  path: "/public/tenants/{slug}/logo",
  access: { public: true },
  input: z.object({ slug: z.string().max(64).describe("The tenant's slug (or id)") }),
  doc: {
    summary: "A tenant's logo (public)",
    description:
      "No identity needed: the logo shows on public pages and in e-mails. PNG, JPEG or WebP as uploaded by the tenant's ADMIN (PUT /tenants/me/logo); " +
      "the address in branding.logoUrl carries a `v` parameter that changes with each upload, so the answer may be cached.",
    tags: ["Tenants"],
    produces: ["image/png", "image/jpeg", "image/webp"],
    successDescription: "The logo's bytes",
    errorResponses: { 404: "Tenant not found or no logo" },
  },
  handler: async ({ ctx, input }) => {
    const logo = await tenantLogoBySlug(ctx.db, input.slug);
    if (!logo) throw notFound("Tenant");
    return {
      contentType: logo.mimeType,
      disposition: "inline" as const,
      body: logo.data,
      cacheControl: "public, max-age=86400",
      headers: { "Content-Security-Policy": "default-src 'none'; sandbox", "Cross-Origin-Resource-Policy": "cross-origin" },
    };
  },
});
