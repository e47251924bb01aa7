import { createElement as h, type ReactNode } from "react";
import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { beforeAll, describe, expect, it } from "vitest";
import { renderPdfBuffer } from "../../server/framework-internals";
import { documentFontsReady, FONT } from "../../server/services/documents/fonts";
import { PageNumber } from "../../server/services/documents/page-number";
import { pdfFontList, pdfInfo, pdfPages } from "../helpers/documents";
import { pdfTextItems } from "../helpers/pdf-read";

/**
 * documents/page-number.tsx `PageNumber` (framework-internals.ts renderPdfBuffer): "Page x / y" laid
 * out after pagination prints what react-pdf's render prop prints, where it prints it.
 */
const PAGE = { fontFamily: FONT.sans, fontSize: 10, lineHeight: 1.3, paddingTop: 40, paddingBottom: 60, paddingHorizontal: 40 };
const label = ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Page ${pageNumber} / ${totalPages}`;

/** A fixed footer row as the attendance sheet draws it: a text on the left, the page number at the right end. */
const footer = (number: ReactNode) =>
  h(
    View,
    { fixed: true, style: { position: "absolute", top: 796, left: 40, right: 40, flexDirection: "row", justifyContent: "space-between", fontSize: 6.5, color: "#4b5563" } },
    h(Text, { style: { flex: 1 } }, "Empreinte de chaîne : sha256:3f0a"),
    number,
  );

/** A first page that wraps over several printed pages, then a page of its own. */
const doc = (number: () => ReactNode, props: Record<string, unknown> = {}) =>
  h(
    Document,
    { title: "Feuille d'émargement", author: "Acme Formation", subject: "sha256:3f0a", creator: "Feuille d'émargement", language: "fr-FR", ...props },
    h(Page, { size: "A4", style: PAGE }, ...Array.from({ length: 130 }, (_, i) => h(Text, { key: i, style: i % 7 ? {} : { fontWeight: "bold" } }, `Ligne ${i + 1} — MARTIN Élodie`)), footer(number())),
    h(Page, { size: "A4", style: PAGE }, h(Text, null, "Corrections"), footer(number())),
  );

const withRenderProp = () => h(Text, { render: label });
const withPageNumber = () => h(PageNumber, { style: { width: 64, textAlign: "right" }, text: label });

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

beforeAll(() => documentFontsReady());

describe("PageNumber", () => {
  it("prints Page 1 / N … Page N / N, N the page count, in the place, size and font of react-pdf's render prop", async () => {
    const expected = Buffer.from(await renderToBuffer(doc(withRenderProp)));
    const pdf = await renderPdfBuffer(doc(withPageNumber));

    const pages = pdfPages(pdf);
    const n = pdfInfo(pdf).pages;
    expect(n).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(n);
    pages.forEach((page, i) => {
      expect([...page.matchAll(/Page (\d+) \/ (\d+)/g)].map((m) => `${m[1]}/${m[2]}`), `page ${i + 1}`).toEqual([`${i + 1}/${n}`]);
    });
    // Every text item where react-pdf's render prop puts it (the page number included).
    await expectSameText(pdf, expected);
    expect(pdfFontList(pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
  });

  it("writes the document information and language as react-pdf does", async () => {
    const expected = Buffer.from(await renderToBuffer(doc(withRenderProp)));
    const pdf = await renderPdfBuffer(doc(withPageNumber));
    const info = (bytes: Buffer) => {
      const { CreationDate: _created, ...rest } = pdfInfo(bytes).info;
      return rest;
    };
    expect(info(pdf)).toEqual(info(expected));
    expect(info(pdf)).toMatchObject({ Title: "Feuille d'émargement", Author: "Acme Formation", Subject: "sha256:3f0a", Creator: "Feuille d'émargement", Producer: "react-pdf" });
    expect(pdf.toString("latin1")).toContain("/Lang (fr-FR)");
  });

  it("refuses a Document prop it would not write (PDF version, conformance, passwords…)", async () => {
    await expect(renderPdfBuffer(doc(withPageNumber, { pdfVersion: "1.7" }))).rejects.toThrow(/pdfVersion/);
  });

  it("a document without one is react-pdf's own rendering", async () => {
    const plain = Buffer.from(await renderToBuffer(doc(() => null)));
    const pdf = await renderPdfBuffer(doc(() => null));
    await expectSameText(pdf, plain);
    expect(pdfPages(pdf).join("\n")).not.toMatch(/Page \d/);
  });
});
