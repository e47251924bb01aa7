import { FormatFactoryService, type EInvoiceFormat, type Invoice } from "@e-invoice-eu/core";
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

export const conformanceLevelOf = (profile: FacturxProfile) => FORMATS[profile].conformanceLevel;

const quiet = { log: () => {}, warn: () => {}, error: (m: string) => console.error(m) };

export async function embedFacturX(pdf: Uint8Array, xml: string, meta: { profile: FacturxProfile; number: string; issueDate: string; sellerName: string }): Promise<Uint8Array> {
  const { format } = FORMATS[meta.profile];
  const service = new FormatFactoryService().createFormatService(format, quiet) as EInvoiceFormat & { renderXML(data: object): string };
  service.renderXML = () => xml;
  const invoice = {
    "ubl:Invoice": {
      "cbc:ID": meta.number,
      "cbc:IssueDate": meta.issueDate,
      "cac:AccountingSupplierParty": { "cac:Party": { "cac:PartyLegalEntity": { "cbc:RegistrationName": meta.sellerName } } },
    },
  } as unknown as Invoice;
  const out = await service.generate(invoice, { format, lang: "fr", pdf: { buffer: pdf, filename: `${meta.number}.pdf`, mimetype: "application/pdf" } });
  if (typeof out === "string") throw new Error("Factur-X embedding returned XML instead of a PDF");
  return out;
}
