import { createElement as h, type ReactNode } from "react";
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { beforeAll, describe, expect, it } from "vitest";
import { LaidOutPages, renderPdfBuffer } from "../../server/framework-internals";
import { documentFontsReady, FONT } from "../../server/services/documents/fonts";
import { PageFurniture } from "../../server/services/documents/page-furniture";
import { pdfFontList, pdfInfo, pdfPages } from "../helpers/documents";
import { pdfTextItems } from "../helpers/pdf-read";

/**
 * documents/page-furniture.tsx `PageFurniture` (framework-internals.ts renderPdfBuffer): a running
 * footer laid out after pagination prints what react-pdf's render props print, where they print
 * it; the pages' content is laid out once and kept by its content.
 */
const PAGE = { fontFamily: FONT.sans, fontSize: 10, lineHeight: 1.3, paddingTop: 40, paddingBottom: 60, paddingHorizontal: 40 };
type Numbers = { pageNumber: number; totalPages: number };

/** A running footer as the attendance sheet draws it: a text on the left, the page number at the right end of a row. */
const footer = (issued: string, number: ReactNode, fixed = false) =>
  h(
    View,
    { fixed, style: { position: "absolute", top: 796, left: 40, right: 40, flexDirection: "row", justifyContent: "space-between", fontSize: 6.5, color: "#4b5563" } },
    h(Text, { style: { flex: 1 } }, `Édité le ${issued}`),
    number,
  );
/** The same footer the react-pdf way: fixed, its number a render prop. */
const fixedFooter = (issued: string) => footer(issued, h(Text, { render: ({ pageNumber, totalPages }: Numbers) => `Page ${pageNumber} / ${totalPages}` }), true);
/** The same footer as page furniture. */
const furniture = (issued: string) => h(PageFurniture, { render: ({ pageNumber, totalPages }: Numbers) => footer(issued, h(Text, null, `Page ${pageNumber} / ${totalPages}`)) });

/** A first page that runs over several printed pages, then a page of its own. */
const doc = (withFooter: (issued: string) => ReactNode, opts: { issued?: string; lines?: number; last?: string; props?: Record<string, unknown> } = {}) =>
  h(
    Document,
    { title: "Feuille d'émargement", author: "Acme Formation", subject: "sha256:3f0a", creator: "Feuille d'émargement", language: "fr-FR", ...opts.props },
    h(
      Page,
      { size: "A4", style: PAGE },
      ...Array.from({ length: opts.lines ?? 130 }, (_, i) => h(Text, { key: i, style: i % 7 ? {} : { fontWeight: "bold" } }, `Ligne ${i + 1} — MARTIN Élodie`)),
      withFooter(opts.issued ?? "29/11/2026 14:12"),
    ),
    h(Page, { size: "A4", style: PAGE }, h(Text, null, opts.last ?? "Corrections"), withFooter(opts.issued ?? "29/11/2026 14:12")),
  );

/** Both PDFs draw the same text items, at the same places to a thousandth of a point (the writers round the last digit apart). */
async function expectSameText(pdf: Buffer, expected: Buffer) {
  const [got, want] = [await pdfTextItems(pdf), await pdfTextItems(expected)];
  expect(got.map((items) => items.map((t) => `${t.str} ${t.size}`))).toEqual(want.map((items) => items.map((t) => `${t.str} ${t.size}`)));
  got.forEach((items, p) =>
    items.forEach((t, i) => {
      const w = want[p]![i]!;
      for (const k of ["x", "y", "width"] as const) expect(Math.abs(t[k] - w[k]), `page ${p + 1} "${t.str}" ${k}`).toBeLessThan(1e-3);
    }),
  );
}

/** Keeps the thread's rule, counting the pages' contents it hands back. */
class CountingPages extends LaidOutPages {
  hits = 0;
  override get(key: string) {
    const pages = super.get(key);
    if (pages) this.hits += 1;
    return pages;
  }
}

beforeAll(() => documentFontsReady());

