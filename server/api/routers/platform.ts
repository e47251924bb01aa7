import {
  ZListPlatformTenantsInput,
  ZListPlatformTenantsOutput,
  ZPlatformTenantIdInput,
  ZPlatformTenantOutput,
  ZPlatformUpdateTenantInput,
  ZSuspendTenantInput,
} from "../../contracts/platform";
import { one } from "../../contracts/envelope";
import { listAllTenants, platformUpdateTenant, setTenantStatus } from "../../services/tenants/platform";
import { actorOf } from "../helpers";
import { platformAdminProcedure, router } from "../trpc";

const tags = ["Platform administration"];
const forbidden = "Platform administrator required";

export const platformRouter = router({
  listTenants: platformAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/platform/tenants",
        tags,
        summary: "Every tenant of the platform (platform administrators)",
        description:
          "Not in the specification, which only names tenant creation for platform administrators: the listing, edit and suspension below are ours. " +
          "No X-Tenant-ID: a platform administrator signs in without a tenant. Newest first; q matches the name, slug or display name " +
          "(every word must match); status filters ACTIVE or SUSPENDED. Pagination page and limit (default 25, max 100), meta {total, page, limit, totalPages}.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: forbidden },
      },
    })
    .input(ZListPlatformTenantsInput)
    .output(ZListPlatformTenantsOutput)
    .query(({ ctx, input }) => listAllTenants(ctx.db, input)),

  updateTenant: platformAdminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/platform/tenants/{id}",
        tags,
        summary: "Edit a tenant's name and branding (platform administrators)",
        description:
          "`id` is the tenant id or slug; the slug never changes. `branding` is merged into the current one (null clears a field). " +
          "Audited as `tenant.updated` in the tenant's audit log. Works on a suspended tenant too.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: forbidden, 404: "Tenant not found" },
      },
    })
    .input(ZPlatformUpdateTenantInput)
    .output(ZPlatformTenantOutput)
    .mutation(async ({ ctx, input }) => one(await platformUpdateTenant(ctx.db, input, actorOf(ctx), ctx.clock.now()))),

  suspendTenant: platformAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/platform/tenants/{id}/suspend",
        tags,
        summary: "Suspend a tenant (platform administrators)",
        description:
          "Status SUSPENDED: from then on every tenant-scoped operation (X-Tenant-ID or sub-domain, the token's active tenant, login, " +
          "media downloads) answers 403 `This organisation is suspended`; its data is kept. The public profile GET /tenants/{slug} still " +
          "answers, with status SUSPENDED, so the tenant's pages can say so. Idempotent (an already suspended tenant is returned unchanged). " +
          "Audited as `tenant.suspended` with the optional reason. Issued tokens stay valid and work again after reactivation.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: forbidden, 404: "Tenant not found" },
      },
    })
    .input(ZSuspendTenantInput)
    .output(ZPlatformTenantOutput)
    .mutation(async ({ ctx, input }) => one(await setTenantStatus(ctx.db, input.id, "SUSPENDED", actorOf(ctx), ctx.clock.now(), input.reason))),

  reactivateTenant: platformAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/platform/tenants/{id}/reactivate",
        tags,
        summary: "Reactivate a suspended tenant (platform administrators)",
        description: "Status ACTIVE: every operation answers again as before. Idempotent. Audited as `tenant.reactivated`.",
        errorResponses: { 401: "Unauthorized", 403: forbidden, 404: "Tenant not found" },
      },
    })
    .input(ZPlatformTenantIdInput)
    .output(ZPlatformTenantOutput)
    .mutation(async ({ ctx, input }) => one(await setTenantStatus(ctx.db, input.id, "ACTIVE", actorOf(ctx), ctx.clock.now()))),
});
