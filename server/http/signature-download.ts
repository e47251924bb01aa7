import { ZRecordIdInput } from "../contracts/attendance";
import { ofModeProcedure } from "../api/trpc";
import { signatureImage } from "../services/attendance/queries";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/emargement/records/{id}/signature (the signatureUrl of canvas records): the
 * decrypted PNG, documented by the `attendance.signatureImage` procedure (which answers base64 on tRPC).
 */
export const signatureDownloadRoute = rawRoute({
  method: "GET",
  path: "/emargement/records/{id}/signature",
  produces: "image/png",
  successDescription: "The drawn signature (PNG)",
  procedure: ofModeProcedure()
    .input(ZRecordIdInput)
    .query(async ({ ctx, input }) => {
      const image = await signatureImage(ctx.db, ctx.caller, input.id);
      return {
        contentType: image.contentType,
        body: image.png,
        cacheControl: "private, no-store",
        headers: { "Content-Security-Policy": "default-src 'none'; sandbox" },
      };
    }),
});