describe("PageFurniture", () => {
  it("prints Page 1 / N … Page N / N, N the page count, with every text where react-pdf's render props put it", async () => {
    const expected = Buffer.from(await renderToBuffer(doc(fixedFooter)));
    const pdf = await renderPdfBuffer(doc(furniture), new LaidOutPages(1 << 26));

    const pages = pdfPages(pdf);
    const n = pdfInfo(pdf).pages;
    expect(n).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(n);
    pages.forEach((page, i) => {
      expect([...page.matchAll(/Page (\d+) \/ (\d+)/g)].map((m) => `${m[1]}/${m[2]}`), `page ${i + 1}`).toEqual([`${i + 1}/${n}`]);
      expect(page).toContain("Édité le 29/11/2026 14:12");
    });
    await expectSameText(pdf, expected);
    expect(pdfFontList(pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
  });

  it("writes the document information and language as react-pdf does; refuses a Document prop it would not write", async () => {
    const expected = Buffer.from(await renderToBuffer(doc(fixedFooter)));
    const pdf = await renderPdfBuffer(doc(furniture), new LaidOutPages(1 << 26));
    const info = (bytes: Buffer) => {
      const { CreationDate: _created, ...rest } = pdfInfo(bytes).info;
      return rest;
    };
    expect(info(pdf)).toEqual(info(expected));
    expect(info(pdf)).toMatchObject({ Title: "Feuille d'émargement", Author: "Acme Formation", Subject: "sha256:3f0a", Creator: "Feuille d'émargement", Producer: "react-pdf" });
    expect(pdf.toString("latin1")).toContain("/Lang (fr-FR)");
    await expect(renderPdfBuffer(doc(furniture, { props: { pdfVersion: "1.7" } }))).rejects.toThrow(/pdfVersion/);
  });

  it("a page's content is laid out once: the next rendering reuses it with its own furniture; a changed page is laid out again", async () => {
    const kept = new CountingPages(1 << 26);
    await renderPdfBuffer(doc(furniture), kept);
    expect(kept.hits).toBe(0);
    expect(kept.size.contents).toBe(2);

    // Another issue time (furniture only): both pages' content reused, the footer is the new one.
    const again = await renderPdfBuffer(doc(furniture, { issued: "30/11/2026 09:00" }), kept);
    expect(kept.hits).toBe(2);
    await expectSameText(again, Buffer.from(await renderToBuffer(doc(fixedFooter, { issued: "30/11/2026 09:00" }))));
    expect(pdfPages(again).join("\n")).not.toContain("29/11/2026");

    // The last page changed: laid out again, the first reused.
    kept.hits = 0;
    const changed = await renderPdfBuffer(doc(furniture, { last: "Corrections — DURAND Ève" }), kept);
    expect(kept.hits).toBe(1);
    await expectSameText(changed, Buffer.from(await renderToBuffer(doc(fixedFooter, { last: "Corrections — DURAND Ève" }))));

    // The first page shorter: laid out again, and the page count follows.
    kept.hits = 0;
    const shorter = await renderPdfBuffer(doc(furniture, { lines: 40 }), kept);
    expect(kept.hits).toBe(1);
    expect(pdfInfo(shorter).pages).toBe(2);
    await expectSameText(shorter, Buffer.from(await renderToBuffer(doc(fixedFooter, { lines: 40 }))));
  });

  it("keeps at most its byte limit, least recently used out first", () => {
    const page = (nodes: number) => ({ type: "PAGE", children: Array.from({ length: nodes }, () => ({ type: "VIEW" })) });
    const kept = new LaidOutPages(10 * 1400);
    kept.set("a", [page(3)]); // 4 nodes
    kept.set("b", [page(3)]);
    expect(kept.get("a")).toBeDefined(); // "a" is now the most recently used
    kept.set("c", [page(3)]); // 12 nodes: "b" goes
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")).toBeDefined();
    expect(kept.get("c")).toBeDefined();
    expect(kept.size).toEqual({ contents: 2, bytes: 8 * 1400 });
    kept.set("d", [page(20)]); // larger than the whole limit: not kept
    expect(kept.get("d")).toBeUndefined();
    expect(kept.size.contents).toBe(2);
  });

  it("nothing is kept of a page with a render prop (its layout depends on the pagination)", async () => {
    const kept = new LaidOutPages(1 << 26);
    const withRenderProp = h(Document, null, h(Page, { size: "A4", style: PAGE }, h(Text, { render: ({ pageNumber }: Numbers) => `Feuille ${pageNumber}` }), furniture("29/11/2026")));
    const pdf = await renderPdfBuffer(withRenderProp, kept);
    expect(pdfPages(pdf)[0]).toContain("Page 1 / 1");
    expect(kept.size.contents).toBe(0);
  });

  it("a document without furniture is react-pdf's own rendering; furniture below the page's top level is refused", async () => {
    const plain = Buffer.from(await renderToBuffer(doc(() => null)));
    const pdf = await renderPdfBuffer(doc(() => null));
    await expectSameText(pdf, plain);
    const nested = h(Document, null, h(Page, { size: "A4", style: PAGE }, h(View, null, furniture("29/11/2026"))), h(Page, { size: "A4", style: PAGE }, furniture("29/11/2026")));
    await expect(renderPdfBuffer(nested)).rejects.toThrow(/child of its <Page>/);
  });
});
