import { createRequire } from "node:module";
import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * The font families of every generated document, embedded (subset) in each PDF: the standard
 * PDF fonts (Helvetica, Courier) are not embedded, which PDF/A forbids, and only cover Latin-1
 * ("Łukasz Żółć" or "Nguyễn Thị Ánh" would not print).
 *
 * DejaVu fonts (npm package `dejavu-fonts-ttf`): Bitstream Vera licence for the Vera glyphs,
 * DejaVu changes in the public domain; free to embed and redistribute. The licence text ships
 * with the package (node_modules/dejavu-fonts-ttf/LICENSE).
 */
export const FONT = { sans: "DejaVu Sans", mono: "DejaVu Sans Mono" } as const;

/**
 * The four faces of a family, as react-pdf looks them up for a text style (numeric weights: given
 * "bold", `Font.getFont` matches no face exactly and falls back to the regular one).
 */
export const FACES = [
  { fontWeight: 400, fontStyle: "normal" },
  { fontWeight: 700, fontStyle: "normal" },
  { fontWeight: 400, fontStyle: "italic" },
  { fontWeight: 700, fontStyle: "italic" },
] as const;

let ready: Promise<void> | null = null;

/**
 * Registers the families with react-pdf and prepares their glyphs, once per thread (the render
 * worker awaits it before each render), and keeps their shaped runs ({@link memoizeLayout}).
 */
export function documentFontsReady(): Promise<void> {
  ready ??= (async () => {
    registerDocumentFonts();
    await warmGlyphs();
  })();
  return ready;
}

type GlyphRunLike = { glyphs: unknown[]; positions: object[] };
type LayoutFn = (text: unknown, ...rest: unknown[]) => GlyphRunLike;
type Shaper = { layout: LayoutFn; [SHAPED]?: Map<string, GlyphRunLike> };
const SHAPED = Symbol("shapedRuns");

/** Shaped runs kept per face (least recently used first out): a sheet's names, labels and times, some thousand strings. */
export const SHAPED_RUNS_PER_FACE = 20_000;

/** A fresh copy of a run: its arrays and positions are the caller's to change (pdfkit scales positions in place). */
function copyRun(run: GlyphRunLike): GlyphRunLike {
  const positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p));
  return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRunLike, run, { glyphs: run.glyphs.slice(), positions });
}

/**
 * Shaping a string (fontkit `layout`: glyphs, GSUB substitutions, GPOS positions) is the largest
 * part of a document's text layout, and the same strings come back within a document (a learner's
 * name on every slot page, the labels, the hours) and from one render to the next. The face keeps
 * the run of each (string, features, script, language, direction) and hands out copies. The glyphs
 * are fontkit's own objects (one per glyph id and face, as without the memo), so the text layer is
 * the same. Idempotent.
 */
export function memoizeLayout(font: object, limit = SHAPED_RUNS_PER_FACE): void {
  const face = font as Shaper;
  if (face[SHAPED] || typeof face.layout !== "function") return;
  const shape = face.layout.bind(face);
  const runs = new Map<string, GlyphRunLike>();
  face[SHAPED] = runs;
  face.layout = (text, ...rest) => {
    if (typeof text !== "string") return shape(text, ...rest);
    const key = `${JSON.stringify(rest)}\u0000${text}`;
    let run = runs.get(key);
    if (run) runs.delete(key);
    else {
      run = shape(text, ...rest);
      if (runs.size >= limit) runs.delete(runs.keys().next().value!);
    }
    runs.set(key, run);
    return copyRun(run);
  };
}

/**
 * Every glyph that a code point reaches is created once, up front, with that code point.
 * Why: fontkit keeps each glyph object with the code points of its FIRST use, and writing a subset
 * creates a composite glyph's components (the "E" inside "É") with none. A render thread lives
 * across documents, so after a document whose italic text had "É" but no "E", a later italic "E"
 * reused that glyph: the PDF's ToUnicode map lost it, and its text read "#n retard" for "En retard"
 * to search, copy and screen readers (what PDF/A requires to be right). Created here first, the
 * glyphs carry their code points whatever the documents rendered before.
 */
async function warmGlyphs(): Promise<void> {
  for (const fontFamily of Object.values(FONT)) {
    for (const face of FACES) {
      const source = Font.getFont({ fontFamily, ...face });
      await source.load();
      const font = source.data as { characterSet?: number[]; glyphForCodePoint?: (cp: number) => unknown } | null;
      for (const cp of font?.characterSet ?? []) if (isPlainCharacter(cp)) font?.glyphForCodePoint?.(cp);
      if (font) memoizeLayout(font);
    }
  }
}

/**
 * A character that stands for itself (NFKC-stable). Ligatures and other compatibility forms ("ﬀ",
 * "ﬁ") are left out: their glyphs are reached by the fonts' ligature substitution from "ff" and
 * "fi", and must keep those two code points, or the text of "effectif" would read "eﬀectif".
 */
const isPlainCharacter = (cp: number) => {
  const ch = String.fromCodePoint(cp);
  return ch.normalize("NFKC") === ch;
};

let registered = false;

/** Registers the families with react-pdf (once per thread). */
function registerDocumentFonts(): void {
  if (registered) return;
  registered = true;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  const file = (name: string) => path.join(dir, `${name}.ttf`);
  for (const [family, base] of [
    [FONT.sans, "DejaVuSans"],
    [FONT.mono, "DejaVuSansMono"],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: file(base), fontWeight: "normal", fontStyle: "normal" },
        { src: file(`${base}-Bold`), fontWeight: "bold", fontStyle: "normal" },
        { src: file(`${base}-Oblique`), fontWeight: "normal", fontStyle: "italic" },
        { src: file(`${base}-BoldOblique`), fontWeight: "bold", fontStyle: "italic" },
      ],
    });
  }
  // Names, hashes and URLs must never be hyphenated.
  Font.registerHyphenationCallback((word) => [word]);
}
