import { Document, Page, View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import type { TSheet } from "../../../contracts/attendance-sheet";
import { correctionText, dateTime, L } from "./sheet-labels";
import { CoverPage } from "./sheet-cover-page";
import { Footer, RunningHead, SectionTitle } from "./sheet-page-parts";
import { SlotPage, type SignatureImages } from "./sheet-slot-page";
import { accentOf, s } from "./sheet-styles";
import { VerificationContext, type Verifiable } from "../../verification/verification-block";
import { opaquePngDataUrl } from "../../documents/opaque-png";

/** What the renderer needs: the JSON sheet, the brand colour and the drawn signatures as PNG data URIs (null: unreadable). */
/** `logo`: the tenant's logo (data URL, PNG or JPEG) for the cover page's header, or null. */
export type SheetPdfInput = { sheet: TSheet; accentColor: string | null; logo?: string | null; images: SignatureImages } & Verifiable;

function CorrectionsPage({ sheet, accent }: { sheet: TSheet; accent: string }) {
  return (
    <Page size="A4" style={s.page}>
      <RunningHead sheet={sheet} />
      <SectionTitle accent={accent}>{L.corrections}</SectionTitle>
      {sheet.overrides.map((o) => (
        <View key={o.id} style={s.card} wrap={false}>
          <Text style={s.strong}>
            {o.lastName.toUpperCase()} {o.firstName} — {dateTime(o.signedAt, sheet.timeZone)}
            {` — ${correctionText(o)}`}
          </Text>
          <Text>
            {L.by} {o.overrideBy ? `${o.overrideBy.firstName} ${o.overrideBy.lastName}` : "—"} · {L.scope} :{" "}
            {o.slotId ? `${L.slot} ${sheet.slots.find((x) => x.id === o.slotId)?.label ?? o.slotId}` : L.wholeSession}
          </Text>
          <Text>
            {L.reason} : « {o.reason ?? ""} »
          </Text>
          <Text style={s.mono}>{o.sealedHash}</Text>
        </View>
      ))}
      <Footer sheet={sheet} />
    </Page>
  );
}

/**
 * The drawn signatures as printed: opaque on the white page (documents/opaque-png.ts, each one
 * flattened once per render thread); one that does not decode is left to the renderer as it is.
 */
function printedSignatures(images: SignatureImages): SignatureImages {
  const out: SignatureImages = {};
  for (const [id, url] of Object.entries(images)) {
    try {
      out[id] = url && opaquePngDataUrl(url);
    } catch {
      out[id] = url;
    }
  }
  return out;
}

/** The sheet as a react-pdf document (the render pool's `attendance-sheet` type, documents/registry.tsx). */
export function SheetDocument({ sheet, accentColor, logo, images: drawn, verification }: SheetPdfInput) {
  const accent = accentOf(accentColor);
  const images = printedSignatures(drawn);
  return (
    <VerificationContext.Provider value={verification ?? null}>
      <Document title={`${L.title} — ${sheet.course.title} — ${sheet.session.title}`} author={sheet.tenant.displayName} subject={sheet.chain.hash ?? ""} language="fr-FR" creator="Feuille d'émargement">
        <CoverPage sheet={sheet} accent={accent} logo={logo ?? null} />
        {sheet.slots.map((slot) => (
          <SlotPage key={`${slot.id}-${slot.position}`} sheet={sheet} slot={slot} images={images} accent={accent} />
        ))}
        {sheet.overrides.length ? <CorrectionsPage sheet={sheet} accent={accent} /> : null}
      </Document>
    </VerificationContext.Provider>
  );
}

