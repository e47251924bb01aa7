import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { TestApi } from "./api";
import type { PdfFont } from "./pdf-read";
import { pdfFontsSync, pdfImagesSync, pdfMetadataSync, pdfPagesLinesSync, pdfPagesReadingSync, pdfPagesTextSync, warmPdfWorker } from "./pdf-sync";

// The PDF reader's worker loads while the test file sets up its world.
warmPdfWorker();

/** A binary answer of the REST surface (PDF, PNG, JSON file): status, headers and bytes; `apiPath` is under /api/v1 unless it starts with /api/. */
/**
 * DUMP_DOCUMENTS_DIR=/some/dir: every PDF, ZIP, CSV or XLSX a test downloads is also written
 * there (named after its path), to be looked at as its reader would (pdftoppm -png …).
 */
function dumpForReview(apiPath: string, contentType: string | null, bytes: Buffer): void {
  const dir = process.env.DUMP_DOCUMENTS_DIR;
  const ext = { "application/pdf": "pdf", "application/zip": "zip", "text/csv": "csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx" }[(contentType ?? "").split(";")[0]!.trim()];
  if (!dir || !ext) return;
  mkdirSync(dir, { recursive: true });
  const name = apiPath.replace(/^\/api\/v1/, "").replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 120);
  writeFileSync(path.join(dir, `${name}-${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}.${ext}`), bytes);
}

export async function fetchBytes(api: TestApi, method: string, apiPath: string, opts: { tenant?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${api.url}${apiPath.startsWith("/api/") ? apiPath : `/api/v1${apiPath}`}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  dumpForReview(apiPath, res.headers.get("content-type"), bytes);
  let body: any = null;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    /* binary */
  }
  return { status: res.status, headers: res.headers, bytes, body };
}

/**
 * PDFs read as their readers would, with npm libraries only (pdfjs-dist and @libpdf/core through
 * tests/helpers/pdf-sync.ts): nothing to install beyond `npm ci`. Poppler's tools stay as an
 * optional cross-check (tests/helpers/debian-tools.ts).
 */

/**
 * The text of the bytes in reading order (like pdftotext; tests/helpers/pdf-read.ts readingText:
 * a cell's or a paragraph's lines together, blocks row by row), whitespace collapsed.
 */
export function pdfText(pdf: Buffer): string {
  return pdfPagesReadingSync(pdf).join(" ").replace(/\s+/g, " ").trim();
}

/** The text of the bytes in drawing order (items as the content streams draw them), whitespace collapsed. */
export function pdfTextAsDrawn(pdf: Buffer): string {
  return pdfPagesTextSync(pdf).join(" ").replace(/\s+/g, " ").trim();
}

/** The images drawn in the PDF (like `pdfimages -list`): one row per image or soft mask. */
export function pdfImageList(pdf: Buffer): { page: number; type: string; width: number; height: number }[] {
  return pdfImagesSync(pdf);
}

/** The fonts of the PDF (like `pdffonts`): name, type, embedded. */
export function pdfFontList(pdf: Buffer): PdfFont[] {
  return pdfFontsSync(pdf);
}

/** Asserts that the PDF uses fonts and every one is embedded (a DejaVu subset). */
export function expectEmbeddedFonts(pdf: Buffer): void {
  const fonts = pdfFontsSync(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.embedded, font.name).toBe(true);
    expect(font.name, font.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
  }
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";

/** The printed lines of the bytes, like `pdftotext -layout`: one line per text line (table rows stay on one line, columns apart by two spaces or more). */
export function pdfLayoutLines(pdf: Buffer): string[] {
  return pdfPagesLinesSync(pdf).flat();
}

/** The printed lines page by page, each page's lines joined by a new line. */
export function pdfPages(pdf: Buffer): string[] {
  return pdfPagesLinesSync(pdf).map((lines) => lines.join("\n"));
}

/** The number of pages and the document information dictionary (Title, Author, Creator, Producer…). */
export function pdfInfo(pdf: Buffer): { pages: number; info: Record<string, string> } {
  const { pages, info } = pdfMetadataSync(pdf);
  return { pages, info };
}
