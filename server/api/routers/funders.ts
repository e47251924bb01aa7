import { ZFunderMemberInput, ZFunderOutput, ZListFundersOutput, ZMyFunderOutput, ZUpdateFunderInput } from "../../contracts/funders";
import { one } from "../../contracts/envelope";
import { listFunders, myFunder, setFunderMember, updateFunder } from "../../services/tenants/funder-links";
import { can, router } from "../trpc";
import { z } from "zod";

const tags = ["Tenants"];
const ABOUT =
  "The tenant's funders (fnd_: the OPCO, the CPF, France Travail, the region; POST /tenants/{id}/reseed-funders adds the standard ones). A FUNDER member belongs to one funder " +
  "and reads only what it finances: the enrollments whose funderId is it (set on POST/PATCH /enrollments), their sessions, sheets, attestations and documents, and the issued " +
  "invoices addressed to the funder's billing client. A FUNDER member of no funder reads nothing.";
const admin = { 401: "Unauthorized", 403: "ADMIN required" };

export const fundersRouter = router({
  me: can("funders.perimeter")
    .meta({
      openapi: { method: "GET", path: "/funders/me", tags, summary: "The caller's funder (FUNDER)", description: `${ABOUT} data is null when the caller belongs to no funder.`, errorResponses: { 401: "Unauthorized", 403: "FUNDER only" } },
    })
    .input(z.object({}).optional())
    .output(ZMyFunderOutput)
    .query(async ({ ctx }) => one(await myFunder(ctx.db, ctx.caller))),

  list: can("funders.manage")
    .meta({
      openapi: { method: "GET", path: "/funders", tags, summary: "List the tenant's funders with their billing client and members", description: `${ABOUT} ADMIN only. By kind, then name.`, errorResponses: admin },
    })
    .input(z.object({}).optional())
    .output(ZListFundersOutput)
    .query(async ({ ctx }) => one(await listFunders(ctx.db, ctx.caller))),

  update: can("funders.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/funders/{id}",
        tags,
        summary: "Link a funder to the billing client that receives its invoices",
        description: `${ABOUT} ADMIN only. billingClientId: one of the tenant's billing clients (422 errors.billingClientId otherwise), null unlinks. Audited (funder.updated).`,
        errorResponses: { 400: "Unknown field", ...admin, 404: "Funder not found (or another tenant's)", 422: "Unknown billing client" },
      },
    })
    .input(ZUpdateFunderInput)
    .output(ZFunderOutput)
    .mutation(async ({ ctx, input }) => one(await updateFunder(ctx.db, ctx.caller, input))),

  addMember: can("funders.manage")
    .meta({
      openapi: {
        method: "PUT",
        path: "/funders/{id}/members/{userId}",
        tags,
        summary: "Make a FUNDER member belong to this funder",
        description: `${ABOUT} ADMIN only. The user must be a member with the FUNDER role (422 errors.userId otherwise); a member belongs to one funder, so this moves them from any other. Idempotent. Audited (funder.member_added).`,
        errorResponses: { ...admin, 404: "Funder or user not found", 422: "Not a FUNDER member" },
      },
    })
    .input(ZFunderMemberInput)
    .output(ZFunderOutput)
    .mutation(async ({ ctx, input }) => one(await setFunderMember(ctx.db, ctx.caller, input, true))),

  removeMember: can("funders.manage")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/funders/{id}/members/{userId}",
        tags,
        summary: "Remove a FUNDER member from this funder",
        description: `${ABOUT} ADMIN only. The member then reads nothing until linked again. Idempotent. Audited (funder.member_removed).`,
        errorResponses: { ...admin, 404: "Funder or user not found", 422: "Not a FUNDER member" },
      },
    })
    .input(ZFunderMemberInput)
    .output(ZFunderOutput)
    .mutation(async ({ ctx, input }) => one(await setFunderMember(ctx.db, ctx.caller, input, false))),
});
