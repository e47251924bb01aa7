import { createElement as h } from "react";
import { Document, Font, Page, Text, renderToBuffer } from "@react-pdf/renderer";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";
import { describe, expect, it, vi } from "vitest";
import { documentFontsReady, FONT, memoizeLayout } from "../../server/services/documents/fonts";
import { reuseEmbeddedFonts } from "../../server/framework-internals";
import { OpaquePngs } from "../../server/services/documents/opaque-png";
import { demoSignature } from "../../server/seed/signature-png";
import { pdfFontList, pdfText } from "../helpers/documents";

/**
 * What the render thread keeps between documents (documents/fonts.ts memoizeLayout: shaped runs;
 * framework-internals.ts reuseEmbeddedFonts: one embedded font per face and document;
 * documents/opaque-png.ts OpaquePngs: drawn images flattened onto white) changes nothing printed.
 */
type Run = { glyphs: { id: number; codePoints: number[] }[]; positions: { xAdvance: number; xOffset: number }[]; advanceWidth: number };
type Face = { layout(text: string, ...rest: unknown[]): Run; postscriptName: string };

async function face(fontWeight: 400 | 700 = 400): Promise<Face> {
  await documentFontsReady();
  return Font.getFont({ fontFamily: FONT.sans, fontWeight, fontStyle: "normal" }).data as unknown as Face;
}

const STYLES = [{}, { fontWeight: "bold" as const }, { fontStyle: "italic" as const }, { fontFamily: FONT.mono }];
const doc = (lines: string[]) =>
  h(
    Document,
    null,
    h(
      Page,
      { size: "A4", style: { fontFamily: FONT.sans, fontSize: 9, padding: 30 } },
      ...lines.map((line, i) => h(Text, { key: i, style: STYLES[i % STYLES.length] }, line)),
    ),
  );

describe("shaped runs kept per face (memoizeLayout)", () => {
  it("a run shaped again is the same glyphs and positions, handed out as a copy the caller may change", async () => {
    const font = await face(700);
    const first = font.layout("Émargement effectif — 09:03", undefined, undefined, undefined, "ltr");
    const ids = first.glyphs.map((g) => g.id);
    const advances = first.positions.map((p) => p.xAdvance);
    const width = first.advanceWidth;
    // pdfkit scales a run's positions in place: the kept run must not see it.
    for (const p of first.positions) p.xAdvance *= 1000;
    first.glyphs.length = 0;
    const again = font.layout("Émargement effectif — 09:03", undefined, undefined, undefined, "ltr");
    expect(again).not.toBe(first);
    expect(again.glyphs.map((g) => g.id)).toEqual(ids);
    expect(again.positions.map((p) => p.xAdvance)).toEqual(advances);
    expect(again.advanceWidth).toBe(width);
    // The ligature keeps its letters (the glyph objects are fontkit's own).
    expect(String.fromCodePoint(...again.glyphs.flatMap((g) => g.codePoints))).toBe("Émargement effectif — 09:03");
  });

  it("another string, other features or another face are shaped afresh", async () => {
    const regular = await face(400);
    const bold = await face(700);
    const a = regular.layout("Martin", undefined, undefined, undefined, "ltr");
    const b = regular.layout("Martine", undefined, undefined, undefined, "ltr");
    expect(b.glyphs.length).toBe(a.glyphs.length + 1);
    const plain = regular.layout("effectif", { liga: false });
    const ligated = regular.layout("effectif");
    expect(plain.glyphs.length).toBeGreaterThan(ligated.glyphs.length);
    expect(bold.layout("Martin", undefined, undefined, undefined, "ltr").advanceWidth).not.toBe(a.advanceWidth);
  });

  it("keeps at most `limit` runs, the least recently used out first", () => {
    const calls: string[] = [];
    const fake = { layout: (text: string) => (calls.push(text), { glyphs: [], positions: [] }) };
    memoizeLayout(fake, 2);
    memoizeLayout(fake, 2); // idempotent: not wrapped twice
    for (const t of ["a", "b", "a", "c", "a", "b"]) fake.layout(t);
    // "b" was the least recently used when "c" came in: shaped again at the end.
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });
});

