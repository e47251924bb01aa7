import type { PartySnapshot } from "../../../db/schema/billing";
import { activityDeclarationMention } from "../../../lib/regions";
import { computeInvoiceAmounts, EXEMPTION_CODE, EXEMPTION_REASON, type InvoiceAmounts } from "../amounts";
import { InvoiceDocumentError, type InvoiceDocument } from "./types";

/**
 * The legal wording of an invoice (legal-notes §1-2), the same in the XML notes and on the PDF.
 * French: the invoice is issued by a French organisation under French law.
 */
export { EXEMPTION_CODE, EXEMPTION_REASON };

/**
 * The category of the operation (e-invoicing reform, décret 2022-1299: goods, services or both).
 * A training organisation invoices services: printed, and BT-23 "S1" (services, simple invoice) in the XML.
 */
export const OPERATION_CATEGORY = "Prestations de services";
export const BUSINESS_PROCESS = "S1";

/**
 * The option for VAT on debits (CGI art. 269-2 c), printed when the seller took it; in the XML it
 * is the VAT point date code BT-8 = 5 (CII: the invoice's date; UBL's 3), on each VAT breakdown.
 * The French e-invoicing rules make BT-8 mandatory on a service invoice whose seller opted for
 * debits, with exactly these values (5 in CII, 3 in UBL).
 */
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la TVA d'après les débits";
export const VAT_ON_DEBITS_DUE_DATE_CODE = "5";

/** PDF Title and XMP dc:title: "Facture FAC-2026-000001 du 28/11/2026 émise par ACME Formation". */
export function documentTitle(doc: Pick<InvoiceDocument, "kind" | "number" | "issueDate" | "seller">): string {
  return doc.kind === "CREDIT_NOTE" ? `Avoir ${doc.number} du ${frDate(doc.issueDate)} émis par ${doc.seller.name}` : `Facture ${doc.number} du ${frDate(doc.issueDate)} émise par ${doc.seller.name}`;
}

/** PDF Subject and XMP dc:description: "Facture FAC-2026-000001 du 28/11/2026 émise par ACME Formation pour Globex SARL". */
export function documentSubject(doc: Pick<InvoiceDocument, "kind" | "number" | "issueDate" | "seller" | "buyer">): string {
  return `${documentTitle(doc)} pour ${doc.buyer.name}`;
}

export const isIndividual = (party: PartySnapshot) => party.kind === "INDIVIDUAL";

/** The note subjects BR-FR-05 requires (once each, BR-FR-06), and the other notes we carry. */
export type Mention = { subject: "PMD" | "PMT" | "AAB" | "REG" | "ABL" | "AAI"; text: string };

const join = (parts: (string | null | undefined)[], sep = " – ") => parts.filter((p) => p && p.trim()).join(sep);

/** "SAS au capital de 10 000 € – RCS Lyon 123 456 789 – SIRET 123 456 789 00012". */
export function sellerLegalLine(seller: PartySnapshot): string {
  return join([
    join([seller.legalForm, seller.shareCapital ? `au capital de ${seller.shareCapital}` : null], " "),
    seller.rcs,
    seller.siret ? `SIRET ${seller.siret}` : seller.siren ? `SIREN ${seller.siren}` : null,
    seller.vatNumber ? `TVA intracommunautaire ${seller.vatNumber}` : null,
  ]);
}

/** L6352-12 form of the NDA mention (legal-notes §2), or null without an NDA. */
export function ndaMention(seller: PartySnapshot): string | null {
  if (!seller.nda) return null;
  return activityDeclarationMention(seller.nda, seller.ndaRegion);
}

export function latePenaltyMention(buyer: PartySnapshot): string {
  return isIndividual(buyer)
    ? "En cas de retard de paiement, des intérêts de retard au taux d'intérêt légal sont exigibles à compter de la date d'échéance."
    : "En cas de retard de paiement, des pénalités calculées à trois fois le taux d'intérêt légal sont exigibles à compter du lendemain de la date d'échéance.";
}

export function recoveryIndemnityMention(buyer: PartySnapshot): string {
  return isIndividual(buyer)
    ? "Indemnité forfaitaire pour frais de recouvrement : non applicable (client particulier)."
    : "Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.";
}

export const NO_DISCOUNT_MENTION = "Aucun escompte n'est accordé en cas de paiement anticipé.";

const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** BT-20: the document's own terms, else "Paiement à réception" / "Paiement au plus tard le …". */
export function paymentTermsText(doc: InvoiceDocument): string {
  if (doc.paymentTerms?.trim()) return doc.paymentTerms.trim();
  if (doc.kind === "CREDIT_NOTE") return "Avoir à imputer sur la facture d'origine ou à rembourser.";
  return doc.dueDate && doc.dueDate !== doc.issueDate ? `Paiement au plus tard le ${frDate(doc.dueDate)}, par virement.` : "Paiement à réception de la facture.";
}

