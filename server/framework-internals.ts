import type http from "node:http";
import { createElement, type ReactElement } from "react";
import { Document, Font, Page, pdf, Text, type DocumentProps } from "@react-pdf/renderer";
import layoutDocument from "@react-pdf/layout";
import renderLaidOut from "@react-pdf/render";
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

/**
 * "Page x / y" printed once the page count is known (documents/page-number.tsx `PageNumber`).
 * Why: react-pdf prints page numbers only through a render prop (`<Text render={({ pageNumber,
 * totalPages }) => …}>`), and its pagination lays a page holding one out again in full at every
 * page break, then once more per printed page: on the 40 × 10 attendance sheet, over a third of
 * the render. The number's text changes nothing else on the page, so this runs the two steps that
 * react-pdf's `renderToBuffer` chains (@react-pdf/layout, then @react-pdf/render writing into a
 * pdfkit document built as react-pdf builds it) with one step between: each `PageNumber` box of
 * each laid-out page gets its text, laid out on its own (one small page per printed page) in
 * the box's place and font, and appended to that page. react-pdf has no hook between its layout
 * and its writer, and its laid-out tree (boxes, resolved styles) is not a public API.
 * A document without a `PageNumber` is written by react-pdf itself (`pdf().toBuffer()`, what
 * `renderToBuffer` calls).
 * Tested by tests/unit/page-number.test.ts (numbers, places, fonts and metadata as react-pdf's own).
 */
export const PAGE_NUMBER_PROP = "pageNumberText";
export type PageNumberText = (page: { pageNumber: number; totalPages: number }) => string;

type Box = { top?: number; left?: number; width?: number; height?: number; paddingTop?: number; paddingLeft?: number; paddingRight?: number };
type PdfNode = { type: string; props?: Record<string, unknown>; style?: Record<string, unknown>; box?: Box; children?: PdfNode[] };

/** @react-pdf/layout's default export, as react-pdf calls it (its typings omit the font store argument). */
const layOut = layoutDocument as unknown as (document: unknown, fontStore: unknown) => Promise<PdfNode>;

const pageNumberText = (node: PdfNode): PageNumberText | null => {
  const text = node.props?.[PAGE_NUMBER_PROP];
  return typeof text === "function" ? (text as PageNumberText) : null;
};
const hasPageNumber = (node: PdfNode): boolean => pageNumberText(node) !== null || (node.children ?? []).some(hasPageNumber);

/** The text styles a `PageNumber` box passes to its text (react-pdf's inherited ones, as resolved on the box). */
const TEXT_STYLE = ["color", "fontFamily", "fontSize", "fontStyle", "fontWeight", "letterSpacing", "lineHeight", "opacity", "textAlign", "textDecoration", "textTransform"] as const;

/** Each `PageNumber` box of a laid-out page: its text function and content box in page coordinates. */
function pageNumberBoxes(node: PdfNode, left = 0, top = 0, out: { text: PageNumberText; style: Record<string, unknown>; left: number; top: number; width: number }[] = []) {
  const box = node.box ?? {};
  const x = left + (box.left ?? 0);
  const y = top + (box.top ?? 0);
  const text = pageNumberText(node);
  if (text) {
    const style = Object.fromEntries(TEXT_STYLE.filter((k) => node.style?.[k] !== undefined).map((k) => [k, node.style![k]]));
    out.push({ text, style, left: x + (box.paddingLeft ?? 0), top: y + (box.paddingTop ?? 0), width: (box.width ?? 0) - (box.paddingLeft ?? 0) - (box.paddingRight ?? 0) });
  }
  for (const child of node.children ?? []) pageNumberBoxes(child, x, y, out);
  return out;
}

/** The Document props this writer passes to pdfkit as react-pdf does; any other one is refused rather than dropped. */
const WRITTEN_PROPS = new Set(["title", "author", "subject", "keywords", "creator", "producer", "creationDate", "modificationDate", "language", "children", "style"]);

/** The bytes of a PDF stream, as `renderToBuffer` collects them. */
function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

function writePdf(props: Record<string, unknown>, layout: PdfNode): Promise<Buffer> {
  const unsupported = Object.keys(props).filter((k) => !WRITTEN_PROPS.has(k) && props[k] !== undefined);
  if (unsupported.length) throw new Error(`framework-internals: a document with page numbers cannot set ${unsupported.join(", ")} yet`);
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
  return collect((renderLaidOut as unknown as (ctx: unknown, doc: unknown) => NodeJS.ReadableStream)(ctx, layout));
}

/** react-pdf's `renderToBuffer`, with the `PageNumber` boxes filled in after pagination. */
export async function renderPdfBuffer(element: ReactElement<DocumentProps>): Promise<Buffer> {
  const instance = pdf(element);
  const root = instance.container.document as PdfNode;
  if (!hasPageNumber(root)) return collect(await instance.toBuffer());
  const layout = await layOut(root, Font);
  const pages = layout.children ?? [];
  const totalPages = pages.length;
  const numbers = pages.map((page, i) =>
    createElement(
      Page,
      { key: i, size: [page.box?.width ?? 0, page.box?.height ?? 0], wrap: false },
      ...pageNumberBoxes(page).map((n, j) =>
        createElement(Text, { key: j, style: { ...n.style, position: "absolute", top: n.top, left: n.left, width: n.width } }, n.text({ pageNumber: i + 1, totalPages })),
      ),
    ),
  );
  const numbered = await layOut(pdf(createElement(Document, null, ...numbers)).container.document, Font);
  const merged = { ...layout, children: pages.map((page, i) => ({ ...page, children: [...(page.children ?? []), ...(numbered.children?.[i]?.children ?? [])] })) };
  return writePdf((root.props ?? {}) as Record<string, unknown>, merged);
}
