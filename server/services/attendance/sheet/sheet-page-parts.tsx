import { Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { TSheet } from "../../../contracts/attendance-sheet";
import { dateTime, L, shortDate } from "./sheet-labels";
import { s } from "./sheet-styles";

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

/** Printed on every page: the chain hash and the verification URL (legal-notes §3: integrity of electronic records). */
export function Footer({ sheet }: { sheet: TSheet }) {
  return (
    <View style={s.footer} fixed>
      <View style={s.footerRow}>
        <Text>{L.chainHash} : </Text>
        <Text style={[s.mono, { flex: 1 }]}>{sheet.chain.hash ?? L.noRecord}</Text>
        <Text>
          {L.generatedAt} {dateTime(sheet.generatedAt, sheet.timeZone)} · {sheet.chain.records} enr.
        </Text>
      </View>
      <View style={s.footerRow}>
        <Text style={{ flex: 1 }}>
          {L.verify} : {sheet.chain.verificationUrl}
        </Text>
        <Text render={({ pageNumber, totalPages }) => `${L.page} ${pageNumber} / ${totalPages}`} />
      </View>
    </View>
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
