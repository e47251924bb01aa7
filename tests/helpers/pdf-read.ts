import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, PdfString, type PdfObject } from "@libpdf/core";
import { inflateSync } from "node:zlib";

/**
 * Reading PDFs in the tests with npm libraries only (no poppler, no qpdf):
 * - text with pdfjs-dist (Mozilla's reader, legacy build for Node), as drawn (`pdfTextAsync`) or
 *   rebuilt into printed lines by position (`pdfPagesLines`, the stand-in for `pdftotext -layout`);
 * - the document information dictionary, the XMP and the attachments with pdfjs-dist too (not with
 *   the library that wrote them);
 * - fonts, images and signature dictionaries by walking the objects with @libpdf/core;
 * - the structure (the stand-in for `qpdf --check`): every cross-reference section read by hand
 *   from `startxref` back through `/Prev`, every entry pointing at its `N G obj`, and every object
 *   loaded by a strict parse.
 * All functions are async; tests/helpers/pdf-sync.ts runs them synchronously in a worker thread.
 */

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfjsModule> | null = null;
const loadPdfjs = () => (pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs"));

async function openPdfjs(bytes: Uint8Array) {
  const { getDocument } = await loadPdfjs();
  // pdfjs takes the buffer over: give it a copy.
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0, stopAtErrors: true }).promise;
}

export type TextItem = { str: string; x: number; y: number; width: number; size: number; eol: boolean };

/** The text items of each page, in drawing order. */
export async function pdfTextItems(bytes: Uint8Array): Promise<TextItem[][]> {
  const doc = await openPdfjs(bytes);
  try {
    const pages: TextItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ disableNormalization: true });
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const [, , c, d, e, f] = item.transform as number[];
        items.push({ str: item.str, x: e!, y: f!, width: item.width, size: Math.hypot(c!, d!) || item.height || 10, eol: item.hasEOL });
      }
      pages.push(items);
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

const charWidth = (item: TextItem) => (item.str.length > 0 && item.width > 0 ? item.width / item.str.length : item.size * 0.55);

/** The text of each page as drawn, items joined by a space unless they touch on one line. */
export function flowText(pages: TextItem[][]): string[] {
  return pages.map((items) => {
    let out = "";
    let prev: TextItem | null = null;
    for (const item of items) {
      if (prev) {
        const sameLine = Math.abs(item.y - prev.y) < 0.3 * Math.min(item.size, prev.size);
        const gap = item.x - (prev.x + prev.width);
        const touches = sameLine && !prev.eol && Math.abs(gap) < 0.15 * Math.min(charWidth(item), charWidth(prev));
        if (!touches) out += " ";
      }
      out += item.str;
      prev = item;
    }
    return out;
  });
}

/**
 * Printed lines of each page, like `pdftotext -layout`: items whose baselines agree form one line,
 * left to right; a gap wider than one and a half characters becomes two spaces or more (so table
 * columns split on /\s{2,}/), a smaller one a single space.
 */
export function layoutLines(pages: TextItem[][]): string[][] {
  return pages.map((all) => {
    const items = all.filter((i) => i.str.trim() !== "");
    if (!items.length) return [];
    const left = Math.min(...items.map((i) => i.x));
    const unit = median(items.map(charWidth)) || 5;
    const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: { y: number; size: number; items: TextItem[] }[] = [];
    for (const item of sorted) {
      const line = lines.find((l) => Math.abs(l.y - item.y) < 0.45 * Math.min(l.size, item.size));
      if (line) line.items.push(item);
      else lines.push({ y: item.y, size: item.size, items: [item] });
    }
    lines.sort((a, b) => b.y - a.y);
    return lines.map((line) => {
      line.items.sort((a, b) => a.x - b.x);
      let out = " ".repeat(Math.max(0, Math.round((line.items[0]!.x - left) / unit)));
      let end: number | null = null;
      for (const item of line.items) {
        if (end !== null) {
          const gap = item.x - end;
          const cw = Math.min(charWidth(item), unit * 1.5);
          if (gap > 1.5 * cw) out += " ".repeat(Math.max(2, Math.round(gap / cw)));
          else if (gap > 0.15 * cw && !/\s$/.test(out) && !/^\s/.test(item.str)) out += " ";
        }
        out += item.str;
        end = Math.max(end ?? -Infinity, item.x + item.width);
      }
      return out.trimEnd();
    });
  });
}

