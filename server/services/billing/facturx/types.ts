import type { InvoiceItem, PartySnapshot } from "../../../db/schema/billing";
import type { VatRegime } from "../amounts";

export type FacturxProfile = "BASIC" | "EN16931" | "EXTENDED";

/**
 * Everything the invoice document engine needs, as copied at issue (plain data, no database
 * access): the CII XML, the PDF and the signature are built from this alone.
 */
export type InvoiceDocument = {
  kind: "INVOICE" | "CREDIT_NOTE";
  /** BT-1: ≤ 35 characters of `A-Z a-z 0-9 + - _ /` (BR-FR-01/02). */
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** YYYY-MM-DD, on or after issueDate (BR-FR-CO-07). */
  dueDate?: string | null;
  /** ISO 4217 (EUR, USD, CHF, GBP...). */
  currency: string;
  /**
   * Only for a currency other than EUR with VAT to pay: the value of 1 unit of `currency` in EUR,
   * which gives the VAT total in EUR that the French rules ask for (BR-FR-CO-12: BT-6 = EUR and
   * BT-111). Without VAT the EUR total is 0 and no rate is needed.
   */
  exchangeRateToEur?: number | null;
  profile: FacturxProfile;
  seller: PartySnapshot;
  /** `kind: "INDIVIDUAL"`: a person (no SIREN, B2C mentions). */
  buyer: PartySnapshot;
  items: InvoiceItem[];
  vatRegime: VatRegime;
  /** BT-20, printed and in the XML; a default sentence is derived from the due date when absent. */
  paymentTerms?: string | null;
  /** BT-13: the buyer's purchase-order reference. */
  purchaseOrder?: string | null;
  /**
   * The dates of the training or service when they differ from the issue date (legal-notes §1):
   * printed, and carried as the invoicing period (BG-14) with its end as delivery date (BT-72).
   * Without it the delivery date is the issue date.
   */
  servicePeriod?: { start: string; end: string } | null;
  /** A credit note's original invoice (BT-25, BT-26). */
  precedingInvoice?: { number: string; issueDate: string } | null;
  /** Free text printed on the invoice and carried as a note (BT-22, subject AAI). */
  notes?: string | null;
};

/** The preconditions the XML needs and the invoice service should check before issuing. */
export class InvoiceDocumentError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
    this.name = "InvoiceDocumentError";
  }
}
