import { ZMediaIdInput, ZMediaOutput, ZUploadMediaInput } from "../../contracts/media";
import { one } from "../../contracts/envelope";
import { getMedia, serializeMedia, uploadMedia } from "../../services/media/media";
import { can, router, tenantProcedure } from "../trpc";

const tags = ["Media"];

/** Media records and uploads; the bytes are served by GET /api/v1/media/{id}/file (server/http/media-download.ts). */
export const mediaRouter = router({
  upload: can("media.upload")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/media",
        tags,
        summary: "Upload a file (JSON body, base64)",
        description:
          "CREATOR or ADMIN. Body {fileName, mimeType, dataBase64}. Kind from the MIME type: image/* IMAGE, video/* VIDEO, anything else DOCUMENT. " +
          "Decoded size limit MEDIA_MAX_BYTES (default 10 MB): 400 `File too large` above it; an empty file or invalid base64 is 400; a PNG, JPEG, GIF " +
          "or WebP whose bytes do not match its MIME type is 400. `url` is the authenticated download GET /api/v1/media/{id}/file.",
        errorResponses: { 400: "Invalid body, empty or too large", 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
      },
    })
    .input(ZUploadMediaInput)
    .output(ZMediaOutput)
    .mutation(async ({ ctx, input }) => one(await uploadMedia(ctx.db, ctx.caller, input, ctx.clock.now()))),

  byId: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/media/{id}",
        tags,
        summary: "A media record (metadata)",
        description:
          "Any member of the tenant (or learner enrolled there). The bytes: GET /api/v1/media/{id}/file with the same Bearer token (or the web session " +
          "cookie) and X-Tenant-ID (or the tenant sub-domain, or `?tenant={slug}` for <img> links): 200 with the file's Content-Type, inline for " +
          "images, video, audio and PDF and as an attachment otherwise; 401 without identity, 403 outside the tenant's members, 404 for another tenant's media.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Media not found" },
      },
    })
    .input(ZMediaIdInput)
    .output(ZMediaOutput)
    .query(async ({ ctx, input }) => one(serializeMedia(await getMedia(ctx.db, ctx.scope, input.id)))),
});
