import { createHash } from "node:crypto";
import type http from "node:http";
import { createElement, type ReactElement, type ReactNode } from "react";
import type { DocumentProps } from "@react-pdf/renderer";
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
 * A postgres-js client on which the statements Drizzle builds are named prepared statements.
 * Why: Drizzle sends a query that was not `.prepare(name)`d with `unsafe(text, params, { prepare:
 * false })`, so PostgreSQL parses and plans it again at every execution (an unnamed statement),
 * while postgres-js's own default keeps one prepared statement per connection and SQL text. On a
 * refresh (six statements in a transaction) or a progress upsert that is most of the database's
 * CPU, on the same cores as the app. No Drizzle option turns it on, and `.prepare(name)` binds a
 * statement to the pool (it cannot run in a transaction), so the hot writes could not use it.
 * Here `unsafe` calls that ask for `prepare: false` get postgres-js's default back, on the pool and
 * on every transaction or savepoint client that `begin`/`savepoint` hand out; calls without options
 * (pg-boss's `.simple()` lists, sql-adapter.ts) are left as they are. Statements are kept per
 * connection, and postgres-js retires a connection after 30 to 60 minutes (`max_lifetime`), which
 * bounds what a connection holds even for SQL whose text varies (an `IN` list's length).
 * Tested by tests/integration/prepared-statements.test.ts (PostgreSQL: a statement built by Drizzle,
 * in and out of a transaction, is in pg_prepared_statements after it ran).
 */
export function preparingClient<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (key === "unsafe") {
        return (text: string, params?: unknown[], options?: { prepare?: boolean }) =>
          (value as (t: string, p?: unknown[], o?: object) => unknown)(text, params, options && options.prepare === false ? { ...options, prepare: true } : options);
      }
      if (key === "begin" || key === "savepoint") {
        // begin(fn) / begin(options, fn); savepoint(fn) / savepoint(name, fn): the callback gets the transaction's client.
        return (...args: unknown[]) =>
          (value as (...a: unknown[]) => unknown)(...args.map((arg) => (typeof arg === "function" ? (inner: object) => (arg as (c: object) => unknown)(preparingClient(inner)) : arg)));
      }
      return value;
    },
  });
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

/**
 * Page furniture and laid-out pages kept across renders (documents/page-furniture.tsx).
 * Why: what a page prints around its content that depends on the printed page or on the
 * rendering (the running footer's "Page x / y", the verification code, the time of issue) can only
 * go through react-pdf's render props (`<Text render={({ pageNumber, totalPages }) => …}>`), and
 * react-pdf's pagination then lays the whole page out again at every page break and once more per
 * printed page: on the 40 × 10 attendance sheet, about a third of the render. And while that
 * furniture is inside the page, no two renders of the same content lay out the same page.
 * react-pdf has no hook between its layout and its PDF writer, and its laid-out tree is not a
 * public API: this runs the two steps that its `renderToBuffer` chains (@react-pdf/layout, then
 * @react-pdf/render writing into a pdfkit document built as react-pdf builds it) with these between:
 * - each <Page> is laid out without its `PageFurniture` (absolutely placed elements: they take no
 *   room in the flow), and its printed pages are kept by the SHA-256 of the page's content (its
 *   React-rendered tree, images included), least recently used out beyond LAID_OUT_PAGES_BUDGET; a
 *   page with a function prop (a render prop) is not kept. The key is the content: the same content
 *   gives the same printed pages whichever tenant's document holds it;
 * - the furniture of every printed page is then rendered with its page number and the page count,
 *   laid out on its own (one page of the same size and style per printed page) and drawn over it.
 * A document without furniture is written by react-pdf itself (`pdf().toBuffer()`, what
 * `renderToBuffer` calls). The writer refuses Document props it does not pass on.
 * Tested by tests/unit/page-furniture.test.ts (the same text at the same places as react-pdf's
 * render props, metadata, kept pages reused and bounded).
 */
export const PAGE_FURNITURE_PROP = "pageFurniture";
export type PageFurnitureRender = (page: { pageNumber: number; totalPages: number }) => ReactNode;