/**
 * Text in reading order, like pdftotext without -layout: each line is cut into segments where a
 * gap is wider than one and a half characters; a segment joins the block above it when it is on
 * the next line, overlaps it horizontally and has the same font size (a table cell's or a
 * paragraph's lines); blocks are read row by row (by their first line), left to right. So a row
 * of labels over a row of figures in a larger size reads "A B C 1 2 3", and a two-line cell stays
 * together.
 */
export function readingText(pages: TextItem[][]): string[] {
  return pages.map((all) => {
    const items = all.filter((i) => i.str.trim() !== "");
    if (!items.length) return "";
    const unit = median(items.map(charWidth)) || 5;
    type Segment = { y: number; size: number; x0: number; x1: number; text: string };
    const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: { y: number; size: number; items: TextItem[] }[] = [];
    for (const item of sorted) {
      const line = lines.find((l) => Math.abs(l.y - item.y) < 0.45 * Math.min(l.size, item.size));
      if (line) line.items.push(item);
      else lines.push({ y: item.y, size: item.size, items: [item] });
    }
    lines.sort((a, b) => b.y - a.y);
    const segmentsByLine: Segment[][] = lines.map((line) => {
      line.items.sort((a, b) => a.x - b.x);
      const segments: Segment[] = [];
      let current: Segment | null = null;
      for (const item of line.items) {
        const cw = Math.min(charWidth(item), unit * 1.5);
        const gap: number = current ? item.x - current.x1 : Infinity;
        if (current && gap <= 1.5 * cw && Math.abs(current.size - item.size) < 0.5) {
          if (gap > 0.15 * cw && !/\s$/.test(current.text) && !/^\s/.test(item.str)) current.text += " ";
          current.text += item.str;
          current.x1 = Math.max(current.x1, item.x + item.width);
        } else {
          current = { y: item.y, size: item.size, x0: item.x, x1: item.x + item.width, text: item.str };
          segments.push(current);
        }
      }
      return segments;
    });
    type Block = { top: number; x0: number; size: number; last: Segment; texts: string[] };
    const blocks: Block[] = [];
    for (const segments of segmentsByLine) {
      for (const seg of segments) {
        const block = blocks.find(
          (b) => b.last.y > seg.y && b.last.y - seg.y < 1.7 * Math.max(b.size, seg.size) && Math.abs(b.size - seg.size) < 0.5 && seg.x0 < b.last.x1 && seg.x1 > b.last.x0 && b.last !== seg,
        );
        if (block) {
          block.texts.push(seg.text);
          block.last = seg;
        } else blocks.push({ top: seg.y, x0: seg.x0, size: seg.size, last: seg, texts: [seg.text] });
      }
    }
    // Rows of blocks by their first line, then left to right.
    const rows: { top: number; size: number; blocks: Block[] }[] = [];
    for (const b of [...blocks].sort((a, c) => c.top - a.top)) {
      const row = rows.find((r) => Math.abs(r.top - b.top) < 0.45 * Math.min(r.size, b.size));
      if (row) row.blocks.push(b);
      else rows.push({ top: b.top, size: b.size, blocks: [b] });
    }
    return rows
      .sort((a, b) => b.top - a.top)
      .flatMap((r) => r.blocks.sort((a, b) => a.x0 - b.x0))
      .map((b) => b.texts.join(" "))
      .join("\n");
  });
}