describe("one embedded font per face and document (reuseEmbeddedFonts)", () => {
  it("the second use of a face in a document goes to the font kept for it", async () => {
    reuseEmbeddedFonts();
    const font = await face(700);
    const pdf = new PDFDocument({ autoFirstPage: false }) as unknown as { font(src: unknown, size?: number): unknown; _font: { name: string }; _fontSize: number; _fontCount: number };
    pdf.font(font, 9);
    const kept = pdf._font;
    const count = pdf._fontCount;
    pdf.font(font, 12);
    expect(pdf._font).toBe(kept);
    expect(pdf._fontSize).toBe(12);
    expect(pdf._fontCount).toBe(count); // no embedded font built for the second use
    expect(kept.name).toBe("DejaVuSans-Bold");
    // Another document starts with none.
    const other = new PDFDocument({ autoFirstPage: false }) as unknown as { font(src: unknown, size?: number): unknown; _font: unknown };
    other.font(font, 9);
    expect(other._font).not.toBe(kept);
  });

  it("documents rendered one after another print the same text with the same embedded faces, and a changed line is printed as changed", async () => {
    reuseEmbeddedFonts();
    await documentFontsReady();
    const lines = ["MARTIN Élodie — Présent", "DURAND Ève — En retard (12 min)", "Code PIN 09:03", "effectif justifiée", "MARTIN Élodie — Présent", "sha256 3f0a…"];
    const first = Buffer.from(await renderToBuffer(doc(lines)));
    const second = Buffer.from(await renderToBuffer(doc(lines)));
    expect(pdfText(second)).toBe(pdfText(first));
    expect(pdfText(first)).toContain("DURAND Ève — En retard (12 min)");
    expect(pdfText(first)).toContain("effectif justifiée");
    const faces = (pdf: Buffer) => pdfFontList(pdf).map((f) => `${f.name.replace(/^[A-Z]{6}\+/, "")} ${String(f.embedded)}`).sort();
    expect(faces(second)).toEqual(faces(first));
    // One font object per face used (mono, bold, italic, regular): not one per text run.
    expect(faces(first)).toEqual(["DejaVuSans true", "DejaVuSans-Bold true", "DejaVuSans-Oblique true", "DejaVuSansMono true"]);
    const changed = Buffer.from(await renderToBuffer(doc(lines.map((l) => l.replace("Élodie", "Éloïse")))));
    expect(pdfText(changed)).toContain("MARTIN Éloïse — Présent");
    expect(pdfText(changed)).not.toContain("Élodie");
  });
});

describe("drawn images made opaque once per content (OpaquePngs)", () => {
  const url = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
  const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.split(",")[1]!, "base64"));

  it("a transparent signature is printed as opaque RGB on white, its strokes unchanged; the same bytes are decoded once", () => {
    const kept = new OpaquePngs(1024 * 1024);
    const drawn = demoSignature(3).png;
    const read = vi.spyOn(PNG.sync, "read");
    try {
      const out = kept.dataUrl(url(drawn));
      const flat = Buffer.from(out.split(",")[1]!, "base64");
      expect(flat[25]).toBe(2); // IHDR colour type: RGB, no alpha channel
      const before = PNG.sync.read(drawn);
      const after = decode(out);
      let ink = 0;
      for (let i = 0; i < before.data.length; i += 4) {
        const expected = before.data[i + 3] === 255 ? [...before.data.subarray(i, i + 3)] : [255, 255, 255];
        expect([...after.data.subarray(i, i + 3)]).toEqual(expected);
        if (before.data[i + 3] === 255) ink += 1;
      }
      expect(ink).toBeGreaterThan(100);
      read.mockClear();
      expect(kept.dataUrl(url(drawn))).toBe(out);
      expect(read).not.toHaveBeenCalled();
      // Other bytes are other images.
      expect(decode(kept.dataUrl(url(demoSignature(4).png))).data).not.toEqual(after.data);
    } finally {
      read.mockRestore();
    }
  });

  it("an opaque PNG and a JPEG are printed as they are; a PNG that does not decode throws", () => {
    const kept = new OpaquePngs(1024 * 1024);
    const opaque = new PNG({ width: 4, height: 4 });
    opaque.data.fill(255);
    const opaqueUrl = url(PNG.sync.write(opaque));
    expect(kept.dataUrl(opaqueUrl)).toBe(opaqueUrl);
    expect(kept.dataUrl("data:image/jpeg;base64,/9j/4AAQ")).toBe("data:image/jpeg;base64,/9j/4AAQ");
    expect(() => kept.dataUrl(url(Buffer.from("\x89PNG\r\n\x1a\n broken", "latin1")))).toThrow();
  });

  it("keeps at most its byte limit, the least recently used out first", () => {
    const signatures = [1, 2, 3].map((seed) => url(demoSignature(seed).png));
    const one = new OpaquePngs(1024 * 1024).dataUrl(signatures[0]!).length;
    const kept = new OpaquePngs(Math.round(one * 2.5));
    const read = vi.spyOn(PNG.sync, "read");
    try {
      kept.dataUrl(signatures[0]!);
      kept.dataUrl(signatures[1]!);
      kept.dataUrl(signatures[0]!); // the first is now the most recently used
      kept.dataUrl(signatures[2]!); // the second goes
      expect(kept.size.urls).toBe(2);
      expect(kept.size.bytes).toBeLessThanOrEqual(kept.limitBytes);
      read.mockClear();
      kept.dataUrl(signatures[0]!);
      expect(read).not.toHaveBeenCalled();
      kept.dataUrl(signatures[1]!);
      expect(read).toHaveBeenCalledTimes(1);
      // One larger than the whole limit is made opaque and not kept.
      const tiny = new OpaquePngs(100);
      expect(decode(tiny.dataUrl(signatures[0]!)).width).toBe(320);
      expect(tiny.size).toEqual({ urls: 0, bytes: 0 });
    } finally {
      read.mockRestore();
    }
  });
});
