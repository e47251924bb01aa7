import type { IncomingMessage, ServerResponse } from "node:http";
import { createContext, type RequestInfo } from "../api/context";
import { createCaller } from "../api/root";
import type { Db } from "../db";
import { forTenant } from "../db/tenant-scope";
import { toHttpError } from "../errors";
import { clock } from "../lib/clock";
import { log } from "../lib/log";
import { buildSheetPdf } from "../services/attendance/sheet/sheet-pdf";
import { sendError } from "./send";

/** GET /api/v1/emargement/{sessionId}/pdf[?slotId=...] */
const PDF_PATH = /^\/api\/v1\/emargement\/([^/?#]+)\/pdf\/?$/;

/**
 * The attendance sheet as a PDF file (trpc-to-openapi answers JSON only). Authorization is the
 * `attendanceSheet.pdfAccess` procedure called through the app's procedure chain (identity,
 * tenant, OF mode, permission, session moderators), so the rules live in one place and errors use
 * the spec's JSON body. The PDF is rendered in a worker thread (render-pool.ts): this request
 * waits for it, other requests keep being served. Returns false when the request is not this route.
 */
export async function serveAttendancePdf(req: IncomingMessage & { info?: RequestInfo }, res: ServerResponse, db: Db): Promise<boolean> {
  if (req.method !== "GET") return false;
  const url = new URL(req.url ?? "/", "http://local");
  const match = PDF_PATH.exec(url.pathname);
  if (!match) return false;
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(match[1]!);
  } catch {
    sendError(res, { statusCode: 400, message: "Invalid session id" });
    return true;
  }
  try {
    if (!req.info) throw new Error("serveAttendancePdf runs behind the API handler (request info missing)");
    const slotId = url.searchParams.get("slotId") ?? undefined;
    const target = await createCaller(createContext(db, req.info)).attendanceSheet.pdfAccess({ sessionId, ...(slotId ? { slotId } : {}) });
    const pdf = await buildSheetPdf(db, forTenant(target.tenantId), target.sessionId, { slotId: target.slotId, now: clock.now() });
    if (res.destroyed) return true; // the client went away while the PDF was rendered
    res.statusCode = 200;
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Length", String(pdf.byteLength));
    res.setHeader("Content-Disposition", `attachment; filename="${target.filename}"`);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.end(pdf);
  } catch (error) {
    const mapped = toHttpError(error);
    if (mapped.statusCode >= 500) log.error("attendance-pdf.failed", { error: String(error), stack: (error as Error).stack });
    if (!res.headersSent) sendError(res, mapped);
    else res.destroy(error as Error);
  }
  return true;
}
