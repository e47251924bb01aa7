import type http from "node:http";
import PDFDocument from "pdfkit";
import type { DbOrTx } from "./db";

/**
 * The only places where the app reaches below a framework's public API. Each one says why no
 * public API does the job; anything else in the code base uses public APIs only. When a framework
 * upgrade breaks one of these, the tests that name it fail (see each function).
 */

/**
 * The driver client under a Drizzle database *or transaction* (PGlite / postgres-js).
 * Why: pg-boss sends its own SQL (several statements, its own BEGIN/COMMIT, `$n` parameters as
 * node-postgres encodes them), and a job must be inserted inside the transaction of the change
 * that causes it. Drizzle's public `db.$client` exists on the root database only, not on a
 * transaction, and `tx.execute()` runs one statement through Drizzle's own parameter encoding.
 * Tested by tests/integration/job-worker.test.ts (a job enqueued in a rolled-back transaction is lost).
 */
export function driverClientOf(db: DbOrTx): unknown {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("framework-internals: no driver client under this Drizzle handle");
  return client;
}

/**
 * Drops the headers whose name starts with `prefix` from everything the response sets.
 * Why: Next's request handler sets its internal routing headers (`x-middleware-rewrite` names the
 * tenant's internal path) on the Node response itself, and Next offers no option to keep them
 * server-side; the custom server hands Next a response whose `setHeader` ignores them.
 * Tested by e2e/security-headers.spec.ts.
 */
export function withoutHeaderPrefix(res: http.ServerResponse, prefix: string): http.ServerResponse {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    name.toLowerCase().startsWith(prefix) ? res : setHeader(name, value)) as typeof res.setHeader;
  return res;
}

/**
 * react-pdf writes every text run with `ctx.font(fontkitFace, size)`. pdfkit caches a font by its
 * name only when given a string: for a face object it builds a new embedded font (a fontkit subset)
 * on every run, then compares it with the one of the same PostScript name (JSON of the name table)
 * and keeps the first. A 40 × 10 attendance sheet has thousands of runs: a sizeable part of the
 * PDF write. Here a document remembers the embedded font it kept for each face object and goes
 * straight to it; the first use of a face in a document still goes through pdfkit, so the fonts,
 * their subsets and the text are the same. Installed once per thread by registry.tsx.
 * Why below the public API: pdfkit's public `font()` has no way to select an already embedded font
 * by object, and react-pdf calls it with the face object; the wrapper sets the same three fields
 * that `font()` itself sets. Tested by tests/unit/document-render-caches.test.ts (one embedded font
 * per face, the text unchanged).
 */
type Doc = {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  fontSize(size: number): unknown;
  [KEPT]?: Map<object, unknown>;
};
type FontFn = (this: Doc, src: unknown, family?: unknown, size?: number) => Doc;
const KEPT = Symbol("embeddedFontsByFace");
const INSTALLED = Symbol.for("documents.pdfFontReuse");

const isFace = (src: unknown): src is object => typeof src === "object" && src !== null && typeof (src as { layout?: unknown }).layout === "function";

export function reuseEmbeddedFonts(): void {
  const proto = PDFDocument.prototype as unknown as { font: FontFn; [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const original = proto.font;
  proto.font = function (src, family, size) {
    // react-pdf's call: (face, size). Anything else is pdfkit's own path.
    if (!isFace(src) || (family !== undefined && family !== null && typeof family !== "number")) return original.call(this, src, family, size);
    const fontSize = typeof family === "number" ? family : size;
    const kept = (this[KEPT] ??= new Map());
    const font = kept.get(src);
    if (font === undefined) {
      original.call(this, src, family, size);
      kept.set(src, this._font);
      return this;
    }
    this._fontSource = src;
    this._fontFamily = typeof family === "number" ? null : family;
    if (fontSize != null) this.fontSize(fontSize);
    this._font = font;
    return this;
  };
}
