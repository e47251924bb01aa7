import { VERIFY_DESCRIPTION, ZVerifyInput, ZVerifyOutput } from "../../contracts/verification";
import { one } from "../../contracts/envelope";
import { getPublicVerification } from "../../services/verification/verifications";
import { publicTenantProcedure, router } from "../trpc";

/** Documents anyone can verify: GET /verify/{code}, no sign-in (the page /verify/{code} reads the same). */
export const verificationRouter = router({
  get: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/verify/{code}",
        tags: ["Document verification"],
        protect: false,
        summary: "Verify an issued document from the code printed on it",
        description: VERIFY_DESCRIPTION,
        errorResponses: { 404: "VERIFICATION_NOT_FOUND (unknown, malformed or another tenant's code); TENANT_NOT_FOUND", 429: "Too many requests" },
      },
    })
    .input(ZVerifyInput)
    .output(ZVerifyOutput)
    .query(async ({ ctx, input }) => one(await getPublicVerification(ctx.db, ctx.scope, input.code))),
});
