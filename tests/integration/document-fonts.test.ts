import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { createSession, download, newLearner, startWorld, type World } from "../helpers/attendance";
import { requireDebianTools } from "../helpers/debian-tools";
import { pdfFontList, pdfText } from "../helpers/documents";

/**
 * Read with pdfjs-dist and @libpdf/core (tests/helpers/documents.ts); poppler's pdftotext and
 * pdffonts cross-check where installed. Every document is printed with the embedded DejaVu fonts (server/services/documents/fonts.ts):
 * names beyond Latin-1 print, and no font is left out of the file (PDF/A forbids non-embedded fonts).
 */
let w: World;
let tmp: string;
let pdf: Buffer;

const NAMES = [
  { firstName: "Łukasz", lastName: "Żółć" },
  { firstName: "Thị Ánh", lastName: "Nguyễn" },
  { firstName: "Ida", lastName: "Ørsted-Ågård" },
];

function poppler(tool: "pdftotext" | "pdffonts", args: string[]): string {
  const file = path.join(tmp, "sheet.pdf");
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
}

beforeAll(async () => {
  w = await startWorld();
  tmp = mkdtempSync(path.join(os.tmpdir(), "document-fonts-"));
  for (const name of NAMES) await newLearner(w, name);
  const session = await createSession(w);
  const res = await download(w, `/emargement/${session.id}/pdf`, w.tok.admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  pdf = res.bytes;
});

afterAll(async () => {
  await closeRenderPool();
  rmSync(tmp, { recursive: true, force: true });
  await w?.close();
});

const NAMES_PRINTED = ["Łukasz", "Żółć", "Thị Ánh", "Nguyễn", "Ørsted-Ågård"];

describe("document fonts", () => {
  it("prints names beyond Latin-1 (the text layer gives them back)", () => {
    const text = pdfText(pdf);
    // Last names may be printed in capitals.
    for (const name of NAMES_PRINTED) expect(text.includes(name) || text.includes(name.toUpperCase()), `${name} in:\n${text}`).toBe(true);
  });

  it("embeds every font and uses only the DejaVu families", () => {
    const fonts = pdfFontList(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    }
    expect(fonts.some((f) => /DejaVuSans-Bold$/.test(f.name))).toBe(true);
  });
});

describe("cross-check with poppler, where installed", () => {
  it("pdftotext shows the names", (ctx) => {
    requireDebianTools((note) => ctx.skip(note), "pdftotext");
    const text = poppler("pdftotext", ["-enc", "UTF-8"]);
    for (const name of NAMES_PRINTED) expect(text.includes(name) || text.includes(name.toUpperCase()), `${name} in:\n${text}`).toBe(true);
  });

  it("pdffonts: emb yes on each row, the same fonts", (ctx) => {
    requireDebianTools((note) => ctx.skip(note), "pdffonts");
    const rows = poppler("pdffonts", []).trim().split("\n").slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // name type encoding emb sub uni object ID
      const cols = row.trim().split(/\s+/);
      const [emb] = cols.slice(-5);
      expect(emb, row).toBe("yes");
      expect(cols[0], row).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    }
    expect(rows.map((r) => r.trim().split(/\s+/)[0]).sort()).toEqual(pdfFontList(pdf).map((f) => f.name).sort());
  });
});