function median(values: number[]): number {
  const s = values.filter((v) => v > 0).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Text of the document, items joined (see flowText), pages joined by a new line. */
export async function pdfTextAsync(bytes: Uint8Array): Promise<string> {
  return flowText(await pdfTextItems(bytes)).join("\n");
}

/** Printed lines, page by page (see layoutLines). */
export async function pdfPagesLines(bytes: Uint8Array): Promise<string[][]> {
  return layoutLines(await pdfTextItems(bytes));
}

/** The document information dictionary (Title, Author, Subject, Keywords, Creator, Producer…), the raw XMP and the page count. */
export async function pdfMetadata(bytes: Uint8Array): Promise<{ info: Record<string, string>; xmp: string; pages: number }> {
  const doc = await openPdfjs(bytes);
  try {
    const { info, metadata } = await doc.getMetadata();
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries((info ?? {}) as Record<string, unknown>)) {
      if (typeof value === "string") out[key] = value;
      else if (key === "Custom" && value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
      }
    }
    return { info: out, xmp: metadata?.getRaw() ?? "", pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

/** The embedded files (name → bytes), as pdfjs reads the catalog's /EmbeddedFiles. */
export async function pdfAttachments(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const doc = await openPdfjs(bytes);
  try {
    const files = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return new Map(Object.values(files).map((f) => [f.filename, f.content]));
  } finally {
    await doc.destroy();
  }
}

// ------------------------------------------------------------------ object walks (@libpdf/core)

const resolver = (pdf: PDF) => (o: PdfObject | undefined | null): PdfObject | undefined => {
  for (let i = 0; i < 32 && o instanceof PdfRef; i++) o = pdf.getObject(o) ?? undefined;
  return o ?? undefined;
};
const nameOf = (o: PdfObject | undefined) => (o instanceof PdfName ? o.value : undefined);
const asDict = (o: PdfObject | undefined) => (o instanceof PdfDict ? o : undefined);

/** Every resource dictionary reachable from the pages: page, Form XObjects, annotation appearances, Type3 fonts. */
function* resourceDicts(pdf: PDF): Generator<PdfDict> {
  const r = resolver(pdf);
  const seen = new Set<PdfDict>();
  const stack: PdfDict[] = [];
  const pushResources = (owner: PdfDict | undefined) => {
    const res = asDict(r(owner?.get("Resources")));
    if (res && !seen.has(res)) {
      seen.add(res);
      stack.push(res);
    }
  };
  for (const page of pdf.getPages()) {
    pushResources(page.dict);
    // Inherited resources.
    for (let p = asDict(r(page.dict.get("Parent"))), i = 0; p && i < 64; p = asDict(r(p.get("Parent"))), i++) pushResources(p);
    const annots = r(page.dict.get("Annots"));
    if (annots instanceof PdfArray) {
      for (const a of annots.toArray()) {
        const ap = asDict(r(asDict(r(a))?.get("AP")));
        for (const key of ["N", "R", "D"]) {
          const v = r(ap?.get(key));
          if (v instanceof PdfStream) pushResources(v);
          else if (v instanceof PdfDict) for (const [, s] of v) pushResources(asDict(r(s)));
        }
      }
    }
  }
  while (stack.length) {
    const res = stack.pop()!;
    yield res;
    const xobjects = asDict(r(res.get("XObject")));
    for (const [, x] of xobjects ?? []) {
      const xo = asDict(r(x));
      if (nameOf(r(xo?.get("Subtype"))) === "Form") pushResources(xo);
    }
    const fonts = asDict(r(res.get("Font")));
    for (const [, f] of fonts ?? []) {
      const font = asDict(r(f));
      if (nameOf(r(font?.get("Subtype"))) === "Type3") pushResources(font);
    }
  }
}

export type PdfFont = { name: string; type: string; embedded: boolean };

/** The fonts used by the pages (like pdffonts): base name, subtype, whether the font program is embedded. */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  const pdf = await PDF.load(new Uint8Array(bytes));
  const r = resolver(pdf);
  const out: PdfFont[] = [];
  const seen = new Set<PdfObject>();
  for (const res of resourceDicts(pdf)) {
    for (const [, f] of asDict(r(res.get("Font"))) ?? []) {
      const key = f instanceof PdfRef ? pdf.getObject(f) : f;
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const font = asDict(r(f));
      if (!font) continue;
      const type = nameOf(r(font.get("Subtype"))) ?? "?";
      let descriptorOwner: PdfDict | undefined = font;
      if (type === "Type0") descriptorOwner = asDict(r((r(font.get("DescendantFonts")) as PdfArray | undefined)?.at(0)));
      const descriptor = asDict(r(descriptorOwner?.get("FontDescriptor")));
      const embedded = type === "Type3" || ["FontFile", "FontFile2", "FontFile3"].some((k) => r(descriptor?.get(k)) instanceof PdfStream);
      out.push({ name: nameOf(r(font.get("BaseFont"))) ?? "[none]", type, embedded });
    }
  }
  return out;
}

export type PdfImage = { page: number; type: "image" | "smask"; width: number; height: number };

/** Each image XObject drawn on each page (through Form XObjects too), with its page number. */
function drawnImages(pdf: PDF): { page: number; image: PdfDict }[] {
  const r = resolver(pdf);
  const out: { page: number; image: PdfDict }[] = [];
  pdf.getPages().forEach((page, index) => {
    const visit = (res: PdfDict | undefined, depth: number) => {
      for (const [, x] of asDict(r(res?.get("XObject"))) ?? []) {
        const xo = asDict(r(x));
        const subtype = nameOf(r(xo?.get("Subtype")));
        if (subtype === "Image") out.push({ page: index + 1, image: xo! });
        else if (subtype === "Form" && depth < 16) visit(asDict(r(xo!.get("Resources"))), depth + 1);
      }
    };
    visit(asDict(r(page.dict.get("Resources"))), 0);
  });
  return out;
}

/** The image XObjects each page uses (like pdfimages -list: one row per image and per soft mask). */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const pdf = await PDF.load(new Uint8Array(bytes));
  const r = resolver(pdf);
  const num = (o: PdfObject | undefined) => (r(o) instanceof PdfNumber ? (r(o) as PdfNumber).value : 0);
  return drawnImages(pdf).flatMap(({ page, image }) => {
    const mask = asDict(r(image.get("SMask")));
    return [
      { page, type: "image" as const, width: num(image.get("Width")), height: num(image.get("Height")) },
      ...(mask ? [{ page, type: "smask" as const, width: num(mask.get("Width")), height: num(mask.get("Height")) }] : []),
    ];
  });
}

/**
 * The colour space of each image drawn (like the `color` column of pdfimages -list): a device space by
 * name ("DeviceRGB", "DeviceCMYK", "DeviceGray"); an ICC-based one as "ICCBased/N" (its number of
 * components: 3 for an RGB profile, 4 for a CMYK one); an indexed one as "Indexed/<its base>".
 */
export async function pdfImageColorSpaces(bytes: Uint8Array): Promise<{ page: number; width: number; height: number; colorSpace: string }[]> {
  const pdf = await PDF.load(new Uint8Array(bytes));
  const r = resolver(pdf);
  const num = (o: PdfObject | undefined) => (r(o) instanceof PdfNumber ? (r(o) as PdfNumber).value : 0);
  const spaceOf = (o: PdfObject | undefined, depth = 0): string => {
    const cs = r(o);
    if (cs instanceof PdfName) return cs.value;
    if (!(cs instanceof PdfArray) || depth > 4) return "?";
    const family = nameOf(r(cs.at(0))) ?? "?";
    if (family === "ICCBased") return `ICCBased/${num(asDict(r(cs.at(1)))?.get("N"))}`;
    if (family === "Indexed") return `Indexed/${spaceOf(cs.at(1), depth + 1)}`;
    return family;
  };
  return drawnImages(pdf).map(({ page, image }) => ({
    page,
    width: num(image.get("Width")),
    height: num(image.get("Height")),
    // An image mask (/ImageMask true) has no colour space: it paints the current fill colour.
    colorSpace: image.get("ColorSpace") ? spaceOf(image.get("ColorSpace")) : "none",
  }));
}

export type PdfSignatureField = { subFilter: string | null; byteRange: number[]; contents: Uint8Array; reason: string | null };

/** The signature dictionaries of the AcroForm's /Sig fields (values of /V). */
export async function pdfSignatureFields(bytes: Uint8Array): Promise<PdfSignatureField[]> {
  const pdf = await PDF.load(new Uint8Array(bytes));
  const r = resolver(pdf);
  const out: PdfSignatureField[] = [];
  const form = asDict(r(pdf.getCatalog().get("AcroForm")));
  const stack = [...((r(form?.get("Fields")) as PdfArray | undefined)?.toArray() ?? [])];
  for (let i = 0; stack.length && i < 10_000; i++) {
    const field = asDict(r(stack.pop()));
    if (!field) continue;
    const kids = r(field.get("Kids"));
    if (kids instanceof PdfArray) stack.push(...kids.toArray());
    if (nameOf(r(field.get("FT"))) !== "Sig") continue;
    const v = asDict(r(field.get("V")));
    if (!v) continue;
    const range = r(v.get("ByteRange"));
    const contents = r(v.get("Contents"));
    const reason = r(v.get("Reason"));
    out.push({
      subFilter: nameOf(r(v.get("SubFilter"))) ?? null,
      byteRange: range instanceof PdfArray ? range.toArray().map((n) => (r(n) instanceof PdfNumber ? (r(n) as PdfNumber).value : NaN)) : [],
      contents: contents instanceof PdfString ? contents.bytes : new Uint8Array(),
      reason: reason instanceof PdfString ? reason.asString() : null,
    });
  }
  return out;
}

// ------------------------------------------------------------------ structure (qpdf --check stand-in)

const latin1 = (b: Uint8Array, from = 0, to = b.length) => Buffer.from(b.buffer, b.byteOffset + from, Math.max(0, Math.min(to, b.length) - from)).toString("latin1");

type XrefEntry = { num: number; gen: number; offset: number } | { num: number; stream: number; index: number };

/** One cross-reference section (table or stream) at `offset`: its entries and its trailer. */
function readXrefSection(bytes: Uint8Array, offset: number, problems: string[]): { entries: XrefEntry[]; prev: number | null; size: number | null; trailer: string } | null {
  const head = latin1(bytes, offset, offset + 64);
  if (head.startsWith("xref")) {
    const entries: XrefEntry[] = [];
    const text = latin1(bytes, offset);
    const trailerAt = text.indexOf("trailer");
    if (trailerAt < 0) {
      problems.push(`xref table at ${offset}: no trailer`);
      return null;
    }
    const lines = text.slice(4, trailerAt).split(/\r\n|\r|\n/).map((l) => l.trim()).filter(Boolean);
    for (let i = 0; i < lines.length; ) {
      const sub = /^(\d+) (\d+)$/.exec(lines[i]!);
      if (!sub) {
        problems.push(`xref table at ${offset}: bad subsection header "${lines[i]}"`);
        return null;
      }
      const [first, count] = [Number(sub[1]), Number(sub[2])];
      for (let k = 0; k < count; k++) {
        const e = /^(\d{10}) (\d{5}) ([nf])$/.exec(lines[i + 1 + k] ?? "");
        if (!e) {
          problems.push(`xref table at ${offset}: bad entry "${lines[i + 1 + k]}" for object ${first + k}`);
          return null;
        }
        if (e[3] === "n") entries.push({ num: first + k, gen: Number(e[2]), offset: Number(e[1]) });
      }
      i += 1 + count;
    }
    const trailer = /<<([\s\S]*?)>>\s*(startxref|$)/.exec(text.slice(trailerAt + 7, trailerAt + 7 + 4096))?.[1] ?? text.slice(trailerAt + 7, trailerAt + 1024);
    return { entries, prev: numberKey(trailer, "Prev"), size: numberKey(trailer, "Size"), trailer };
  }
  const obj = /^(\d+) (\d+) obj\s*<</.exec(head);
  if (!obj) {
    problems.push(`startxref/Prev ${offset} points at neither "xref" nor an object`);
    return null;
  }
  // A cross-reference stream.
  const text = latin1(bytes, offset, offset + 4096);
  const streamAt = text.indexOf("stream");
  const dict = text.slice(0, streamAt);
  if (!/\/Type\s*\/XRef/.test(dict)) {
    problems.push(`object at ${offset} is not an /XRef stream`);
    return null;
  }
  const length = numberKey(dict, "Length");
  const w = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(dict);
  if (length === null || !w) {
    problems.push(`xref stream at ${offset}: no /Length or /W`);
    return null;
  }
  let start = offset + streamAt + 6;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  let data: Uint8Array = bytes.subarray(start, start + length);
  if (/\/Filter\s*\/FlateDecode/.test(dict)) data = inflateSync(data);
  if (/\/DecodeParms/.test(dict)) {
    const columns = numberKey(dict, "Columns") ?? 1;
    const predictor = numberKey(dict, "Predictor") ?? 1;
    if (predictor >= 10) data = unpredictPng(data, columns);
  }
  const widths = [Number(w[1]), Number(w[2]), Number(w[3])];
  const rowLen = widths[0]! + widths[1]! + widths[2]!;
  const size = numberKey(dict, "Size") ?? 0;
  const index = /\/Index\s*\[([\d\s]+)\]/.exec(dict)?.[1]?.trim().split(/\s+/).map(Number) ?? [0, size];
  const entries: XrefEntry[] = [];
  let row = 0;
  for (let p = 0; p + 1 < index.length; p += 2) {
    for (let k = 0; k < index[p + 1]!; k++, row++) {
      const fields = [0, 0, 0];
      let at = row * rowLen;
      for (let f = 0; f < 3; f++) {
        for (let b = 0; b < widths[f]!; b++) fields[f] = fields[f]! * 256 + (data[at++] ?? 0);
        if (widths[0] === 0 && f === 0) fields[0] = 1;
      }
      const num = index[p]! + k;
      if (fields[0] === 1) entries.push({ num, gen: fields[2]!, offset: fields[1]! });
      else if (fields[0] === 2) entries.push({ num, stream: fields[1]!, index: fields[2]! });
    }
  }
  if (row * rowLen > data.length) problems.push(`xref stream at ${offset}: ${data.length} bytes for ${row} rows of ${rowLen}`);
  return { entries, prev: numberKey(dict, "Prev"), size, trailer: dict };
}

function unpredictPng(data: Uint8Array, columns: number): Uint8Array {
  const rowLen = columns + 1;
  const out = new Uint8Array((data.length / rowLen) * columns);
  const prev = new Uint8Array(columns);
  for (let r = 0; r * rowLen < data.length; r++) {
    const type = data[r * rowLen]!;
    for (let c = 0; c < columns; c++) {
      const raw = data[r * rowLen + 1 + c]!;
      const left = c > 0 ? out[r * columns + c - 1]! : 0;
      const up = prev[c]!;
      const v = type === 2 ? raw + up : type === 1 ? raw + left : type === 0 ? raw : raw + up;
      out[r * columns + c] = v & 0xff;
    }
    prev.set(out.subarray(r * columns, (r + 1) * columns));
  }
  return out;
}

const numberKey = (dict: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+)(?![\\d\\s]*R)`).exec(dict);
  return m ? Number(m[1]) : null;
};

export type PdfStructure = { ok: boolean; problems: string[]; sections: number; objects: number; revisions: number };

/**
 * The structural check standing in for `qpdf --check`: the header, every revision's `startxref`
 * and `%%EOF`, each cross-reference section back through `/Prev`, each in-use entry at an
 * `N G obj` of the same number, a trailer with /Root and /Size, then a strict parse by @libpdf/core
 * (no brute-force recovery, no warning) that loads every object, and the page tree.
 */
export async function pdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const problems: string[] = [];
  if (latin1(bytes, 0, 5) !== "%PDF-") problems.push("no %PDF- header");
  const text = latin1(bytes);
  const eofs = [...text.matchAll(/%%EOF/g)].length;
  if (!/%%EOF\s*$/.test(text.slice(-1024))) problems.push("the file does not end with %%EOF");
  const sx = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  let sections = 0;
  const newest = new Map<number, XrefEntry>();
  let root = false;
  let declaredSize: number | null = null;
  if (!sx) problems.push("no startxref before the final %%EOF");
  else {
    const visited = new Set<number>();
    for (let at: number | null = Number(sx[1]); at !== null; ) {
      if (visited.has(at) || at >= bytes.length) {
        problems.push(`cross-reference offset ${at} loops or is past the end`);
        break;
      }
      visited.add(at);
      const section = readXrefSection(bytes, at, problems);
      if (!section) break;
      sections++;
      if (/\/Root\s+\d+\s+\d+\s+R/.test(section.trailer)) root = true;
      declaredSize ??= section.size;
      for (const e of section.entries) if (!newest.has(e.num)) newest.set(e.num, e);
      // A hybrid file's /XRefStm is read too.
      const stm = numberKey(section.trailer, "XRefStm");
      if (stm !== null) {
        const extra = readXrefSection(bytes, stm, problems);
        for (const e of extra?.entries ?? []) if (!newest.has(e.num)) newest.set(e.num, e);
      }
      at = section.prev;
    }
  }
  if (!root) problems.push("no /Root in the trailer");
  if (declaredSize === null) problems.push("no /Size in the trailer");
  for (const e of newest.values()) {
    if (declaredSize !== null && e.num >= declaredSize) problems.push(`object ${e.num} is beyond /Size ${declaredSize}`);
    if ("offset" in e) {
      const at = latin1(bytes, e.offset, e.offset + 32);
      const m = /^(\d+)\s+(\d+)\s+obj\b/.exec(at);
      if (!m || Number(m[1]) !== e.num || Number(m[2]) !== e.gen) problems.push(`xref entry ${e.num} ${e.gen}: offset ${e.offset} holds "${at.slice(0, 20).replace(/\s+/g, " ")}"`);
    } else if (!newest.has(e.stream)) problems.push(`object ${e.num} lives in object stream ${e.stream}, which has no entry`);
  }
  try {
    const pdf = await PDF.load(new Uint8Array(bytes), { lenient: false });
    if (pdf.recoveredViaBruteForce) problems.push("@libpdf/core had to rebuild the cross-reference table");
    for (const w of pdf.warnings) problems.push(`@libpdf/core: ${w}`);
    for (const e of newest.values()) {
      const gen = "gen" in e ? e.gen : 0;
      const obj = pdf.getObject(PdfRef.of(e.num, gen));
      if (obj === null || obj === undefined) problems.push(`object ${e.num} ${gen} does not load`);
      else if (obj instanceof PdfStream) obj.getDecodedData();
    }
    if (pdf.getPageCount() < 1) problems.push("no page");
  } catch (error) {
    problems.push(`parse: ${(error as Error).message}`);
  }
  return { ok: problems.length === 0, problems, sections, objects: newest.size, revisions: eofs };
}
