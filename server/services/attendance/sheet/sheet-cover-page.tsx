import { Page, View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import type { TSheet } from "../../../contracts/attendance-sheet";
import { dateTime, L, METHOD_LEGEND, STATUS_LABELS, zoneLabel } from "./sheet-labels";
import { Field, Footer, fullName, IdentityBoxes, RunningHead, SectionTitle } from "./sheet-page-parts";
import { StatusTotals } from "./sheet-slot-page";
import { s } from "./sheet-styles";
import { TenantLogo } from "../../documents/tenant-logo";

/** First page: provider and training identity, schedule, modules, trainers, per-slot overview, legend. */
export function CoverPage({ sheet, accent, logo }: { sheet: TSheet; accent: string; logo: string | null }) {
  const tz = sheet.timeZone;
  const { tenant, course, session } = sheet;
  return (
    <Page size="A4" style={s.page}>
      <RunningHead sheet={sheet} />
      <TenantLogo src={logo} style={{ marginBottom: 6 }} />
      <Text style={[s.title, { color: accent }]}>{L.title}</Text>
      <Text style={s.subtitle}>
        {course.title} — {session.title}
      </Text>

      <IdentityBoxes tenant={tenant} course={course} session={session} />

      <View style={s.section}>
        <SectionTitle accent={accent}>{L.schedule}</SectionTitle>
        <Field label={L.planned}>
          {session.planned} ({zoneLabel(tz)})
        </Field>
        <Field label={L.actual}>
          {session.startedAt ? `${dateTime(session.startedAt, tz)} – ${session.endedAt ? dateTime(session.endedAt, tz) : "…"}` : L.notStarted}
        </Field>
        <Field label={L.status}>{STATUS_LABELS[session.status]}</Field>
      </View>

      <View style={s.section}>
        <SectionTitle accent={accent}>{L.modules}</SectionTitle>
        {course.modules.length === 0 ? <Text style={s.small}>{L.noModules}</Text> : null}
        {course.modules.map((m, i) => (
          <Text key={m.id} style={s.list}>
            {i + 1}. {m.title}
          </Text>
        ))}
      </View>

      <View style={s.section}>
        <SectionTitle accent={accent}>{L.trainers}</SectionTitle>
        <Text>{sheet.trainers.length ? sheet.trainers.map(fullName).join(" · ") : L.noTrainer}</Text>
      </View>

      <View style={s.section}>
        <SectionTitle accent={accent}>{L.overview}</SectionTitle>
        <View style={s.table}>
          <View style={s.th}>
            <Text style={[s.td, { width: 26 }]}>#</Text>
            <Text style={[s.td, { flex: 1 }]}>{L.slot}</Text>
            <Text style={[s.td, { width: 58, textAlign: "right" }]}>{L.expected}</Text>
            <Text style={[s.td, { width: 58, textAlign: "right" }]}>{L.present}</Text>
            <Text style={[s.td, { width: 58, textAlign: "right" }]}>{L.absent}</Text>
            <Text style={[s.td, { width: 86 }]}>{L.trainerSigned}</Text>
          </View>
          {sheet.slots.map((slot) => {
            const signed = slot.trainers.filter((t) => t.signed).length;
            return (
              <View key={`${slot.id}-${slot.position}`} style={s.trCompact} wrap={false}>
                <Text style={[s.td, { width: 26 }]}>{slot.position}</Text>
                <Text style={[s.td, { flex: 1 }]}>{slot.label}</Text>
                <Text style={[s.td, { width: 58, textAlign: "right" }]}>{slot.summary.expected}</Text>
                <Text style={[s.td, { width: 58, textAlign: "right" }]}>{slot.summary.present}</Text>
                <Text style={[s.td, { width: 58, textAlign: "right" }, slot.summary.absent ? s.absent : {}]}>{slot.summary.absent}</Text>
                <Text style={[s.td, { width: 86 }, signed < slot.trainers.length ? s.absent : {}]}>
                  {signed} / {slot.trainers.length}
                </Text>
              </View>
            );
          })}
        </View>
      </View>

      <View style={s.section} wrap={false}>
        <SectionTitle accent={accent}>{L.totals}</SectionTitle>
        <StatusTotals totals={sheet.summary.byStatus} expected={sheet.summary.expected} />
      </View>

      <View style={s.section} wrap={false}>
        <SectionTitle accent={accent}>{L.legend}</SectionTitle>
        {METHOD_LEGEND.map(([name, text]) => (
          <Text key={name} style={s.small}>
            <Text style={s.strong}>{name}</Text> : {text}
          </Text>
        ))}
        <Text style={[s.small, { marginTop: 6 }]}>
          <Text style={s.strong}>{L.integrity}</Text> : {L.integrityText}
        </Text>
      </View>
      <Footer sheet={sheet} />
    </Page>
  );
}
