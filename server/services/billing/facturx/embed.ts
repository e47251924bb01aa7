import { FormatFactoryService, type EInvoiceFormat, type Invoice } from "@e-invoice-eu/core";
import { randomBytes } from "node:crypto";
import { PDF, PdfRef, PdfStream } from "@libpdf/core";
import type { FacturxProfile } from "./types";

/**
 * Turns our PDF into a Factur-X PDF/A-3 with @e-invoice-eu/core's Factur-X format service: it
 * attaches the XML as `factur-x.xml` (AFRelationship Alternative, MIME text/xml, listed in the
 * catalog's /AF), writes the XMP (pdfaid part 3 / conformance B, the Factur-X PDF/A extension
 * schema, fx:DocumentType INVOICE, fx:DocumentFileName, fx:Version 1.0, fx:ConformanceLevel), the
 * sRGB output intent, /MarkInfo and the trailer /ID.
 *
 * The XML is ours (cii.ts), not the library's: its CII comes from a UBL-shaped JSON that cannot
 * carry the French note subject codes (PMD/PMT/AAB, BR-FR-05) nor the EUR VAT total of a foreign
 * currency invoice. The service renders the XML through its public `renderXML` method; this
 * instance's `renderXML` returns our string instead, so the library's own conversion (of the
 * minimal invoice below, which only names the number, date and seller that the XMP title
 * uses) is discarded.
 */

const FORMATS: Record<FacturxProfile, { format: string; conformanceLevel: string }> = {
  BASIC: { format: "Factur-X-Basic", conformanceLevel: "BASIC" },
  EN16931: { format: "Factur-X-EN16931", conformanceLevel: "EN 16931" },
  EXTENDED: { format: "Factur-X-Extended", conformanceLevel: "EXTENDED" },
};

const quiet = { log: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

/**
 * `title` / `subject`: the French dc:title and dc:description ("Facture FAC-2026-000001 du
 * 28/11/2026 émise par ACME Formation", mentions.ts documentTitle / documentSubject), which the
 * Info dictionary's Title and Subject then repeat (the library writes English ones).
 */
export async function embedFacturX(
  pdf: Uint8Array,
  xml: string,
  meta: { profile: FacturxProfile; number: string; issueDate: string; sellerName: string; title?: string; subject?: string },
): Promise<Uint8Array> {
  const { format } = FORMATS[meta.profile];
  const service = new FormatFactoryService().createFormatService(format, quiet) as EInvoiceFormat & { renderXML(data: object): string };
  service.renderXML = () => xml;
  // The library writes the XMP with one byte per UTF-16 unit (é becomes a Latin-1 byte, – a
  // control character): it gets an ASCII token for the seller's name, put back below in UTF-8.
  const token = `SELLER${randomBytes(12).toString("hex")}`;
  const invoice = {
    "ubl:Invoice": {
      "cbc:ID": meta.number,
      "cbc:IssueDate": meta.issueDate,
      "cac:AccountingSupplierParty": { "cac:Party": { "cac:PartyLegalEntity": { "cbc:RegistrationName": token } } },
    },
  } as unknown as Invoice;
  const out = await service.generate(invoice, { format, lang: "fr", pdf: { buffer: pdf, filename: `${meta.number}.pdf`, mimetype: "application/pdf" } });
  if (typeof out === "string") throw new Error("Factur-X embedding returned XML instead of a PDF");
  return alignInfoWithXmp(out, token, meta.sellerName, { title: meta.title, subject: meta.subject });
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Sets the text of an XMP property (its rdf:li when it is an Alt/Seq/Bag); unchanged when absent. */
const setXmpValue = (xmp: string, name: string, value: string) =>
  xmp.replace(new RegExp(`(<${name}>\\s*(?:<rdf:(?:Alt|Seq|Bag)>\\s*<rdf:li[^>]*>)?)[^<]*<`), (_m, open: string) => `${open}${escapeXml(value)}<`);

const xmpValue = (xmp: string, name: string) => {
  const m = new RegExp(`<${name}>\\s*(?:<rdf:(?:Alt|Seq|Bag)>\\s*<rdf:li[^>]*>)?([^<]*)<`).exec(xmp);
  return m ? m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&") : undefined;
};

/**
 * PDF/A (ISO 19005-3 §6.6.2.3.1) wants the document information dictionary and the XMP to say
 * the same thing. The library writes them from different values (Info /Title "Seller: Invoice
 * N" but dc:title the subject, Info /Producer the library but pdf:Producer the seller, /Keywords
 * without pdf:Keywords): the Info entries are set to the XMP's values and pdf:Keywords is added,
 * in an incremental update. The XMP is rewritten in UTF-8 with the seller's real name.
 */
async function alignInfoWithXmp(bytes: Uint8Array, token: string, sellerName: string, french: { title?: string; subject?: string } = {}): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const ref = pdf.getCatalog().get("Metadata");
  const stream = ref instanceof PdfRef ? pdf.getObject(ref) : null;
  if (!(stream instanceof PdfStream)) throw new Error("Factur-X embedding wrote no XMP metadata");
  // Latin-1 gives back the library's string as it was (all ASCII but the BOM's three bytes).
  let xmp = new TextDecoder("latin1")
    .decode(stream.getDecodedData())
    .replace("\u00ef\u00bb\u00bf", "\ufeff")
    .split(token)
    .join(escapeXml(sellerName));
  if (french.title) xmp = setXmpValue(xmp, "dc:title", french.title);
  if (french.subject) xmp = setXmpValue(xmp, "dc:description", french.subject);
  const title = xmpValue(xmp, "dc:title");
  const author = xmpValue(xmp, "dc:creator");
  const subject = xmpValue(xmp, "dc:description");
  const creator = xmpValue(xmp, "xmp:CreatorTool");
  const producer = xmpValue(xmp, "pdf:Producer");
  pdf.setMetadata({ title, author, subject, creator, producer });
  const keywords = pdf.getKeywords();
  if (keywords?.length && !xmp.includes("<pdf:Keywords>")) {
    xmp = xmp.replace("</pdf:Producer>", `</pdf:Producer>\n\t\t\t<pdf:Keywords>${escapeXml(keywords.join(" "))}</pdf:Keywords>`);
  }
  stream.setData(new TextEncoder().encode(xmp));
  return pdf.save({ incremental: true });
}
