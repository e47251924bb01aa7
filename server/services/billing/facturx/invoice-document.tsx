import { Document, Page, StyleSheet, View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import { FONT } from "../../documents/fonts";
import { computeInvoiceAmounts, type VatCategory } from "../amounts";
import {
  documentSubject,
  documentTitle,
  frDate,
  isIndividual,
  latePenaltyMention,
  ndaMention,
  NO_DISCOUNT_MENTION,
  OPERATION_CATEGORY,
  paymentTermsText,
  recoveryIndemnityMention,
  sellerLegalLine,
  VAT_ON_DEBITS_MENTION,
} from "./mentions";
import type { InvoiceDocument } from "./types";
import { VerificationBlock, type Verifiable } from "../../verification/verification-block";
import { TenantLogo } from "../../documents/tenant-logo";

/**
 * The `facturx-invoice` document of the render pool: a French A4 invoice or credit note
 * ("Avoir"), drawn with the embedded DejaVu fonts as PDF/A-3b (react-pdf's conformance), from the
 * same InvoiceDocument and the same amounts.ts figures as the XML. Plain data in (the worker gets
 * it by copy).
 */
export type InvoicePdfInput = {
  doc: InvoiceDocument;
  /** The seller's (tenant's) logo, printed above its name; null or absent: the name alone. */
  logo?: string | null;
} & Verifiable;

const INK = "#111827";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const ACCENT = "#1e3a8a";
const SHADE = "#f3f4f6";

const s = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 64, paddingHorizontal: 44, fontFamily: FONT.sans, fontSize: 9, color: INK, lineHeight: 1.35 },
  row: { flexDirection: "row" },
  between: { flexDirection: "row", justifyContent: "space-between" },
  sellerName: { fontSize: 13, fontWeight: "bold", color: ACCENT, marginBottom: 2 },
  muted: { color: MUTED },
  small: { fontSize: 7.5, color: MUTED },
  title: { fontSize: 20, fontWeight: "bold", color: ACCENT, textAlign: "right", lineHeight: 1.2, marginBottom: 6 },
  metaRow: { flexDirection: "row", justifyContent: "flex-end" },
  metaLabel: { color: MUTED, width: 92, textAlign: "right", marginRight: 6 },
  metaValue: { width: 110, textAlign: "right", fontWeight: "bold" },
  buyerBox: { marginTop: 18, marginLeft: "auto", width: 240, borderWidth: 0.75, borderColor: LINE, borderRadius: 3, padding: 8 },
  label: { fontSize: 7.5, color: MUTED, textTransform: "uppercase", marginBottom: 2 },
  bold: { fontWeight: "bold" },
  refs: { marginTop: 14 },
  table: { marginTop: 14, borderTopWidth: 0.75, borderTopColor: INK },
  th: { flexDirection: "row", backgroundColor: SHADE, paddingVertical: 4, borderBottomWidth: 0.75, borderBottomColor: INK, fontWeight: "bold", fontSize: 8 },
  tr: { flexDirection: "row", paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: LINE },
  cDesc: { flex: 1, paddingHorizontal: 4 },
  cQty: { width: 44, textAlign: "right", paddingHorizontal: 4 },
  cMoney: { width: 74, textAlign: "right", paddingHorizontal: 4 },
  cRate: { width: 44, textAlign: "right", paddingHorizontal: 4 },
  bottom: { flexDirection: "row", marginTop: 14, justifyContent: "space-between" },
  vatTable: { width: 250 },
  totals: { width: 210 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grand: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 5, marginTop: 3, borderTopWidth: 1, borderTopColor: INK, fontWeight: "bold", fontSize: 11 },
  box: { marginTop: 14, padding: 8, backgroundColor: SHADE, borderRadius: 3 },
  mention: { marginTop: 3 },
  foot: { position: "absolute", top: 804, left: 44, right: 44, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4, fontSize: 7, color: MUTED, flexDirection: "row", justifyContent: "space-between" },
});

