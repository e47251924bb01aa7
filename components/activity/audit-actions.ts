import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import type { TAuditLogEntry } from "@/server/contracts/audit";
import { platform_fr } from "@/messages/parts/platform.fr";

/** Every action the audit log names in French (messages auditActions), administration ones first. */
export const AUDIT_ACTIONS = Object.keys(platform_fr.auditActions) as (keyof typeof platform_fr.auditActions)[];
export const ADMIN_AUDIT_ACTIONS = AUDIT_ACTIONS.filter((a) => !a.startsWith("auth."));

export const auditActionLabel = (t: Translate, action: string): string =>
  action in platform_fr.auditActions ? t(`auditActions.${action}` as MessageKey) : action;

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const label = (t: Translate, section: "roles" | "statuses", v: unknown): string => {
  const s = str(v);
  return s ? t(`${section}.${s}` as MessageKey) : "—";
};

/** Readable details of an entry: who it concerns, and what changed (from its metadata). */
export function auditDetails(t: Translate, e: TAuditLogEntry, formatDate: (iso: string) => string): string[] {
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
    case "tenant.updated":
      if (Array.isArray(m.fields) && m.fields.length) out.push(t("auditLog.fields", { fields: m.fields.join(", ") }));
      break;
    case "tenant.of_mode_changed":
      out.push(m.enabled ? t("auditLog.ofModeOn") : t("auditLog.ofModeOff"));
      break;
    case "auth.login_failed":
      if (typeof m.failures === "number" && str(m.email)) out.push(t("auditLog.failures", { count: m.failures, email: str(m.email)! }));
      break;
  }
  const reason = str(m.reason);
  if (reason) out.push(t("auditLog.reason", { reason }));
  return out;
}
