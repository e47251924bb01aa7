import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { eq } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { DbOrTx } from "../../db";
import { tenants } from "../../db/schema";
import type { Caller } from "../../auth/caller";
import { AUDIT_FOLDERS, AUDIT_MANIFEST_NAME, AUDIT_ORDER_NOTE_FR, AUDIT_REPORT_NAME, type TAuditPreview } from "../../contracts/qualiopi";
import { getCourse } from "../courses/access";
import { renderDocument } from "../documents/render-pool";
import { issueVerified } from "../verification/verifications";
import { log } from "../../lib/log";
import { timeZoneLabel } from "../../../lib/i18n/format";
import { listAuditEntries, safeName, type AuditContext, type AuditEntry } from "./audit-listing";
import { INDICATORS, indicatorTitle } from "./indicators";
import { courseStatusFr, frenchDateTime } from "../exports/labels";
import { effectiveCourseNda } from "../billing/legal-identity";

/** The course of the tenant (404 otherwise) and what the listing needs. */
export async function auditContext(db: DbOrTx, caller: Caller, courseId: string, now: Date): Promise<AuditContext> {
  const course = await getCourse(db, caller.scope, courseId);
  const [tenant] = await db.select({ branding: tenants.branding }).from(tenants).where(eq(tenants.id, caller.scope.tenantId)).limit(1);
  const activityNumber = await effectiveCourseNda(db, caller.scope.tenantId, course);
  return { db, caller, scope: caller.scope, course, now, timeZone: caller.tenant.timeZone, tenantName: caller.tenant.name, accentColor: tenant?.branding.primaryColor ?? null, activityNumber };
}

/** Rough size of manifest.json per file and of the report (for the preview's estimate). */
const MANIFEST_PER_FILE = 330;
const REPORT_ESTIMATE = 60_000;

/** GET /qualiopi/courses/{courseId}/audit-export/preview: the same listing the ZIP streams. */
export async function auditPreview(ctx: AuditContext): Promise<TAuditPreview> {
  const documents: TAuditPreview["documents"] = [];
  const indicators = new Set<number>();
  let bytes = 0;
  for await (const e of listAuditEntries(ctx)) {
    documents.push({ name: e.name, subject: e.subject, date: e.date, indicator: e.indicators[0]!, indicators: e.indicators, type: e.type, sizeBytes: e.sizeBytes });
    for (const i of e.indicators) indicators.add(i);
    bytes += e.sizeBytes + MANIFEST_PER_FILE;
  }
  bytes += REPORT_ESTIMATE;
  return {
    documentCount: documents.length,
    indicatorsCovered: indicators.size,
    indicators: [...indicators].sort((a, b) => a - b),
    estimatedSizeMb: Math.round((bytes / (1024 * 1024)) * 100) / 100,
    documents,
  };
}

type ManifestFile = {
  path: string;
  folder: string;
  type: string;
  /** Every indicator the file proves (evidence-map.ts), with their French titles. */
  indicators: number[];
  indicatorTitles: string[];
  sizeBytes: number;
  sha256: string;
  record: AuditEntry["record"];
  /** Stored documents: the hash recorded when the document was generated, and whether the bytes still match it. */
  recordedSha256?: string;
  matchesRecord?: boolean;
  /** The file could not be produced: the entry holds an explanation instead. */
  error?: string;
};

/** Counts the bytes and hashes them while they flow to the archive. */
function hashing(onDone: (sha256: string, size: number) => void): Transform {
  const hash = createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
    flush(cb) {
      onDone(hash.digest("hex"), size);
      cb();
    },
  });
}

/**
 * The report's table: every one of the 32 indicators, with the files that prove it, or none
 * ("aucune preuve" in the report); specific indicators are marked so.
 */
function reportIndicators(files: Pick<ManifestFile, "path" | "indicators">[]): { indicator: number; title: string; specific: boolean; files: string[] }[] {
  return INDICATORS.map((d) => ({
    indicator: d.indicator,
    title: d.title,
    specific: d.scope === "SPECIFIC",
    files: files.filter((f) => f.indicators.includes(d.indicator)).map((f) => f.path),
  }));
}

export type AuditExportStream = { filename: string; body: AsyncIterable<Uint8Array>; stats: { files: number; aborted: boolean } };

/**
 * The audit ZIP, generated on the fly: yazl pulls one entry at a time (lazy read streams), each
 * hashed through a Transform on its way in; the listing pages the database as the archive
 * advances; the socket's back-pressure reaches the source streams through the pipes. After the
 * evidence files: manifest.json (every file but itself and the report), then rapport-audit.pdf
 * (rendered by the document service; its last page prints manifest.json's SHA-256). Closing the
 * body (the client went away) stops the listing and the current source.
 */
