import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createContext } from "../api/context";
import { createCaller } from "../api/root";
import type { Db } from "../db";
import { forTenant } from "../db/tenant-scope";
import { toHttpError } from "../errors";
import { log } from "../lib/log";
import { exportCsvChunks } from "../services/enrollments/export";
import { infoOf } from "./request-info";
import { sendError } from "./send";

/** GET /api/v1/enrollments/course/{courseId}/export (optionally with a query string). */
const EXPORT_PATH = /^\/api\/v1\/enrollments\/course\/([^/?#]+)\/export\/?(?:\?.*)?$/;

/** Waits until the socket takes more data, or is closed. */
async function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return;
  const ac = new AbortController();
  await Promise.race([once(res, "drain", { signal: ac.signal }), once(res, "close", { signal: ac.signal })]).finally(() => ac.abort());
}

/**
 * Streams the CSV export of a course's enrollments (trpc-to-openapi can only answer JSON).
 * Authorization is the `enrollments.exportAccess` procedure called through the app's own
 * procedure chain (identity, tenant and membership, permission enrollments.export, course
 * ownership), so the rules live in one place; errors use the spec's JSON error body. The rows
 * are then read in batches and written as they come, honouring back-pressure.
 * Returns false when the request is not this operation.
 */
export async function serveCsvExport(req: IncomingMessage, res: ServerResponse, db: Db): Promise<boolean> {
  if (req.method !== "GET") return false;
  const match = EXPORT_PATH.exec(req.url ?? "");
  if (!match) return false;

  let courseId: string;
  try {
    courseId = decodeURIComponent(match[1]!);
  } catch {
    sendError(res, { statusCode: 400, message: "Invalid course id" });
    return true;
  }
  let started = false;
  try {
    const ctx = createContext(db, infoOf(req, res));
    const target = await createCaller(ctx).enrollments.exportAccess({ courseId });
    const chunks = exportCsvChunks(db, forTenant(target.tenantId), target.courseId);
    const first = await chunks.next();
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${target.filename}"`);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    started = true;
    if (!first.done) res.write(first.value);
    for await (const chunk of chunks) {
      if (res.destroyed) return true; // the client went away: stop reading
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  } catch (error) {
    const mapped = toHttpError(error);
    if (mapped.statusCode >= 500) log.error("csv-export.failed", { error: String(error), stack: (error as Error).stack });
    if (!started && !res.headersSent) sendError(res, mapped);
    else res.destroy(error as Error);
  }
  return true;
}
