import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import type { TAuditLogEntry } from "@/server/contracts/audit";
import { auditActions_fr } from "../../messages/parts/audit-actions.fr";
import { formatPrice } from "../learn/format";
import type { Locale } from "@/lib/i18n/config";

/** Every action the audit log records (server/services/platform/audit-actions.ts), each worded in the catalogues. */
export const AUDIT_ACTIONS = Object.keys(auditActions_fr.auditActions);
export const ADMIN_AUDIT_ACTIONS = AUDIT_ACTIONS.filter((a) => !a.startsWith("auth."));

export const auditActionLabel = (t: Translate, action: string): string =>
  action in auditActions_fr.auditActions ? t(`auditActions.${action}` as MessageKey) : t("auditLog.unknownAction");

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const label = (t: Translate, section: "roles" | "statuses", v: unknown): string => {
  const s = str(v);
  return s ? t(`${section}.${s}` as MessageKey) : "—";
};

/** The catalogue prefix that words a status of each audited domain (from/to of a change). */
const STATUS_WORDS: Record<string, string> = {
  complaint: "quality.status_",
  improvementPlan: "quality.planStatus_",
  invoice: "invoices.status_",
  payment: "payments.status_",
  enrollment: "learnCommon.STATUS_",
  tenant: "platformTenants.status",
};

/** A status worded from its domain's catalogue entries; null when none words it (never the raw code). */
function statusWord(t: Translate, action: string, v: unknown): string | null {
  const s = str(v);
  const prefix = STATUS_WORDS[action.split(".")[0]!];
  if (!s || !prefix) return null;
  const key = `${prefix}${s}`;
  const text = t(key as MessageKey);
  return text === key ? null : text;
}

/** Readable details of an entry: who it concerns, and what changed, as short sentences from its metadata. */
export function auditDetails(t: Translate, e: TAuditLogEntry, formatDate: (iso: string) => string, locale: Locale): string[] {
  const m = e.metadata;
  const out: string[] = [];
  if (e.subjectName && e.subjectId !== e.actorId) out.push(t("auditLog.subject", { name: e.subjectName }));
  switch (e.action) {
    case "user.role_changed":
      out.push(t("auditLog.roleChange", { from: label(t, "roles", m.from), to: label(t, "roles", m.to) }));
      break;
    case "user.status_changed":
      out.push(t("auditLog.statusChange", { from: label(t, "statuses", m.from), to: label(t, "statuses", m.to) }));
      break;
    case "user.created":
      if (str(m.role)) out.push(label(t, "roles", m.role));
      break;
    case "emargement.override":
      if (typeof m.attendanceMinutes === "number") out.push(t("auditLog.minutes", { minutes: m.attendanceMinutes }));
      break;
    case "session.created":
    case "session.cancelled": {
      const title = str(m.title);
      const at = str(m.scheduledAt);
      if (title) out.push(t("auditLog.session", { title }) + (at ? ` · ${t("auditLog.scheduledAt", { date: formatDate(at) })}` : ""));
      break;
    }
    case "tenant.of_mode_changed":
      out.push(m.enabled ? t("auditLog.ofModeOn") : t("auditLog.ofModeOff"));
      break;
    case "auth.login_failed":
      if (typeof m.failures === "number" && str(m.email)) out.push(t("auditLog.failures", { count: m.failures, email: str(m.email)! }));
      break;
    case "complaint.created":
      if (str(m.severity)) out.push(t("auditLog.severity", { severity: t(`quality.severity_${str(m.severity)}` as MessageKey) }));
      break;
    case "improvementPlan.created":
      if (num(m.actions) !== null) out.push(t("auditLog.planActions", { count: num(m.actions)! }));
      break;
    case "convention.signed":
      if (str(m.signerName)) out.push(t("auditLog.signedBy", { name: str(m.signerName)! }));
      break;
    case "bpf.generated":
    case "bpf.regenerated":
    case "bpf.regenerated_after_submission":
    case "bpf.submitted":
      if (num(m.year) !== null) out.push(t("auditLog.bpfYear", { year: String(num(m.year)) }));
      break;
  }
  const number = str(m.number);
  if (number) out.push(t("auditLog.number", { number }));
  const cents = num(m.totalCents) ?? (e.action.startsWith("payment.") ? num(m.amount) : null);
  if (cents !== null) out.push(t("auditLog.amount", { amount: formatPrice(cents, str(m.currency) ?? "EUR", locale) }));
  if (Array.isArray(m.fields) && m.fields.length) out.push(t("auditLog.fieldCount", { count: m.fields.length }));
  const from = statusWord(t, e.action, m.from);
  const to = statusWord(t, e.action, m.to);
  if (from && to && from !== to) out.push(t("auditLog.statusChange", { from, to }));
  const reason = str(m.reason);
  if (reason) out.push(t("auditLog.reason", { reason }));
  return out;
}
