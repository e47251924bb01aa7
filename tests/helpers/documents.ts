import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { TestApi } from "./api";

/** A binary answer of the REST surface (PDF, PNG, JSON file): status, headers and bytes; `apiPath` is under /api/v1 unless it starts with /api/. */
export async function fetchBytes(api: TestApi, method: string, apiPath: string, opts: { tenant?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${api.url}${apiPath.startsWith("/api/") ? apiPath : `/api/v1${apiPath}`}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: any = null;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    /* binary */
  }
  return { status: res.status, headers: res.headers, bytes, body };
}

function withFile<T>(pdf: Buffer, run: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), "doc-test-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext of the bytes, whitespace collapsed. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })).replace(/\s+/g, " ");
}

/** The images drawn in the PDF (`pdfimages -list`): one row per image or soft mask. */
export function pdfImageList(pdf: Buffer): { page: number; type: string; width: number; height: number }[] {
  const out = withFile(pdf, (file) => execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }));
  return out
    .trim()
    .split("\n")
    .slice(2)
    .map((row) => row.trim().split(/\s+/))
    .map((cols) => ({ page: Number(cols[0]), type: cols[2]!, width: Number(cols[3]), height: Number(cols[4]) }));
}

/** Asserts that pdffonts lists fonts and every one is embedded (a DejaVu subset). */
export function expectEmbeddedFonts(pdf: Buffer): void {
  const rows = withFile(pdf, (file) => execFileSync("pdffonts", [file], { encoding: "utf8" }))
    .trim()
    .split("\n")
    .slice(2);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cols = row.trim().split(/\s+/);
    expect(cols.slice(-5)[0], row).toBe("yes");
    expect(cols[0], row).toMatch(/^[A-Z]{6}\+DejaVuSans/);
  }
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";

/** pdftotext -layout of the bytes: one printed line per text line (table rows stay on one line). */
export function pdfLayoutLines(pdf: Buffer): string[] {
  return withFile(pdf, (file) => execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })).split("\n");
}
