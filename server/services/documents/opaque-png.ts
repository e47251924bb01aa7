import { createHash } from "node:crypto";
import { PNG } from "pngjs";

/**
 * A PNG as the documents print it: one with any transparent or translucent pixel is composited
 * onto white (their page) and written as opaque RGB, so no document carries a soft mask or
 * transparency (the invoices are PDF/A-3); an opaque one is kept as it is. The stored file keeps
 * its transparency (pages and e-mails draw it on coloured headers).
 */
export function opaquePng(data: Buffer): Buffer {
  const png = PNG.sync.read(data);
  let opaque = true;
  for (let i = 3; i < png.data.length && opaque; i += 4) opaque = png.data[i] === 255;
  // pngjs composites onto its background colour, white by default, when the output has no alpha channel.
  return opaque ? data : PNG.sync.write(png, { colorType: 2, bgColor: { red: 255, green: 255, blue: 255 } });
}

const PNG_DATA_URL = "data:image/png;base64,";

/**
 * PNG data URLs made opaque ({@link opaquePng}), kept by the SHA-256 of the URL, least recently
 * used out beyond `limitBytes` (of data URLs kept). Any other data URL (JPEG) is returned as it
 * is; a PNG that does not decode throws.
 * Why: pdfkit writes an opaque PNG's compressed rows into the PDF as they are, but decodes one
 * with an alpha channel, splits colour from alpha and compresses both again, in every document:
 * about 2.5 ms per drawn signature, and a 40 × 10 attendance sheet prints up to 400. A drawn
 * signature never changes once recorded, so each is flattened once per thread. The key is the
 * content itself: the same bytes give the same image whichever tenant's document prints them.
 */
export class OpaquePngs {
  private readonly kept = new Map<string, string>();
  private keptBytes = 0;

  constructor(readonly limitBytes: number) {}

  dataUrl(url: string): string {
    if (!url.startsWith(PNG_DATA_URL)) return url;
    const key = createHash("sha256").update(url).digest("base64");
    let out = this.kept.get(key);
    if (out !== undefined) this.kept.delete(key);
    else {
      const png = Buffer.from(url.slice(PNG_DATA_URL.length), "base64");
      const opaque = opaquePng(png);
      out = opaque === png ? url : `${PNG_DATA_URL}${opaque.toString("base64")}`;
      if (out.length > this.limitBytes) return out;
      this.keptBytes += out.length;
      for (const [oldKey, old] of this.kept) {
        if (this.keptBytes <= this.limitBytes) break;
        this.kept.delete(oldKey);
        this.keptBytes -= old.length;
      }
    }
    this.kept.set(key, out);
    return out;
  }

  /** How many URLs and bytes are kept (tests). */
  get size(): { urls: number; bytes: number } {
    return { urls: this.kept.size, bytes: this.keptBytes };
  }
}

/** Bytes of opaque data URLs a thread keeps (a drawn signature: about 2 kB). */
export const OPAQUE_PNG_KEPT_BYTES = 16 * 1024 * 1024;
const threadOpaquePngs = new OpaquePngs(OPAQUE_PNG_KEPT_BYTES);

/** {@link OpaquePngs.dataUrl} with this thread's kept images. */
export const opaquePngDataUrl = (url: string): string => threadOpaquePngs.dataUrl(url);
