/**
 * The invoice signer (conventions §9): a PAdES signature over the finished Factur-X PDF, added as
 * an incremental update so the PDF/A-3 document and its factur-x.xml stay byte-identical
 * underneath. `signatureLevel` tells the truth:
 * - "ADES": an advanced-format (PAdES B-B, ETSI.CAdES.detached) signature whose certificate is
 *   not qualified (the local signer's self-signed certificate),
 * - "QES": only from a qualified trust service provider's adapter (csc.ts, the CSC API v2) when
 *   configured for a qualified credential (CSC_SIGNATURE_LEVEL=QES).
 */
export type InvoiceSignatureLevel = "ADES" | "QES";

export type InvoiceSignature = {
  pdf: Uint8Array;
  /** "local", or the provider adapter's name ("csc"). */
  provider: string;
  signatureLevel: InvoiceSignatureLevel;
  /** Identifies this signature (the provider's transaction id; the local signer makes one). */
  signatureId: string;
};

export interface InvoiceSigner {
  sign(pdf: Uint8Array, info: { reason: string; signerName: string }): Promise<InvoiceSignature>;
}
