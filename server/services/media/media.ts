import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { media } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TMedia, TUploadMediaInput } from "../../contracts/media";
import { env } from "../../env";
import { badRequest, DomainError, notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { mediaStorage } from "./storage";
import type { Caller } from "../../auth/caller";

type MediaRow = typeof media.$inferSelect;
type MediaKind = MediaRow["kind"];

const mediaFileUrl = (id: string) => `/api/v1/media/${id}/file`;

export function serializeMedia(m: MediaRow): TMedia {
  return {
    id: m.id,
    kind: m.kind,
    fileName: m.fileName,
    mimeType: m.mimeType,
    sizeBytes: m.sizeBytes,
    url: mediaFileUrl(m.id),
    uploadedBy: m.uploadedBy,
    createdAt: m.createdAt.toISOString(),
  };
}

function mediaKindOf(mimeType: string): MediaKind {
  if (mimeType.startsWith("image/")) return "IMAGE";
  if (mimeType.startsWith("video/")) return "VIDEO";
  return "DOCUMENT";
}

/** Leading bytes of the raster formats browsers render: a declared image must be one. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/gif": (b) => b.subarray(0, 4).toString("latin1") === "GIF8",
  "image/webp": (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(n / 1024)} KB`);

/**
 * POST /media: decodes the base64 body, checks its size (MEDIA_MAX_BYTES, 400 above) and, for
 * PNG, JPEG, GIF and WebP, that the bytes are what the MIME type says; stores the bytes through
 * the storage adapter, then records the media. Kind: image/* IMAGE, video/* VIDEO, else DOCUMENT.
 */
export async function uploadMedia(db: Db, caller: Caller, input: TUploadMediaInput, now: Date) {
  const max = env().MEDIA_MAX_BYTES;
  // 4 base64 characters carry 3 bytes: refuse before decoding anything too large.
  if (Math.floor((input.dataBase64.length * 3) / 4) - 2 > max) throw new DomainError("BAD_REQUEST", `File too large: the limit is ${formatBytes(max)}`, { fields: { dataBase64: [`At most ${formatBytes(max)}`] }, reason: "FILE_TOO_LARGE", params: { limit: formatBytes(max) } });
  const data = Buffer.from(input.dataBase64, "base64");
  if (data.length === 0) throw badRequest("File is empty", { dataBase64: ["File is empty"] }, "FILE_EMPTY");
  if (data.length > max) throw new DomainError("BAD_REQUEST", `File too large: the limit is ${formatBytes(max)}`, { fields: { dataBase64: [`At most ${formatBytes(max)}`] }, reason: "FILE_TOO_LARGE", params: { limit: formatBytes(max) } });
  const signature = SIGNATURES[input.mimeType];
  if (signature && !signature(data)) throw badRequest("File content does not match its MIME type", { mimeType: [`The bytes are not ${input.mimeType}`] }, "FILE_TYPE_MISMATCH");

  const id = newId("med");
  const { scope } = caller;
  const storageKey = `${scope.tenantId}/${id}`;
  const storage = mediaStorage();
  await storage.put(storageKey, data);
  try {
    const [row] = await db
      .insert(media)
      .values(
        scope.values(media, {
          id,
          kind: mediaKindOf(input.mimeType),
          fileName: path.posix.basename(input.fileName.replace(/\\/g, "/")) || "file",
          mimeType: input.mimeType,
          sizeBytes: data.length,
          storageKey,
          uploadedBy: caller.userId,
          createdAt: now,
        }),
      )
      .returning();
    return serializeMedia(row!);
  } catch (e) {
    await storage.remove(storageKey).catch(() => undefined);
    throw e;
  }
}

/** A media record of the tenant, or 404. */
export async function getMedia(db: DbOrTx, scope: TenantScope, id: string): Promise<MediaRow> {
  const [row] = await db.select().from(media).where(scope.where(media, eq(media.id, id))).limit(1);
  if (!row) throw notFound("Media");
  return row;
}

/** The bytes of a media of the tenant: 404 when the record or its file is missing. */
export async function openMediaFile(db: DbOrTx, scope: TenantScope, id: string) {
  const row = await getMedia(db, scope, id);
  const file = await mediaStorage().open(row.storageKey);
  if (!file) throw notFound("Media file");
  return { media: row, ...file };
}