type PdfNode = {
  type: string;
  props?: Record<string, unknown>;
  style?: unknown;
  box?: { width?: number; height?: number };
  children?: PdfNode[];
  lines?: { runs?: { glyphs?: unknown[] }[] }[];
};

/**
 * react-pdf, its layout step (@react-pdf/layout's default export, called as react-pdf calls it: its
 * typings omit the font store) and its writer (@react-pdf/render's), loaded on first use: only the
 * render threads call renderPdfBuffer, and this file is also loaded by the request thread.
 */
type ReactPdf = {
  renderer: typeof import("@react-pdf/renderer");
  layOut: (document: unknown, fontStore: unknown) => Promise<PdfNode>;
  write: (ctx: unknown, layout: unknown) => NodeJS.ReadableStream;
};
let reactPdf: Promise<ReactPdf> | null = null;
const loadReactPdf = () =>
  (reactPdf ??= Promise.all([import("@react-pdf/renderer"), import("@react-pdf/layout"), import("@react-pdf/render")]).then(([renderer, layout, render]) => ({
    renderer,
    layOut: layout.default as unknown as ReactPdf["layOut"],
    write: render.default as unknown as ReactPdf["write"],
  })));

const furnitureOf = (node: PdfNode): PageFurnitureRender | null => {
  const render = node.props?.[PAGE_FURNITURE_PROP];
  return typeof render === "function" ? (render as PageFurnitureRender) : null;
};
/** Furniture below a page's top level, or a bookmark (its numbering is per layout, and pages are laid out apart): refused. */
const refused = (node: PdfNode): string | null =>
  furnitureOf(node) ? "a PageFurniture must be a child of its <Page>" : node.props?.bookmark ? "a document with page furniture cannot have bookmarks yet" : ((node.children ?? []).map(refused).find((r) => r !== null) ?? null);

/** The key of a page's content, or null when the page holds a function (a render prop: its layout depends on the pagination). */
function contentKey(page: PdfNode): string | null {
  let keepable = true;
  const json = JSON.stringify(page, (_, value: unknown) => {
    if (typeof value !== "function") return value;
    keepable = false;
    return undefined;
  });
  return keepable ? createHash("sha256").update(json).digest("base64") : null;
}

/** A laid-out page's weight in bytes, roughly (measured: the 22 pages of a 40 × 10 sheet keep 13.6 MB of heap for 5,900 nodes and 24,000 glyphs). */
function weight(node: PdfNode): number {
  let glyphs = 0;
  for (const line of node.lines ?? []) for (const run of line.runs ?? []) glyphs += run.glyphs?.length ?? 0;
  return 1400 + 290 * glyphs + (node.children ?? []).reduce((sum, child) => sum + weight(child), 0);
}

/** Bytes of laid-out pages a thread keeps (about two 40 × 10 attendance sheets). */
export const LAID_OUT_PAGES_BUDGET = 32 * 1024 * 1024;

/** Printed pages of a <Page>, by content key, least recently used first. */
export class LaidOutPages {
  private readonly kept = new Map<string, { pages: PdfNode[]; bytes: number }>();
  private keptBytes = 0;

  constructor(readonly limitBytes: number) {}

  get(key: string): PdfNode[] | undefined {
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    this.kept.delete(key);
    this.kept.set(key, hit);
    return hit.pages;
  }

  set(key: string, pages: PdfNode[]): void {
    const bytes = pages.reduce((sum, page) => sum + weight(page), 0);
    if (bytes > this.limitBytes || this.kept.has(key)) return;
    this.keptBytes += bytes;
    for (const [oldKey, old] of this.kept) {
      if (this.keptBytes <= this.limitBytes) break;
      this.kept.delete(oldKey);
      this.keptBytes -= old.bytes;
    }
    this.kept.set(key, { pages, bytes });
  }

  /** How many pages' contents and bytes are kept (tests). */
  get size(): { contents: number; bytes: number } {
    return { contents: this.kept.size, bytes: this.keptBytes };
  }
}

