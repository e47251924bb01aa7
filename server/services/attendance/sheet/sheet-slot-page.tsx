import { Image, Page, View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import type { TSheet, TSheetLearnerEntry, TSheetOverride, TSheetRecord, TSheetSlot } from "../../../contracts/attendance-sheet";
import { ATTENDANCE_LABELS, correctionText, dateTime, L, METHOD_LABELS, shortDate, STATUS_ORDER, statusText, time } from "./sheet-labels";
import { Footer, fullName, RunningHead, SectionTitle } from "./sheet-page-parts";
import { s } from "./sheet-styles";

export type SignatureImages = Record<string, string | null>;
type Ctx = { sheet: TSheet; slot: TSheetSlot; images: SignatureImages; accent: string };

const W = { n: 22, name: 150, sig: 140, at: 62 };

/** "09:03" (with the date when it is not the slot's day). */
function at(iso: string, ctx: Ctx): string {
  const tz = ctx.sheet.timeZone;
  return shortDate(iso, tz) === shortDate(ctx.slot.startsAt, tz) ? time(iso, tz) : dateTime(iso, tz);
}

/** The method in words; AUTO adds minutes and rate, OVERRIDE the minutes granted. */
function methodText(record: TSheetRecord): string {
  let extra = "";
  if (record.method === "AUTO" && record.attendanceMinutes !== null) {
    extra = ` · ${record.attendanceMinutes} ${L.minutes}${record.attendanceRate !== null ? ` (${Math.round(record.attendanceRate * 100)} %)` : ""}`;
  }
  if (record.method === "OVERRIDE" && record.attendanceMinutes !== null) extra = ` · ${record.attendanceMinutes} ${L.minutes}`;
  return `${METHOD_LABELS[record.method]}${extra}`;
}

/** The method in words, or "Non signé" when the learner has no record of their own for the slot (a Text cell: no image). */
function SignatureText({ record }: { record: TSheetRecord | null }) {
  if (!record) return <Text style={[s.td, s.muted, { width: W.sig }]}>{L.notSigned}</Text>;
  if (record.hasSignature) return <Text style={[s.td, s.small, { width: W.sig }]}>{`${METHOD_LABELS[record.method]} (${L.unreadable})`}</Text>;
  return <Text style={[s.td, s.method, { width: W.sig }]}>{methodText(record)}</Text>;
}

/** The signature cell: the drawn signature image when there is one, else {@link SignatureText}. */
function SignatureCell({ record, ctx }: { record: TSheetRecord | null; ctx: Ctx }) {
  const src = record?.hasSignature ? ctx.images[record.id] : null;
  if (!src) return <SignatureText record={record} />;
  return (
    <View style={[s.td, { width: W.sig }]}>
      <Image src={src} style={s.signatureImage} />
    </View>
  );
}

/** "Correction du 12/01/2027 16:02 par Alice Martin : Absence justifiée — motif : « … » (corrige : Code PIN 14:02)". */
function overrideLine(o: TSheetOverride, tz: string, corrected?: TSheetRecord | null): string {
  const by = o.overrideBy ? ` ${L.by} ${o.overrideBy.firstName} ${o.overrideBy.lastName}` : "";
  const what = corrected ? ` (${L.corrects} : ${METHOD_LABELS[corrected.method]} ${dateTime(corrected.signedAt, tz)})` : "";
  return `${L.correction} du ${dateTime(o.signedAt, tz)}${by} : ${correctionText(o)} — ${L.reason} : « ${o.reason ?? ""} »${what}`;
}

const tone = (status: TSheetLearnerEntry["status"]) => (status === "PRESENT" ? s.present : status === "ABSENT" ? s.absent : status === "NOT_YET" ? s.muted : s.strong);

function LearnerRow({ learner, index, ctx }: { learner: TSheetLearnerEntry; index: number; ctx: Ctx }) {
  const records = new Map([learner.signature, learner.record].filter((r): r is TSheetRecord => r !== null).map((r) => [r.id, r]));
  const row = (
    <View style={learner.overrides.length ? s.tr : [s.tr, s.rowGroup]} wrap={false}>
      <Text style={[s.td, s.muted, { width: W.n }]}>{index + 1}</Text>
      <Text style={[s.td, s.strong, { width: W.name }]}>
        {fullName(learner)}
        {learner.enrolled ? null : <Text style={s.small}>{`\n(${L.notEnrolled})`}</Text>}
      </Text>
      <SignatureCell record={learner.signature} ctx={ctx} />
      <Text style={[s.td, s.small, { width: W.at }]}>{learner.signedAt ? at(learner.signedAt, ctx) : "—"}</Text>
      <Text style={[s.td, { flex: 1, fontSize: 8.5 }, tone(learner.status)]}>{statusText(learner, Math.floor((Date.parse(ctx.slot.endsAt) - Date.parse(ctx.slot.startsAt)) / 60_000))}</Text>
    </View>
  );
  if (!learner.overrides.length) return row;
  return (
    <View wrap={false} style={s.rowGroup}>
      {row}
      {learner.overrides.map((o) => (
        <Text key={o.id} style={s.override}>
          {overrideLine(o, ctx.sheet.timeZone, o.correctsId ? (records.get(o.correctsId) ?? null) : null)}
        </Text>
      ))}
    </View>
  );
}

/** "Présents : 3   En retard : 1 …" — every status, from the computed totals. */
export function StatusTotals({ totals, expected }: { totals: Record<TSheetLearnerEntry["status"], number>; expected: number }) {
  return (
    <View style={s.summary} wrap={false}>
      <Text>
        {L.expected} : <Text style={s.strong}>{expected}</Text>
      </Text>
      {STATUS_ORDER.map((k) => (
        <Text key={k}>
          {ATTENDANCE_LABELS[k]} : <Text style={s.strong}>{totals[k]}</Text>
        </Text>
      ))}
    </View>
  );
}

function TableHead() {
  return (
    <View style={s.th} fixed>
      <Text style={[s.td, { width: W.n }]}>#</Text>
      <Text style={[s.td, { width: W.name }]}>{L.name}</Text>
      <Text style={[s.td, { width: W.sig }]}>{L.signature}</Text>
      <Text style={[s.td, { width: W.at }]}>{L.at}</Text>
      <Text style={[s.td, { flex: 1 }]}>{L.status}</Text>
    </View>
  );
}

/** One slot (a half-day when slots are HALF_DAY): its trainers' and learners' signatures; continues over pages. */
export function SlotPage({ sheet, slot, images, accent }: Ctx) {
  const ctx = { sheet, slot, images, accent };
  const tz = sheet.timeZone;
  return (
    <Page size="A4" style={s.page}>
      <RunningHead sheet={sheet} />
      <View style={[s.slotBar, { backgroundColor: accent }]} wrap={false}>
        <Text style={s.slotTitle}>
          {L.slot} {slot.position} / {sheet.slots.length} — {slot.label}
        </Text>
        <Text style={s.slotMeta}>
          {shortDate(slot.startsAt, tz)} · {time(slot.startsAt, tz)} – {time(slot.endsAt, tz)}
        </Text>
      </View>

      <View style={s.section} wrap={false}>
        <SectionTitle accent={accent}>{L.trainers}</SectionTitle>
        <View style={s.table}>
          {slot.trainers.length === 0 ? <Text style={[s.td, s.small]}>{L.noTrainer}</Text> : null}
          {slot.trainers.map((t) => (
            <View key={t.userId} style={[s.tr, s.rowGroup]}>
              <Text style={[s.td, { width: W.n + W.name }, s.strong]}>{fullName(t)}</Text>
              <SignatureCell record={t.record} ctx={ctx} />
              <Text style={[s.td, s.small, { flex: 1 }]}>{t.record ? at(t.record.signedAt, ctx) : "—"}</Text>
            </View>
          ))}
        </View>
      </View>

      <SectionTitle accent={accent}>
        {L.learners} ({slot.summary.expected})
      </SectionTitle>
      <View style={s.table}>
        <TableHead />
        {slot.learners.length === 0 ? <Text style={[s.td, s.small]}>{L.noLearner}</Text> : null}
        {slot.learners.map((l, i) => (
          <LearnerRow key={l.userId} learner={l} index={i} ctx={ctx} />
        ))}
      </View>
      <StatusTotals totals={slot.summary.byStatus} expected={slot.summary.expected} />
      <Footer sheet={sheet} />
    </Page>
  );
}
