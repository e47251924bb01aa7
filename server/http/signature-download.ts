import { ZRecordIdInput } from "../contracts/attendance";
import { signatureImage } from "../services/attendance/queries";
import { rawRoute } from "./raw-route";

/** GET /api/v1/emargement/records/{id}/signature (the signatureUrl of canvas records): the decrypted PNG. */
export const signatureDownloadRoute = rawRoute({
  method: "GET",
  path: "/emargement/records/{id}/signature",
  access: { member: true, ofMode: true },
  input: ZRecordIdInput,
  doc: {
    summary: "Drawn signature of a record (PNG)",
    description:
      "The signatureUrl of a CANVAS record: the decrypted image itself (Content-Type image/png), served with a sandboxing Content-Security-Policy. " +
      "For the signer, ADMIN and the session's trainers; 404 for a record without a drawing.",
    tags: ["Attendance"],
    produces: "image/png",
    successDescription: "The drawn signature (PNG)",
    errorResponses: { 401: "Unauthorized", 403: "Not the signer, an ADMIN or a trainer of the session, or OF mode off", 404: "Signature not found" },
  },
  handler: async ({ ctx, input }) => {
    const image = await signatureImage(ctx.db, ctx.caller, input.id);
    return {
      contentType: image.contentType,
      body: image.png,
      cacheControl: "private, no-store",
      headers: { "Content-Security-Policy": "default-src 'none'; sandbox" },
    };
  },
});