const threadLaidOutPages = new LaidOutPages(LAID_OUT_PAGES_BUDGET);

/** Set on the copy of a <Page> laid out, so its printed pages can be told from the others'. */
const SOURCE_PROP = "laidOutFrom";

/** The bytes of a PDF stream, as `renderToBuffer` collects them. */
function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/** The Document props the writer passes to pdfkit as react-pdf does; any other one is refused rather than dropped. */
const WRITTEN_PROPS = new Set(["title", "author", "subject", "keywords", "creator", "producer", "creationDate", "modificationDate", "language"]);

function writePdf(write: ReactPdf["write"], props: Record<string, unknown>, layout: PdfNode): Promise<Buffer> {
  const info = {
    Title: props.title,
    Author: props.author,
    Subject: props.subject,
    Keywords: props.keywords,
    Creator: props.creator ?? "react-pdf",
    Producer: props.producer ?? "react-pdf",
    CreationDate: props.creationDate ?? new Date(),
    ModificationDate: props.modificationDate,
  };
  const ctx = new PDFDocument({
    compress: true,
    lang: props.language,
    displayTitle: true,
    autoFirstPage: false,
    info: Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined && v !== null)),
  });
  return collect(write(ctx, layout));
}

/** react-pdf's `renderToBuffer`, with page furniture and kept pages (see above); `kept`: the thread's by default. */
export async function renderPdfBuffer(element: ReactElement<DocumentProps>, kept: LaidOutPages = threadLaidOutPages): Promise<Buffer> {
  const { renderer, layOut, write } = await loadReactPdf();
  const { Document, Font, Page, pdf } = renderer;
  const instance = pdf(element);
  const root = instance.container.document as PdfNode;
  const sources = root.children ?? [];
  const furniture = sources.map((page) => (page.children ?? []).map(furnitureOf).filter((render) => render !== null));
  if (furniture.every((f) => f.length === 0)) return collect(await instance.toBuffer());

  const props = (root.props ?? {}) as Record<string, unknown>;
  const unsupported = Object.keys(props).filter((k) => !WRITTEN_PROPS.has(k) && props[k] !== undefined);
  if (unsupported.length) throw new Error(`framework-internals: a document with page furniture cannot set ${unsupported.join(", ")} yet`);
  const contents = sources.map((page) => ({ ...page, children: (page.children ?? []).filter((child) => !furnitureOf(child)) }));
  const problem = contents.map(refused).find((r) => r !== null);
  if (problem) throw new Error(`framework-internals: ${problem}`);
  const keys = contents.map(contentKey);
  const printed: (PdfNode[] | undefined)[] = keys.map((key) => (key ? kept.get(key) : undefined));
  const missing = contents.flatMap((page, i) => (printed[i] ? [] : [{ ...page, props: { ...page.props, [SOURCE_PROP]: i } }]));
  if (missing.length) {
    const laid = await layOut({ ...root, children: missing }, Font);
    for (const page of laid.children ?? []) (printed[page.props?.[SOURCE_PROP] as number] ??= []).push(page);
    for (const page of missing) {
      const i = page.props[SOURCE_PROP];
      const key = keys[i];
      if (key && printed[i]) kept.set(key, printed[i]);
    }
  }

  const pages = printed.flatMap((list, source) => (list ?? []).map((page) => ({ page, source })));
  const totalPages = pages.length;
  const overlay = createElement(
    Document,
    null,
    ...pages.map(({ page, source }, i) =>
      createElement(
        Page,
        { key: i, size: [page.box?.width ?? 0, page.box?.height ?? 0], style: sources[source]!.style as never, wrap: false },
        ...furniture[source]!.map((render) => render({ pageNumber: i + 1, totalPages })),
      ),
    ),
  );
  const furnished = await layOut(pdf(overlay).container.document, Font);
  const merged = { ...root, children: pages.map(({ page }, i) => ({ ...page, children: [...(page.children ?? []), ...(furnished.children?.[i]?.children ?? [])] })) };
  return writePdf(write, props, merged);
}
