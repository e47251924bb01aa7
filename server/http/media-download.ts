import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db";
import { forTenant, resolveTenantAccess } from "../db/tenant-scope";
import { identify } from "../auth/session";
import { env } from "../env";
import { badRequest, forbidden, notFound, toHttpError, unauthorized } from "../errors";
import { clock } from "../lib/clock";
import { slugFromHost } from "../lib/host";
import { log } from "../lib/log";
import { openMediaFile } from "../services/media/media";
import { sendError } from "./send";

const PATH = /^\/api\/v1\/media\/([A-Za-z0-9_-]{1,64})\/file\/?$/;
/** Shown in the browser; anything else is downloaded (no HTML, SVG or script rendered from our origin). */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf)$/;

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function contentDisposition(mimeType: string, fileName: string): string {
  const type = INLINE.test(mimeType) ? "inline" : "attachment";
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET (or HEAD) /api/v1/media/{id}/file: the bytes of a media, for members of its tenant
 * (or learners enrolled there). Identity: Bearer token or the web session cookie. Tenant:
 * X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (for <img src> links);
 * another tenant's media is 404. Returns false for any other request.
 */
export async function serveMediaDownload(req: IncomingMessage, res: ServerResponse, db: Db): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = new URL(req.url ?? "/", "http://local");
  const match = PATH.exec(url.pathname);
  if (!match) return false;
  try {
    const { identity } = await identify({ authorization: header(req, "authorization"), cookie: header(req, "cookie") }, clock.now());
    if (!identity) throw unauthorized();
    const ref = header(req, "x-tenant-id")?.trim() || slugFromHost(header(req, "host"), env().APP_ROOT_DOMAIN) || url.searchParams.get("tenant")?.trim();
    if (!ref) throw badRequest("Tenant required: send the X-Tenant-ID header or use the tenant's sub-domain", undefined, "TENANT_REQUIRED");
    const access = await resolveTenantAccess(db, ref, identity.userId);
    if (!access) throw notFound("Tenant");
    if (access.membership?.status !== "ACTIVE" && !access.hasEnrollment) throw forbidden("Forbidden: not a member of this organisation", "NOT_A_MEMBER");
    const file = await openMediaFile(db, forTenant(access.tenant.id), match[1]!);
    res.statusCode = 200;
    res.setHeader("Content-Type", file.media.mimeType);
    res.setHeader("Content-Length", String(file.size));
    res.setHeader("Content-Disposition", contentDisposition(file.media.mimeType, file.media.fileName));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    res.setHeader("Cache-Control", "private, max-age=3600");
    if (req.method === "HEAD") {
      file.stream.destroy();
      res.end();
      return true;
    }
    await new Promise<void>((resolve, reject) => {
      file.stream.on("error", reject);
      res.on("close", resolve);
      file.stream.pipe(res);
    });
  } catch (error) {
    const mapped = toHttpError(error);
    if (mapped.statusCode >= 500) log.error("media.download.failed", { error: String(error), stack: (error as Error).stack });
    if (!res.headersSent) sendError(res, mapped);
    else res.destroy();
  }
  return true;
}
