/** PROVISIONAL placeholder: the Factur-X branch provides the engine; nothing calls this on main before the merge. */
export type InvoiceDocument = Record<string, unknown>;
export async function buildInvoicePdf(_doc: InvoiceDocument): Promise<{ pdf: Buffer; xml: string; profile: "BASIC" | "EN16931" | "EXTENDED"; xmlAttached: boolean; pdfA3: boolean; eidas: { signed: boolean; provider: string | null; signatureLevel: string | null; signatureId: string | null } }> {
  throw new Error("Factur-X engine not merged");
}
