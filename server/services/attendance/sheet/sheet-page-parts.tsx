import { View } from "@react-pdf/renderer";
import { Text } from "../../documents/french-text";
import { PageFurniture } from "../../documents/page-furniture";
import type { ReactNode } from "react";
import type { TSheet } from "../../../contracts/attendance-sheet";
import { formatPlace } from "../../../contracts/sessions";
import { dateTime, L, shortDate } from "./sheet-labels";
import { s } from "./sheet-styles";
import { useVerificationStamp, VerificationQr, verificationLine, type VerificationStamp } from "../../verification/verification-block";

/** Pieces shared by every page of the sheet: running head, footer (chain hash, URL, page x/y), labelled fields. */

/** Repeated at the top of every page. */
export function RunningHead({ sheet }: { sheet: TSheet }) {
  return (
    <View style={s.runningHead} fixed>
      <Text>
        {sheet.tenant.displayName} · {L.title}
      </Text>
      <Text>
        {sheet.course.title} · {shortDate(sheet.session.scheduledAt, sheet.timeZone)}
      </Text>
    </View>
  );
}

/**
 * Printed on every page: the chain hash, the public verification (code, URL and, in the corner,
 * its QR code) when the sheet was issued with one, else the staff page's URL, and page x/y
 * (legal-notes §3: integrity of electronic records). Page furniture (documents/page-furniture.tsx):
 * laid out once the page count is known, so the pages' content is laid out without it.
 */
export function Footer({ sheet }: { sheet: TSheet }) {
  const stamp = useVerificationStamp();
  return <PageFurniture render={(page) => <FooterOf sheet={sheet} stamp={stamp} {...page} />} />;
}

function FooterOf({ sheet, stamp, pageNumber, totalPages }: { sheet: TSheet; stamp: VerificationStamp | null; pageNumber: number; totalPages: number }) {
  return (
    <>
      <View style={stamp ? [s.footer, { right: 36 + 36 }] : s.footer}>
        <View style={s.footerRow}>
          <Text>{L.chainHash} : </Text>
          <Text style={[s.mono, { flex: 1 }]}>{sheet.chain.hash ?? L.noRecord}</Text>
          <Text>
            {L.generatedAt} {dateTime(sheet.generatedAt, sheet.timeZone)} · {sheet.chain.records} enr.
          </Text>
        </View>
        <View style={s.footerRow}>
          <Text style={{ flex: 1 }}>{stamp ? verificationLine(stamp) : `${L.verify} : ${sheet.chain.verificationUrl}`}</Text>
          <Text>
            {L.page} {pageNumber} / {totalPages}
          </Text>
        </View>
      </View>
      {stamp ? <VerificationQr stamp={stamp} top={798} right={36} /> : null}
    </>
  );
}

export function Field({ label, children, missing, labelWidth }: { label: string; children: ReactNode; missing?: boolean; labelWidth?: number }) {
  return (
    <View style={s.field}>
      <Text style={labelWidth ? [s.fieldLabel, { width: labelWidth }] : s.fieldLabel}>{label}</Text>
      <Text style={missing ? [s.fieldValue, s.missing] : s.fieldValue}>{children}</Text>
    </View>
  );
}

export function SectionTitle({ children, accent }: { children: ReactNode; accent: string }) {
  return <Text style={[s.sectionTitle, { borderBottomColor: accent, color: accent }]}>{children}</Text>;
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.lastName.toUpperCase()} ${p.firstName}`.trim();

type Identity = {
  tenant: { name: string; displayName: string; activityNumber: string | null; siret: string | null };
  course: { title: string; reference: string };
  session: { title: string; id?: string; modality: string; place: { name: string; address: string; room: string | null } | null };
};

/** The training organisation and the training, side by side (the sheet's cover, the attestation). */
export function IdentityBoxes({ tenant, course, session }: Identity) {
  return (
    <View style={s.boxes}>
      <View style={s.box}>
        <Text style={s.boxTitle}>{L.provider}</Text>
        <Text style={[s.strong, { fontSize: 10.5, marginBottom: 3 }]}>{tenant.displayName}</Text>
        {tenant.displayName !== tenant.name ? <Field label={L.legalName}>{tenant.name}</Field> : null}
        <Field label={L.activityNumber} missing={!tenant.activityNumber}>
          {tenant.activityNumber ?? L.notRecorded}
        </Field>
        {tenant.activityNumber ? <Text style={[s.small, { marginBottom: 1.5 }]}>{L.notApproval}</Text> : null}
        <Field label={L.siret} missing={!tenant.siret}>
          {tenant.siret ?? L.notRecorded}
        </Field>
      </View>
      <View style={s.box}>
        <Text style={s.boxTitle}>{L.training}</Text>
        <Text style={[s.strong, { fontSize: 10.5, marginBottom: 3 }]}>{course.title}</Text>
        <Field label={L.reference} labelWidth={64}>{course.reference}</Field>
        <Field label={L.session} labelWidth={64}>{session.title}</Field>
        {session.id ? <Field label={L.sessionRef} labelWidth={64}>{session.id}</Field> : null}
        <Field label={L.modality} labelWidth={64}>{session.modality}</Field>
        {session.place ? (
          <Field label={L.place} labelWidth={64}>
            {formatPlace(session.place)}
          </Field>
        ) : null}
      </View>
    </View>
  );
}