/** "1 234,50 €" with a no-break space DejaVu has (U+00A0, not U+202F). */
function moneyFormat(currency: string) {
  const f = new Intl.NumberFormat("fr-FR", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (cents: number) => f.format(cents / 100).replace(/\u202f/g, "\u00a0");
}
const qty = (q: number) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(q).replace(/\u202f/g, "\u00a0");
const pct = (r: number) => `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(r)}\u00a0%`;

/** A line's VAT column: the rate, or what its 0 % means. */
const lineVat = (category: VatCategory, rate: number) => (category === "E" ? "Exonéré" : category === "O" ? "Hors champ" : pct(rate));
/** A breakdown group's label: its category (EN 16931 code) and rate. */
const groupLabel = (category: VatCategory, rate: number) =>
  category === "E" ? "E – Exonéré (0\u00a0%)" : category === "O" ? "O – Hors champ de la TVA" : category === "Z" ? "Z – Taux zéro (0\u00a0%)" : `S – ${pct(rate)}`;

function Address({ party }: { party: InvoiceDocument["seller"] }) {
  return (
    <>
      {party.addressLine1 ? <Text>{party.addressLine1}</Text> : null}
      {party.addressLine2 ? <Text>{party.addressLine2}</Text> : null}
      {party.postalCode || party.city ? <Text>{[party.postalCode, party.city].filter(Boolean).join(" ")}</Text> : null}
      {party.country && party.country.toUpperCase() !== "FR" ? <Text>{party.country.toUpperCase()}</Text> : null}
    </>
  );
}

export function InvoicePdfDocument({ doc, logo, verification }: InvoicePdfInput) {
  const a = computeInvoiceAmounts(doc.items, doc.vatRegime);
  const m = moneyFormat(doc.currency);
  const credit = doc.kind === "CREDIT_NOTE";
  const title = credit ? "Avoir" : "Facture";
  const hasDiscount = a.discountCents > 0;
  const nda = ndaMention(doc.seller);
  const legal = sellerLegalLine(doc.seller);
  return (
    <Document
      title={documentTitle(doc)}
      author={doc.seller.name}
      subject={documentSubject(doc)}
      creator={doc.seller.name}
      producer="Plateforme Formation"
      language="fr-FR"
      conformance="PDF/A-3b"
    >
      <Page size="A4" style={s.page}>
        <View style={s.between}>
          <View style={{ width: 270 }}>
            <TenantLogo src={logo} style={{ marginBottom: 6 }} />
            <Text style={s.sellerName}>{doc.seller.name}</Text>
            <Address party={doc.seller} />
            {doc.seller.email ? <Text>{doc.seller.email}</Text> : null}
            {legal ? <Text style={[s.small, { marginTop: 4 }]}>{legal}</Text> : null}
            {nda ? <Text style={s.small}>{nda}</Text> : null}
          </View>
          <View>
            <Text style={s.title}>{title.toUpperCase()}</Text>
            <View style={s.metaRow}>
              <Text style={s.metaLabel}>Numéro</Text>
              <Text style={s.metaValue}>{doc.number}</Text>
            </View>
            <View style={s.metaRow}>
              <Text style={s.metaLabel}>Date d&apos;émission</Text>
              <Text style={s.metaValue}>{frDate(doc.issueDate)}</Text>
            </View>
            {doc.dueDate ? (
              <View style={s.metaRow}>
                <Text style={s.metaLabel}>Échéance</Text>
                <Text style={s.metaValue}>{frDate(doc.dueDate)}</Text>
              </View>
            ) : null}
          </View>
        </View>

        <View style={s.buyerBox}>
          <Text style={s.label}>{credit ? "Avoir établi pour" : "Facturé à"}</Text>
          <Text style={s.bold}>{doc.buyer.name}</Text>
          <Address party={doc.buyer} />
          {/* The buyer's SIREN (e-invoicing reform), and its SIRET when known. */}
          {!isIndividual(doc.buyer) && doc.buyer.siren ? <Text style={s.muted}>SIREN {doc.buyer.siren}</Text> : null}
          {!isIndividual(doc.buyer) && doc.buyer.siret ? <Text style={s.muted}>SIRET {doc.buyer.siret}</Text> : null}
          {doc.buyer.vatNumber ? <Text style={s.muted}>TVA {doc.buyer.vatNumber}</Text> : null}
        </View>

        <View style={s.refs}>
          {credit && doc.precedingInvoice ? (
            <Text style={s.bold}>
              Avoir sur la facture n° {doc.precedingInvoice.number} du {frDate(doc.precedingInvoice.issueDate)}
            </Text>
          ) : null}
          <Text>Catégorie de l&apos;opération : {OPERATION_CATEGORY}</Text>
          {doc.purchaseOrder ? <Text>Votre commande : {doc.purchaseOrder}</Text> : null}
          {doc.servicePeriod ? (
            <Text>
              Période de la prestation : du {frDate(doc.servicePeriod.start)} au {frDate(doc.servicePeriod.end)}
            </Text>
          ) : null}
        </View>

        <View style={s.table}>
          <View style={s.th} fixed>
            <Text style={s.cDesc}>Désignation</Text>
            <Text style={s.cQty}>Qté</Text>
            <Text style={s.cMoney}>PU HT</Text>
            {hasDiscount ? <Text style={s.cMoney}>Remise</Text> : null}
            <Text style={s.cRate}>TVA</Text>
            <Text style={s.cMoney}>Montant HT</Text>
          </View>
          {a.lines.map((line) => (
            <View key={line.lineId} style={s.tr} wrap={false}>
              <Text style={s.cDesc}>{line.description}</Text>
              <Text style={s.cQty}>{qty(line.quantity)}</Text>
              <Text style={s.cMoney}>{m(line.unitPriceCents)}</Text>
              {hasDiscount ? <Text style={s.cMoney}>{line.discountCents ? `−${m(line.discountCents)}` : ""}</Text> : null}
              <Text style={s.cRate}>{lineVat(line.category, line.vatRate)}</Text>
              <Text style={s.cMoney}>{m(line.netCents)}</Text>
            </View>
          ))}
        </View>

        <View style={s.bottom} wrap={false}>
          <View style={s.vatTable}>
            <View style={s.th}>
              <Text style={s.cDesc}>TVA</Text>
              <Text style={s.cMoney}>Base HT</Text>
              <Text style={s.cMoney}>Montant TVA</Text>
            </View>
            {a.vatBreakdown.map((e) => (
              <View key={`${e.category}${e.rate}`} style={s.tr}>
                <Text style={s.cDesc}>{groupLabel(e.category, e.rate)}</Text>
                <Text style={s.cMoney}>{m(e.baseCents)}</Text>
                <Text style={s.cMoney}>{m(e.vatCents)}</Text>
              </View>
            ))}
          </View>
          <View style={s.totals}>
            {hasDiscount ? (
              <View style={s.totalRow}>
                <Text style={s.muted}>dont remises</Text>
                <Text style={s.muted}>−{m(a.discountCents)}</Text>
              </View>
            ) : null}
            <View style={s.totalRow}>
              <Text>Total HT</Text>
              <Text>{m(a.subtotalCents)}</Text>
            </View>
            <View style={s.totalRow}>
              <Text>Total TVA</Text>
              <Text>{m(a.vatCents)}</Text>
            </View>
            <View style={s.grand}>
              <Text>{credit ? "Total TTC de l'avoir" : "Total TTC"}</Text>
              <Text>{m(a.totalCents)}</Text>
            </View>
          </View>
        </View>

        {/* Each exempt (or out-of-scope) group's legal ground, as BT-120 says it. */}
        {a.vatBreakdown
          .filter((e) => e.exemptionReason)
          .map((e) => (
            <Text key={`reason-${e.category}`} style={[s.bold, { marginTop: 6 }]}>
              {a.vatBreakdown.length > 1 ? `${e.category === "E" ? "Lignes exonérées" : "Lignes hors champ"} : ` : ""}
              {e.exemptionReason}
            </Text>
          ))}
        {doc.seller.vatOnDebits ? <Text style={[s.bold, { marginTop: 6 }]}>{VAT_ON_DEBITS_MENTION}</Text> : null}

        <View style={s.box} wrap={false}>
          <Text style={s.label}>Conditions de paiement</Text>
          <Text>{paymentTermsText(doc)}</Text>
          {doc.seller.iban && !credit ? (
            <Text style={s.mention}>
              IBAN {doc.seller.iban}
              {doc.seller.bic ? ` – BIC ${doc.seller.bic}` : ""}
            </Text>
          ) : null}
          <Text style={[s.small, s.mention]}>{latePenaltyMention(doc.buyer)}</Text>
          <Text style={s.small}>{recoveryIndemnityMention(doc.buyer)}</Text>
          <Text style={s.small}>{NO_DISCOUNT_MENTION}</Text>
        </View>

        {doc.notes?.trim() ? (
          <View style={{ marginTop: 10 }}>
            <Text style={s.label}>Notes</Text>
            <Text>{doc.notes.trim()}</Text>
          </View>
        ) : null}

        {verification ? <VerificationBlock stamp={verification} /> : null}

        <View style={s.foot} fixed>
          <Text style={{ flex: 1, marginRight: 12 }}>{[doc.seller.name, legal].filter(Boolean).join(" – ")}</Text>
          {/* A dynamic text is not measured by the layout: it gets a fixed width. */}
          <Text style={{ width: 150, textAlign: "right" }} render={({ pageNumber, totalPages }) => `${title} ${doc.number} – page ${pageNumber}/${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}
