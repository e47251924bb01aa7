import { renderDocument } from "../../documents/render-pool";
import type { InvoiceSignatureLevel, InvoiceSigner } from "../signer/types";
import { buildInvoiceXml } from "./cii";
import { embedFacturX } from "./embed";
import { checkInvoiceDocument, documentSubject, documentTitle } from "./mentions";
import type { FacturxProfile, InvoiceDocument } from "./types";
import type { VerificationStamp } from "../../verification/verification-block";

export { buildInvoiceXml } from "./cii";
export { checkInvoiceDocument, EXEMPTION_CODE, EXEMPTION_REASON, OPERATION_CATEGORY, VAT_ON_DEBITS_MENTION } from "./mentions";
export { InvoiceDocumentError, type InvoiceDocument } from "./types";

export type InvoicePdfResult = {
  pdf: Buffer;
  xml: string;
  profile: FacturxProfile;
  /** factur-x.xml is attached (always true on success). */
  xmlAttached: boolean;
  /** Rendered as PDF/A-3b with the Factur-X XMP (always true on success; no validator runs here). */
  pdfA3: boolean;
  eidas: { signed: boolean; provider: string | null; signatureLevel: InvoiceSignatureLevel | null; signatureId: string | null };
};

/**
 * The invoice document engine (no database access): the CII XML of the document's profile, the
 * PDF drawn off the main thread by the render pool (`facturx-invoice`, PDF/A-3b, embedded fonts),
 * the XML embedded as factur-x.xml with its XMP and output intent, then, with a signer, a PAdES
 * signature as an incremental update. `logo`: the seller's logo (tenants/logo.ts tenantLogoDataUrl) in
 * the header. `verification`: the printed code and QR code (its hash is
 * the one of the final, signed bytes: verification/verifications.ts). Throws InvoiceDocumentError (fields) when the document
 * lacks what the XML needs (seller SIREN and VAT number, credit note reference...).
 */
export async function buildInvoicePdf(doc: InvoiceDocument, opts: { signer?: InvoiceSigner; verification?: VerificationStamp | null; logo?: string | null } = {}): Promise<InvoicePdfResult> {
  const amounts = checkInvoiceDocument(doc);
  const xml = buildInvoiceXml(doc, amounts);
  const visual = await renderDocument("facturx-invoice", { doc, logo: opts.logo ?? null, verification: opts.verification ?? null });
  let pdf = await embedFacturX(visual, xml, { profile: doc.profile, number: doc.number, issueDate: doc.issueDate, sellerName: doc.seller.name, title: documentTitle(doc), subject: documentSubject(doc) });
  let eidas: InvoicePdfResult["eidas"] = { signed: false, provider: null, signatureLevel: null, signatureId: null };
  if (opts.signer) {
    const title = doc.kind === "CREDIT_NOTE" ? "Avoir" : "Facture";
    const signed = await opts.signer.sign(pdf, { reason: `${title} ${doc.number}`, signerName: doc.seller.name });
    pdf = signed.pdf;
    eidas = { signed: true, provider: signed.provider, signatureLevel: signed.signatureLevel, signatureId: signed.signatureId };
  }
  return { pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), xml, profile: doc.profile, xmlAttached: true, pdfA3: true, eidas };
}