export function mentions(doc: InvoiceDocument): Mention[] {
  const out: Mention[] = [];
  const legal = sellerLegalLine(doc.seller);
  if (legal) out.push({ subject: "REG", text: `${doc.seller.name} – ${legal}` });
  const nda = ndaMention(doc.seller);
  if (nda) out.push({ subject: "ABL", text: nda });
  out.push({ subject: "PMD", text: latePenaltyMention(doc.buyer) });
  out.push({ subject: "PMT", text: recoveryIndemnityMention(doc.buyer) });
  out.push({ subject: "AAB", text: NO_DISCOUNT_MENTION });
  if (doc.notes?.trim()) out.push({ subject: "AAI", text: doc.notes.trim() });
  return out;
}

export { frDate };

const NUMBER_RE = /^[A-Za-z0-9+\-_/]{1,35}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const SIREN_RE = /^\d{9}$/;

/**
 * What the document needs before it can be built (the rules BR-FR-01/02/10, BR-E-02/BR-S-02,
 * BR-FR-CO-05/07/12 would otherwise fail on): throws InvoiceDocumentError naming the fields.
 * Returns the amounts so callers do not compute them twice.
 */
export function checkInvoiceDocument(doc: InvoiceDocument): InvoiceAmounts {
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  if (!NUMBER_RE.test(doc.number)) add("number", "1 to 35 characters among A-Z a-z 0-9 + - _ /");
  if (!DATE_RE.test(doc.issueDate)) add("issueDate", "YYYY-MM-DD");
  if (doc.dueDate && (!DATE_RE.test(doc.dueDate) || doc.dueDate < doc.issueDate)) add("dueDate", "YYYY-MM-DD, not before the issue date");
  const sp = doc.servicePeriod;
  if (sp && (!DATE_RE.test(sp.start) || !DATE_RE.test(sp.end) || sp.end < sp.start)) add("servicePeriod", "Start and end YYYY-MM-DD, end not before start");
  if (!/^[A-Z]{3}$/.test(doc.currency)) add("currency", "ISO 4217 code");
  if (!doc.seller.siren || !SIREN_RE.test(doc.seller.siren)) add("seller.siren", "The seller's SIREN (9 digits) is required");
  if (doc.seller.siret && !(doc.seller.siret.length === 14 && doc.seller.siren && doc.seller.siret.startsWith(doc.seller.siren))) add("seller.siret", "14 digits starting with the SIREN");
  const amounts = computeInvoiceAmounts(doc.items, doc.vatRegime);
  // Outside the scope of VAT only (BR-O-02 forbids the VAT numbers then); else the seller's VAT number is required.
  if (!doc.seller.vatNumber && !outsideScopeOnly(amounts)) add("seller.vatNumber", "The seller's VAT number is required (EN 16931 BR-S-02 / BR-E-02)");
  if (amounts.vatBreakdown.some((e) => e.category === "O") && amounts.vatBreakdown.length > 1) add("items", "A line outside the scope of VAT (O) cannot share an invoice with other categories");
  if (doc.buyer.siren && !SIREN_RE.test(doc.buyer.siren)) add("buyer.siren", "9 digits");
  if (doc.buyer.siret && !(doc.buyer.siret.length === 14 && doc.buyer.siren && doc.buyer.siret.startsWith(doc.buyer.siren))) add("buyer.siret", "14 digits starting with the SIREN");
  if (!doc.seller.country || !doc.buyer.country) add("country", "Seller and buyer countries are required");
  if (doc.kind === "CREDIT_NOTE") {
    const p = doc.precedingInvoice;
    if (!p || !NUMBER_RE.test(p.number) || !DATE_RE.test(p.issueDate)) add("precedingInvoice", "A credit note references the invoice it credits (number and date)");
  }
  if (doc.currency !== "EUR" && amounts.vatCents > 0 && !(typeof doc.exchangeRateToEur === "number" && doc.exchangeRateToEur > 0)) {
    add("exchangeRateToEur", "Required for VAT in a currency other than EUR (the VAT total is also stated in EUR)");
  }
  if (Object.keys(fields).length) throw new InvoiceDocumentError("The invoice cannot be issued as a Factur-X document", fields);
  return amounts;
}

/** Every line outside the scope of VAT (category O): the XML carries no VAT number then (BR-O-02). */
export const outsideScopeOnly = (amounts: InvoiceAmounts) => amounts.vatBreakdown.length > 0 && amounts.vatBreakdown.every((e) => e.category === "O");