export function streamAuditExport(ctx: AuditContext): AuditExportStream {
  const zip = new ZipFile();
  const out = zip.outputStream as unknown as Readable;
  const files: ManifestFile[] = [];
  const stats = { files: 0, aborted: false };
  let current: Readable | null = null;
  const mtime = ctx.now;
  /** Resumes the producer waiting for the archive to catch up. */
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (error: unknown) => {
    if (!stats.aborted) log.error("audit-export.failed", { courseId: ctx.course.id, error: String(error), stack: (error as Error)?.stack });
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  out.on("error", () => {}); // surfaced to the reader by its iterator

  const addEntry = (e: AuditEntry) => {
    zip.addReadStreamLazy(e.name, { mtime, compress: e.compress }, (cb) => {
      if (stats.aborted) return cb(new Error("aborted"), undefined as never);
      const record = (sha256: string, sizeBytes: number, error?: string) => {
        stats.files += 1;
        files.push({
          path: e.name,
          folder: e.folder,
          type: e.type,
          indicators: e.indicators,
          indicatorTitles: e.indicators.map(indicatorTitle),
          sizeBytes,
          sha256,
          record: e.record,
          ...(e.recordedSha256 ? { recordedSha256: e.recordedSha256, matchesRecord: e.recordedSha256 === sha256 } : {}),
          ...(error ? { error } : {}),
        });
        resume();
      };
      e.open().then(
        (source) => {
          const t = hashing((sha, size) => record(sha, size));
          source.on("error", (err) => t.destroy(err));
          current = source;
          cb(null, source.pipe(t));
        },
        (error: unknown) => {
          // A generated file that cannot be produced: an explanation in its place, named in the manifest.
          const message = error instanceof Error ? error.message : String(error);
          log.warn("audit-export.entry-failed", { name: e.name, error: message });
          const text = Buffer.from(`Ce fichier n'a pas pu être produit : ${message}\n`, "utf8");
          const t = hashing((sha, size) => record(sha, size, message));
          cb(null, Readable.from([text]).pipe(t));
        },
      );
    });
  };

  let manifestSha = "";
  let manifestBytes = 0;
  const addTail = () => {
    zip.addReadStreamLazy(AUDIT_MANIFEST_NAME, { mtime, compress: true }, (cb) => {
      const manifest = {
        format: "qualiopi-audit-export/1",
        order: AUDIT_ORDER_NOTE_FR,
        generatedAt: ctx.now.toISOString(),
        tenant: { id: ctx.scope.tenantId, name: ctx.tenantName },
        course: { id: ctx.course.id, title: ctx.course.title, status: ctx.course.status },
        excluded: [AUDIT_MANIFEST_NAME, AUDIT_REPORT_NAME],
        fileCount: files.length,
        files,
      };
      const buf = Buffer.from(JSON.stringify(manifest, null, 1), "utf8");
      manifestSha = createHash("sha256").update(buf).digest("hex");
      manifestBytes = buf.length;
      cb(null, Readable.from([buf]));
    });
    zip.addReadStreamLazy(AUDIT_REPORT_NAME, { mtime, compress: false }, (cb) => {
      if (stats.aborted) return cb(new Error("aborted"), undefined as never);
      const folders = AUDIT_FOLDERS.map((folder) => {
        const inFolder = files.filter((f) => f.folder === folder);
        return { folder, files: inFolder.length, bytes: inFolder.reduce((n, f) => n + f.sizeBytes, 0) };
      });
      // The report prints its own verification code (reserved, rendered, then sealed with the PDF's hash).
      const subject = { type: "AUDIT_REPORT" as const, ref: ctx.course.id, title: `Dossier d'audit Qualiopi — ${ctx.course.title}`, details: { manifestSha256: manifestSha }, issuedAt: ctx.now };
      issueVerified(ctx.db, ctx.scope, subject, (verification) => renderDocument("audit-report", {
        verification,
        tenantName: ctx.tenantName,
        accentColor: ctx.accentColor,
        course: { id: ctx.course.id, title: ctx.course.title, status: courseStatusFr(ctx.course.status), activityNumber: ctx.activityNumber, certificationNumber: ctx.course.certificationNumber },
        generatedAt: `${frenchDateTime(ctx.now, ctx.timeZone)} (${timeZoneLabel(ctx.timeZone, "fr")})`,
        folders,
        indicators: reportIndicators(files),
        fileCount: files.length,
        totalBytes: files.reduce((n, f) => n + f.sizeBytes, 0),
        manifestSha256: manifestSha,
        manifestBytes,
        orderNote: AUDIT_ORDER_NOTE_FR,
      })).then(
        ({ pdf }) => {
          cb(null, Readable.from([Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)]));
        },
        (error: unknown) => cb(error as Error, undefined as never),
      );
    });
    zip.end();
  };

  // The folders appear even when empty, so the auditor sees the whole structure.
  for (const folder of AUDIT_FOLDERS) zip.addEmptyDirectory(`${folder}/`, { mtime });

  // The producer: pages the listing while the archive advances, keeping few entries queued ahead.
  const QUEUE_AHEAD = 64;
  let added = 0;
  const produce = async () => {
    for await (const e of listAuditEntries(ctx)) {
      if (stats.aborted) return;
      while (added - stats.files > QUEUE_AHEAD && !stats.aborted) await new Promise<void>((r) => (wake = r));
      if (stats.aborted) return;
      addEntry(e);
      added += 1;
    }
    addTail();
  };
  produce().catch(fail);

  async function* body(): AsyncGenerator<Uint8Array> {
    let done = false;
    try {
      for await (const chunk of out) yield chunk as Uint8Array;
      done = true;
    } finally {
      if (!done) {
        stats.aborted = true;
        resume();
        current?.destroy();
        out.destroy();
      }
    }
  }
  return { filename: `dossier-audit-${safeName(ctx.course.title, 50)}-${ctx.now.toISOString().slice(0, 10)}.zip`, body: body(), stats };
}
