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

let registered = false;

/** Registers the families with react-pdf (once per thread; the render worker calls it). */
export function registerDocumentFonts(): void {
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
