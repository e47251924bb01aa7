import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db";
import { tenants } from "../../db/schema";
import { tenantRefCondition, type TenantScope } from "../../db/tenant-scope";
import { env } from "../../env";
import { badRequest, DomainError, notFound } from "../../errors";
import { randomToken } from "../../lib/ids";
import { log } from "../../lib/log";
import { mediaStorage } from "../media/storage";
import type { RequestActor } from "../../auth/caller";
import type { TTenant } from "../../contracts/tenants";
import { updateTenant } from "./tenants";
import { opaquePngDataUrl } from "../documents/opaque-png";

/** Raster formats only: an SVG could carry script. */
const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** Under the 1 MB JSON body limit once base64-encoded. */
const LOGO_MAX_BYTES = 512 * 1024;

const SIGNATURES: Record<LogoType, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

/** The type of stored logo bytes, read from their first bytes (nothing else is ever stored). */
function logoTypeOf(bytes: Buffer): LogoType | null {
  return LOGO_TYPES.find((t) => SIGNATURES[t](bytes)) ?? null;
}

/** One logo per tenant, under the tenant's own storage prefix. */
const logoKey = (tenantId: string) => `${tenantId}/logo`;

/** The public, absolute address of a tenant's logo (pages, e-mails); `v` changes with each upload so caches refresh. */
const logoPublicUrl = (slug: string, version: string) => new URL(`/api/v1/public/tenants/${slug}/logo?v=${version}`, env().APP_URL).toString();

/** PUT /tenants/me/logo: checks type, size and bytes, stores them, points branding.logoUrl at the public address. */
export async function setTenantLogo(db: Db, caller: RequestActor & { scope: TenantScope }, input: { mimeType: LogoType; dataBase64: string }, now: Date): Promise<TTenant> {
  const limit = `${LOGO_MAX_BYTES / 1024} KB`;
  const tooLarge = () => new DomainError("BAD_REQUEST", `File too large: the limit is ${limit}`, { fields: { dataBase64: [`At most ${limit}`] }, reason: "FILE_TOO_LARGE", params: { limit } });
  if (Math.floor((input.dataBase64.length * 3) / 4) - 2 > LOGO_MAX_BYTES) throw tooLarge();
  const data = Buffer.from(input.dataBase64, "base64");
  if (data.length === 0) throw badRequest("File is empty", { dataBase64: ["File is empty"] }, "FILE_EMPTY");
  if (data.length > LOGO_MAX_BYTES) throw tooLarge();
  if (!SIGNATURES[input.mimeType](data)) throw badRequest("File content does not match its MIME type", { mimeType: [`The bytes are not ${input.mimeType}`] }, "FILE_TYPE_MISMATCH");
  const [row] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, caller.scope.tenantId)).limit(1);
  if (!row) throw notFound("Tenant");
  await mediaStorage().put(logoKey(caller.scope.tenantId), data);
  return updateTenant(db, caller, { branding: { logoUrl: logoPublicUrl(row.slug, randomToken(6)) } }, now);
}

/** DELETE /tenants/me/logo: the monogram is shown again. */
export async function removeTenantLogo(db: Db, caller: RequestActor & { scope: TenantScope }, now: Date): Promise<TTenant> {
  const tenant = await updateTenant(db, caller, { branding: { logoUrl: null } }, now);
  await mediaStorage().remove(logoKey(caller.scope.tenantId));
  return tenant;
}

/** The stored logo of a tenant named by slug (or id), or null when it has none: what the public route serves. */
export async function tenantLogoBySlug(db: Db, slugOrId: string): Promise<{ data: Buffer; mimeType: LogoType } | null> {
  const [row] = await db.select({ id: tenants.id, branding: tenants.branding }).from(tenants).where(tenantRefCondition(slugOrId)).limit(1);
  if (!row?.branding.logoUrl) return null;
  return readTenantLogo(row.id);
}

/** The logo's bytes from storage (PDF renderers embed them; never fetched over HTTP). */
async function readTenantLogo(tenantId: string): Promise<{ data: Buffer; mimeType: LogoType } | null> {
  const file = await mediaStorage().open(logoKey(tenantId));
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  const data = Buffer.concat(parts);
  const mimeType = logoTypeOf(data);
  return mimeType ? { data, mimeType } : null;
}

/**
 * A JPEG as the documents print it: in sRGB. The PDF renderer embeds a JPEG's own colour space, so a
 * CMYK logo (as print shops deliver them) would be a DeviceCMYK image, which a PDF/A document with an
 * sRGB output intent (the invoices) may not carry; such a JPEG, or one in any colour space but 3-channel
 * sRGB, is converted. An sRGB one is kept as it is.
 */
export async function srgbJpeg(data: Buffer): Promise<Buffer> {
  const { space, channels } = await sharp(data).metadata();
  if (space === "srgb" && channels === 3) return data;
  return sharp(data).toColourspace("srgb").jpeg({ quality: 90 }).toBuffer();
}

/**
 * The logo as a data URL for the PDF renderer, in what it can embed and PDF/A allows: a PNG
 * flattened onto white (documents/opaque-png.ts, kept flattened per content), a JPEG in sRGB
 * (srgbJpeg), a WebP (which it cannot draw) as a flattened PNG; or null. The stored file stays as
 * uploaded (pages and e-mails show it).
 */
export async function tenantLogoDataUrl(tenantId: string): Promise<string | null> {
  const logo = await readTenantLogo(tenantId).catch(() => null);
  if (!logo) return null;
  try {
    if (logo.mimeType === "image/jpeg") return `data:image/jpeg;base64,${(await srgbJpeg(logo.data)).toString("base64")}`;
    const png = logo.mimeType === "image/webp" ? await sharp(logo.data).toColourspace("srgb").png().toBuffer() : logo.data;
    return opaquePngDataUrl(`data:image/png;base64,${png.toString("base64")}`);
  } catch (error) {
    // A file with the signature of its type that does not decode: the documents print the name alone.
    log.warn("tenant-logo.unreadable", { tenantId, mimeType: logo.mimeType, error: String(error) });
    return null;
  }
}
