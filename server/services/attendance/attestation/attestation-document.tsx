import { Document, Image, Page, View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import { ATTENDANCE_LABELS, duration, L, shortDate, time, zoneLabel } from "../sheet/sheet-labels";
import { IdentityBoxes, SectionTitle } from "../sheet/sheet-page-parts";
import { accentOf, s } from "../sheet/sheet-styles";
import type { AttestationInput } from "./attestation-data";
import { VerificationBlock, type Verifiable } from "../../verification/verification-block";
import { TenantLogo } from "../../documents/tenant-logo";

/** Printed text of the attestation d'assiduité (French, like the sheet). */
const A = {
  title: "Attestation d'assiduité",
  // Epicene: the signatory's grammatical gender is not known, so the organisation is the subject.
  intro: "L'organisme de formation ci-dessous atteste que",
  introNamed: (who: string) => `L'organisme de formation ci-dessous, représenté par ${who}, atteste que`,
  followed: "a suivi la formation",
  hours: "Heures suivies",
  planned: "Durée prévue",
  rate: "Assiduité",
  detail: "Détail par créneau",
  slot: "Créneau",
  date: "Date et horaires",
  status: "Statut",
  attended: "Temps suivi",
  basis: "Heures établies à partir des émargements scellés de la session (signatures, connexions et corrections motivées), selon les règles de calcul des statuts de présence.",
  madeAt: (city: string | null, date: string) => (city ? `Fait à ${city}, le ${date}` : `Fait le ${date}`),
  signature: "Pour l'organisme de formation",
} as const;

const pct = (a: number, b: number) => (b > 0 ? `${Math.round((a / b) * 100)} %` : "—");

/** The render pool's `attendance-attestation` document (documents/registry.tsx). */
export function AttestationDocument(input: AttestationInput & Verifiable) {
  const { tenant, course, session, learner, timeZone: tz } = input;
  const accent = accentOf(input.accentColor);
  const name = `${learner.firstName} ${learner.lastName.toUpperCase()}`;
  const signer = [input.signatory.name, input.signatory.role].filter(Boolean).join(", ");
  return (
    <Document title={`${A.title} — ${name} — ${session.title}`} author={tenant.displayName} language="fr-FR" creator={A.title}>
      <Page size="A4" style={s.page}>
        <View style={{ flexDirection: "row", alignItems: "center", marginBottom: 8, paddingBottom: 6, borderBottomWidth: 2, borderBottomColor: accent }}>
          <TenantLogo src={input.logo} style={{ marginRight: 8 }} />
          <Text style={[s.strong, { fontSize: 12, color: accent }]}>{tenant.displayName}</Text>
        </View>
        <Text style={[s.title, { color: accent }]}>{A.title}</Text>
        <Text style={s.subtitle}>
          {course.title} — {session.title}
        </Text>
        <IdentityBoxes tenant={tenant} course={course} session={session} />

        <View style={s.section}>
          <Text>{signer ? A.introNamed(signer) : A.intro}</Text>
          <Text style={[s.strong, { fontSize: 12, marginVertical: 4 }]}>{name}</Text>
          <Text>
            {A.followed} « {course.title} » ({session.title}) : {session.planned} ({zoneLabel(tz)}).
          </Text>
        </View>

        <View style={[s.boxes, { marginTop: 4 }]}>
          <View style={s.box}>
            <Text style={s.boxTitle}>{A.hours}</Text>
            <Text style={[s.strong, { fontSize: 14 }]}>
              {duration(input.attendedMinutes)}
            </Text>
          </View>
          <View style={s.box}>
            <Text style={s.boxTitle}>{A.planned}</Text>
            <Text style={[s.strong, { fontSize: 14 }]}>{duration(input.plannedMinutes)}</Text>
          </View>
          <View style={s.box}>
            <Text style={s.boxTitle}>{A.rate}</Text>
            <Text style={[s.strong, { fontSize: 14 }]}>{pct(input.attendedMinutes, input.plannedMinutes)}</Text>
          </View>
        </View>

        <View style={s.section}>
          <SectionTitle accent={accent}>{A.detail}</SectionTitle>
          <View style={s.table}>
            <View style={s.th}>
              <Text style={[s.td, { flex: 1 }]}>{A.slot}</Text>
              <Text style={[s.td, { width: 136 }]}>{A.date}</Text>
              <Text style={[s.td, { width: 132 }]}>{A.status}</Text>
              <Text style={[s.td, { width: 70, textAlign: "right" }]}>{A.attended}</Text>
            </View>
            {input.slots.map((slot, i) => (
              <View key={i} style={s.trCompact} wrap={false}>
                <Text style={[s.td, { flex: 1 }]}>{slot.label}</Text>
                {/* Wide enough for "29/11/2026 14:00–16:00" on one line: a wrap at the dash printed "14:00–-". */}
                <Text style={[s.td, { width: 136 }]}>
                  {shortDate(slot.startsAt, tz)} {time(slot.startsAt, tz)}–{time(slot.endsAt, tz)}
                </Text>
                <Text style={[s.td, { width: 132 }]}>
                  {ATTENDANCE_LABELS[slot.status]}
                  {slot.lateMinutes ? ` (${slot.lateMinutes} ${L.minutes})` : slot.leftEarlyMinutes ? ` (${slot.leftEarlyMinutes} ${L.minutes})` : ""}
                </Text>
                <Text style={[s.td, { width: 70, textAlign: "right" }]}>{duration(slot.minutes)}</Text>
              </View>
            ))}
          </View>
          <Text style={[s.small, { marginTop: 6 }]}>{A.basis}</Text>
        </View>

        <View style={[s.section, { marginTop: 16 }]}>
          <Text>{A.madeAt(input.city, shortDate(input.generatedAt, tz))}</Text>
          <Text style={[s.strong, { marginTop: 4 }]}>
            {A.signature} : {tenant.displayName}
          </Text>
          {signer ? <Text>{signer}</Text> : null}
          {input.signatory.signatureImage ? <Image src={input.signatory.signatureImage} style={{ width: 140, height: 56, objectFit: "contain", marginTop: 4 }} /> : null}
        </View>
        {input.verification ? <VerificationBlock stamp={input.verification} /> : null}
      </Page>
    </Document>
  );
}
