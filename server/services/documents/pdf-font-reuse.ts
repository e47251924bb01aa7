import PDFDocument from "pdfkit";

/**
 * react-pdf writes every text run with `ctx.font(fontkitFace, size)`. pdfkit caches a font by its
 * name only when given a string: for a face object it builds a new embedded font (a fontkit subset)
 * on every run, then compares it with the one of the same PostScript name (JSON of the name table)
 * and keeps the first. A 40 × 10 attendance sheet has thousands of runs: a sizeable part of the
 * PDF write. Here a document remembers the embedded font it kept for each face object and goes
 * straight to it; the first use of a face in a document still goes through pdfkit, so the fonts,
 * their subsets and the text are the same. Installed once per thread by registry.tsx.
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
