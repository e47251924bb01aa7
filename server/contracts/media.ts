import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZTimestamp } from "./common";

/** Media records (IMAGE, VIDEO, DOCUMENT) and their JSON upload body. */

const ZMediaKind = z.enum(["IMAGE", "VIDEO", "DOCUMENT"]);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const ZUploadMediaInput = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1, "Required")
    .max(255)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "No control characters")
    .describe("Original file name (a path is reduced to its last segment)"),
  mimeType: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/, "A MIME type such as image/png")
    .max(100)
    .describe("image/* gives IMAGE, video/* VIDEO, anything else DOCUMENT"),
  dataBase64: z
    .string()
    .min(1, "Required")
    .max(MAX.fileBase64)
    .refine((v) => v.length % 4 === 0 && BASE64.test(v), "Invalid base64")
    .describe("The file's bytes, standard base64"),
});
export type TUploadMediaInput = z.infer<typeof ZUploadMediaInput>;

const ZMedia = z.object({
  id: z.string(),
  kind: ZMediaKind,
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string().describe("Authenticated download: GET /api/v1/media/{id}/file"),
  uploadedBy: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TMedia = z.infer<typeof ZMedia>;
export const ZMediaOutput = envelope(ZMedia);
export const ZMediaIdInput = z.object({ id: z.string().min(1).max(64).describe("Media id (med_...)") });
