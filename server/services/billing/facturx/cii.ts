import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import type { PartySnapshot } from "../../../db/schema/billing";
import type { InvoiceAmounts } from "../amounts";
import { BUSINESS_PROCESS, checkInvoiceDocument, isIndividual, mentions, outsideScopeOnly, paymentTermsText, VAT_ON_DEBITS_DUE_DATE_CODE } from "./mentions";
import type { FacturxProfile, InvoiceDocument } from "./types";

/**
 * The Factur-X CII XML (UN/CEFACT Cross Industry Invoice D16B, Factur-X 1.09) of an invoice or
 * credit note, for the BASIC, EN16931 and EXTENDED profiles. Built with xmlbuilder2 in the
 * schema's element order. What it carries, beyond the figures of amounts.ts:
 * - BT-23 business process "S1" (services, simple invoice: the operation category "Prestations de
 *   services" printed on the PDF, e-invoicing reform),
 * - the seller's SIREN as legal registration (BT-30, scheme 0002) and as electronic address
 *   (BT-34, scheme 0225, BR-FR-13); the buyer's SIREN the same way, or the buyer's e-mail
 *   (scheme EM) for a person or a foreign buyer (BR-FR-12),
 * - notes with subject codes: REG legal identity, ABL activity declaration (NDA), PMD late
 *   penalties, PMT €40 recovery indemnity (B2B), AAB no early-payment discount (BR-FR-05),
 * - each line's VAT category (S, E, Z, O: amounts.ts), one breakdown per category and rate, each
 *   E (or O) group with its own BT-120/BT-121 (the training exemption: "Exonération de TVA –
 *   article 261-4-4° a du CGI" and VATEX-FR-CGI261-4); EXTENDED also states them per line,
 * - the option for VAT on debits as BT-8 = 5 on each breakdown when the seller took it,
 * - the delivery element the XSD requires, with the delivery date (BT-72: end of the service
 *   period, else the issue date) and the service period (BG-14) when given,
 * - a credit note: type code 381 and the credited invoice (BT-25/BT-26),
 * - another currency than EUR: BT-6 = EUR and the VAT total in EUR (BR-FR-CO-12).
 */

const GUIDELINE_IDS: Record<FacturxProfile, string> = {
  BASIC: "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
  EN16931: "urn:cen.eu:en16931:2017",
  EXTENDED: "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended",
};

const NS = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** Cents (never negative here) as "1234.50". */
const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const rate = (r: number) => r.toFixed(2);
const quantity = (q: number) => q.toFixed(2);
const date102 = (iso: string) => iso.replaceAll("-", "");

type Node = XMLBuilder;
const el = (parent: Node, name: string, text?: string | null, attrs?: Record<string, string>): Node => {
  const node = parent.ele(name, attrs);
  if (text !== undefined && text !== null) node.txt(text);
  return node;
};

function address(parent: Node, party: PartySnapshot): void {
  const a = el(parent, "ram:PostalTradeAddress");
  if (party.postalCode) el(a, "ram:PostcodeCode", party.postalCode);
  if (party.addressLine1) el(a, "ram:LineOne", party.addressLine1);
  if (party.addressLine2) el(a, "ram:LineTwo", party.addressLine2);
  if (party.city) el(a, "ram:CityName", party.city);
  el(a, "ram:CountryID", party.country.toUpperCase());
}

function party(parent: Node, name: string, p: PartySnapshot, withVatNumber = true): void {
  const node = el(parent, name);
  // BT-29 / BT-46: the SIRET as a global identifier (scheme 0009).
  if (p.siret) el(node, "ram:GlobalID", p.siret, { schemeID: "0009" });
  el(node, "ram:Name", p.name);
  if (p.siren) el(el(node, "ram:SpecifiedLegalOrganization"), "ram:ID", p.siren, { schemeID: "0002" });
  address(node, p);
  // BT-34 / BT-49: the French directory address starts with the SIREN (scheme 0225).
  const endpoint = p.siren ? { id: p.siren, scheme: "0225" } : p.email ? { id: p.email, scheme: "EM" } : null;
  if (endpoint) el(el(node, "ram:URIUniversalCommunication"), "ram:URIID", endpoint.id, { schemeID: endpoint.scheme });
  if (p.vatNumber && withVatNumber) el(el(node, "ram:SpecifiedTaxRegistration"), "ram:ID", p.vatNumber.replace(/\s+/g, ""), { schemeID: "VA" });
}

