import { ZMediaIdInput } from "../contracts/media";
import { openMediaFile } from "../services/media/media";
import { rawRoute } from "./raw-route";

/** Shown in the browser; anything else is downloaded (no HTML, SVG or script rendered from our origin). */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf)$/;

/**
 * GET (or HEAD) /api/v1/media/{id}/file: the bytes of a media, for members of its tenant (or
 * learners enrolled there). Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query
 * parameter (for <img src> links); another tenant's media is 404.
 */
export const mediaDownloadRoute = rawRoute({
  method: "GET",
  head: true,
  path: "/media/{id}/file",
  tenantQuery: "tenant",
  access: { member: true },
  input: ZMediaIdInput,
  doc: {
    summary: "Download a media's file",
    description:
      "Any member of the tenant (or learner enrolled there), with the Bearer token or the web session cookie. Tenant: X-Tenant-ID, else the sub-domain, " +
      "else the `tenant` query parameter (for <img src> links). The answer's Content-Type is the media's mimeType; images, video, audio and PDF are inline, " +
      "anything else an attachment; served with a sandboxing Content-Security-Policy. HEAD answers the headers only.",
    tags: ["Media"],
    produces: "*/*",
    successDescription: "The file, with the media's own Content-Type (mimeType); inline for images, video, audio and PDF, an attachment otherwise",
    errorResponses: { 400: "Tenant required", 401: "Unauthorized", 403: "Not a member of this organisation", 404: "Media (or tenant) not found" },
  },
  handler: async ({ ctx, input }) => {
    const file = await openMediaFile(ctx.db, ctx.scope, input.id);
    const { mimeType, fileName } = file.media;
    return {
      contentType: mimeType,
      filename: fileName,
      disposition: INLINE.test(mimeType) ? ("inline" as const) : ("attachment" as const),
      body: file.stream,
      length: file.size,
      cacheControl: "private, max-age=3600",
      headers: { "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox" },
    };
  },
});
