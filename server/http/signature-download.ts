import type { IncomingMessage, ServerResponse } from "node:http";
import { createContext } from "../api/context";
import { createCaller } from "../api/root";
import type { Db } from "../db";
import { toHttpError } from "../errors";
import { log } from "../lib/log";
import { infoOf } from "./request-info";
import { sendError } from "./send";

/** GET /api/v1/emargement/records/{id}/signature (the signatureUrl of canvas records). */
const PATH = /^\/api\/v1\/emargement\/records\/([A-Za-z0-9_-]{1,64})\/signature\/?(?:\?.*)?$/;

/**
 * Answers the decrypted PNG of a drawn signature. Authorization is the `attendance.signatureImage`
 * procedure called through the app's own procedure chain (identity, tenant, OF mode, signer or
 * moderator), so the rules live in one place; errors use the spec's JSON body.
 */
export async function serveSignatureDownload(req: IncomingMessage, res: ServerResponse, db: Db): Promise<boolean> {
  if (req.method !== "GET") return false;
  const match = PATH.exec(req.url ?? "");
  if (!match) return false;
  try {
    const ctx = createContext(db, infoOf(req, res));
    const { data } = await createCaller(ctx).attendance.signatureImage({ id: match[1]! });
    const png = Buffer.from(data.base64, "base64");
    res.statusCode = 200;
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Content-Length", String(png.length));
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.end(png);
  } catch (error) {
    const mapped = toHttpError(error);
    if (mapped.statusCode >= 500) log.error("signature-download.failed", { error: String(error), stack: (error as Error).stack });
    if (!res.headersSent) sendError(res, mapped);
    else res.destroy(error as Error);
  }
  return true;
}