/** The CII XML string (UTF-8, with declaration). Throws InvoiceDocumentError on missing data. */
export function buildInvoiceXml(doc: InvoiceDocument, amounts: InvoiceAmounts = checkInvoiceDocument(doc)): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("rsm:CrossIndustryInvoice", {
    "xmlns:rsm": NS.rsm,
    "xmlns:qdt": NS.qdt,
    "xmlns:ram": NS.ram,
    "xmlns:udt": NS.udt,
  });

  const context = el(root, "rsm:ExchangedDocumentContext");
  el(el(context, "ram:BusinessProcessSpecifiedDocumentContextParameter"), "ram:ID", BUSINESS_PROCESS);
  el(el(context, "ram:GuidelineSpecifiedDocumentContextParameter"), "ram:ID", GUIDELINE_IDS[doc.profile]);

  const header = el(root, "rsm:ExchangedDocument");
  el(header, "ram:ID", doc.number);
  el(header, "ram:TypeCode", doc.kind === "CREDIT_NOTE" ? "381" : "380");
  el(el(header, "ram:IssueDateTime"), "udt:DateTimeString", date102(doc.issueDate), { format: "102" });
  const notes = mentions(doc);
  // BAR (French treatment of the invoice): B2C for a person, B2B for a French company with a SIREN.
  const bar = isIndividual(doc.buyer) ? "B2C" : doc.buyer.siren ? "B2B" : null;
  for (const note of notes) {
    const n = el(header, "ram:IncludedNote");
    el(n, "ram:Content", note.text);
    el(n, "ram:SubjectCode", note.subject);
  }
  if (bar) {
    const n = el(header, "ram:IncludedNote");
    el(n, "ram:Content", bar);
    el(n, "ram:SubjectCode", "BAR");
  }

  const tx = el(root, "rsm:SupplyChainTradeTransaction");
  for (const line of amounts.lines) {
    const item = el(tx, "ram:IncludedSupplyChainTradeLineItem");
    el(el(item, "ram:AssociatedDocumentLineDocument"), "ram:LineID", String(line.lineId));
    el(el(item, "ram:SpecifiedTradeProduct"), "ram:Name", line.description);
    const agreement = el(item, "ram:SpecifiedLineTradeAgreement");
    el(el(agreement, "ram:NetPriceProductTradePrice"), "ram:ChargeAmount", money(line.unitPriceCents));
    el(el(item, "ram:SpecifiedLineTradeDelivery"), "ram:BilledQuantity", quantity(line.quantity), { unitCode: "C62" });
    const settlement = el(item, "ram:SpecifiedLineTradeSettlement");
    const tax = el(settlement, "ram:ApplicableTradeTax");
    el(tax, "ram:TypeCode", "VAT");
    // EXTENDED also states the exemption per line (BR-FXEXT-E-08rev compares it with BT-120/121).
    const lineExemption = doc.profile === "EXTENDED" && line.exemptionReason !== null;
    if (lineExemption) el(tax, "ram:ExemptionReason", line.exemptionReason);
    el(tax, "ram:CategoryCode", line.category);
    if (lineExemption && line.exemptionCode) el(tax, "ram:ExemptionReasonCode", line.exemptionCode);
    // Outside the scope of VAT there is no rate (BR-O-05).
    if (line.category !== "O") el(tax, "ram:RateApplicablePercent", rate(line.vatRate));
    if (line.discountCents > 0) {
      const allowance = el(settlement, "ram:SpecifiedTradeAllowanceCharge");
      el(el(allowance, "ram:ChargeIndicator"), "udt:Indicator", "false");
      el(allowance, "ram:ActualAmount", money(line.discountCents));
      el(allowance, "ram:ReasonCode", "95");
      el(allowance, "ram:Reason", "Remise");
    }
    el(el(settlement, "ram:SpecifiedTradeSettlementLineMonetarySummation"), "ram:LineTotalAmount", money(line.netCents));
  }

  const agreement = el(tx, "ram:ApplicableHeaderTradeAgreement");
  const withVatNumbers = !outsideScopeOnly(amounts);
  party(agreement, "ram:SellerTradeParty", doc.seller, withVatNumbers);
  party(agreement, "ram:BuyerTradeParty", doc.buyer, withVatNumbers);
  if (doc.purchaseOrder) el(el(agreement, "ram:BuyerOrderReferencedDocument"), "ram:IssuerAssignedID", doc.purchaseOrder);

  // BT-72: the end of the service, or the issue date (an empty delivery element is PEPPOL-EN16931-R008).
  const delivery = el(tx, "ram:ApplicableHeaderTradeDelivery");
  const deliveredOn = doc.servicePeriod?.end ?? doc.issueDate;
  el(el(el(delivery, "ram:ActualDeliverySupplyChainEvent"), "ram:OccurrenceDateTime"), "udt:DateTimeString", date102(deliveredOn), { format: "102" });

  const settlement = el(tx, "ram:ApplicableHeaderTradeSettlement");
  el(settlement, "ram:PaymentReference", doc.number);
  const foreign = doc.currency !== "EUR";
  if (foreign) el(settlement, "ram:TaxCurrencyCode", "EUR");
  el(settlement, "ram:InvoiceCurrencyCode", doc.currency);
  if (doc.seller.iban && doc.kind === "INVOICE") {
    const means = el(settlement, "ram:SpecifiedTradeSettlementPaymentMeans");
    el(means, "ram:TypeCode", "58");
    el(el(means, "ram:PayeePartyCreditorFinancialAccount"), "ram:IBANID", doc.seller.iban.replace(/\s+/g, ""));
  }
  for (const entry of amounts.vatBreakdown) {
    const tax = el(settlement, "ram:ApplicableTradeTax");
    el(tax, "ram:CalculatedAmount", money(entry.vatCents));
    el(tax, "ram:TypeCode", "VAT");
    if (entry.exemptionReason) el(tax, "ram:ExemptionReason", entry.exemptionReason);
    el(tax, "ram:BasisAmount", money(entry.baseCents));
    el(tax, "ram:CategoryCode", entry.category);
    if (entry.exemptionCode) el(tax, "ram:ExemptionReasonCode", entry.exemptionCode);
    if (doc.seller.vatOnDebits) el(tax, "ram:DueDateTypeCode", VAT_ON_DEBITS_DUE_DATE_CODE);
    if (entry.category !== "O") el(tax, "ram:RateApplicablePercent", rate(entry.rate));
  }
  if (doc.servicePeriod) {
    const period = el(settlement, "ram:BillingSpecifiedPeriod");
    el(el(period, "ram:StartDateTime"), "udt:DateTimeString", date102(doc.servicePeriod.start), { format: "102" });
    el(el(period, "ram:EndDateTime"), "udt:DateTimeString", date102(doc.servicePeriod.end), { format: "102" });
  }
  const terms = el(settlement, "ram:SpecifiedTradePaymentTerms");
  el(terms, "ram:Description", paymentTermsText(doc));
  if (doc.dueDate) el(el(terms, "ram:DueDateDateTime"), "udt:DateTimeString", date102(doc.dueDate), { format: "102" });

  const sums = el(settlement, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
  el(sums, "ram:LineTotalAmount", money(amounts.subtotalCents));
  el(sums, "ram:TaxBasisTotalAmount", money(amounts.subtotalCents));
  el(sums, "ram:TaxTotalAmount", money(amounts.vatCents), { currencyID: doc.currency });
  if (foreign) el(sums, "ram:TaxTotalAmount", money(vatInEurCents(doc, amounts)), { currencyID: "EUR" });
  el(sums, "ram:GrandTotalAmount", money(amounts.totalCents));
  el(sums, "ram:DuePayableAmount", money(amounts.totalCents));

  if (doc.kind === "CREDIT_NOTE" && doc.precedingInvoice) {
    const ref = el(settlement, "ram:InvoiceReferencedDocument");
    el(ref, "ram:IssuerAssignedID", doc.precedingInvoice.number);
    el(el(ref, "ram:FormattedIssueDateTime"), "qdt:DateTimeString", date102(doc.precedingInvoice.issueDate), { format: "102" });
  }

  return root.end({ prettyPrint: true });
}

/** BT-111: the VAT total in EUR (0 without VAT; else VAT × exchange rate, rounded to the cent). */
function vatInEurCents(doc: InvoiceDocument, amounts: InvoiceAmounts): number {
  if (amounts.vatCents === 0) return 0;
  if (doc.currency === "EUR") return amounts.vatCents;
  return Math.round(amounts.vatCents * (doc.exchangeRateToEur ?? 0));
}
