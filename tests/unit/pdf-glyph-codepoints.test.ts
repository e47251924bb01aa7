import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { documentFontsReady, FACES, FONT } from "../../server/services/documents/fonts";

/**
 * The text layer of every PDF: a glyph keeps the code point it stands for, whatever the render
 * thread wrote before. fontkit keeps a glyph object with the code points of its first use, and
 * writing a subset creates a composite's components (the "E" of "É") with none; after such a
 * subset, an "E" laid out later had no code point and its ToUnicode entry was lost (the attendance
 * sheet read "#n retard" for "En retard" in full test runs). documentFontsReady creates every
 * glyph with its code point first.
 */
type FontkitFont = {
  layout(text: string): { glyphs: { id: number; codePoints: number[] }[] };
  createSubset(): { includeGlyph(id: number): number; encode(): unknown };
};

describe("embedded fonts' glyphs keep their code points", () => {
  it("the warm-up's faces are each family's four fonts (the bold ones too)", async () => {
    await documentFontsReady();
    for (const fontFamily of Object.values(FONT)) {
      const names = FACES.map((face) => (Font.getFont({ fontFamily, ...face }).data as unknown as { postscriptName: string }).postscriptName);
      expect(new Set(names).size, fontFamily).toBe(4);
      expect(names[1], fontFamily).toMatch(/-Bold$/);
      expect(names[3], fontFamily).toMatch(/-BoldOblique$/);
    }
  });

  it("after a subset holding accented capitals, their base letters still map to their characters, in every face", async () => {
    await documentFontsReady();
    for (const fontFamily of Object.values(FONT)) {
      for (const face of FACES) {
        const source = Font.getFont({ fontFamily, ...face });
        await source.load();
        const font = source.data as unknown as FontkitFont;
        const subset = font.createSubset();
        for (const g of font.layout("Écart Ève À Ô Ç").glyphs) subset.includeGlyph(g.id);
        subset.encode();
        for (const ch of ["E", "A", "O", "C", "e", "a"]) {
          const [glyph] = font.layout(ch).glyphs;
          expect(glyph!.codePoints, `${fontFamily} ${face.fontWeight} ${face.fontStyle} "${ch}"`).toEqual([ch.codePointAt(0)]);
        }
        // A ligature's glyph stands for its letters ("ff", "fi"), never for the presentation form "ﬀ".
        for (const word of ["effectif", "justifiée"]) {
          const points = font.layout(word).glyphs.flatMap((g) => g.codePoints);
          expect(String.fromCodePoint(...points), `${fontFamily} ${face.fontWeight} ${face.fontStyle} "${word}"`).toBe(word);
        }
      }
    }
  });
});
