"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { personName } from "@/components/learn/format";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ADMIN_AUDIT_ACTIONS, AUDIT_ACTIONS, auditActionLabel } from "./audit-actions";
import styles from "./activity.module.css";
import { AUDIT_GROUPS, type AuditFilters } from "./use-audit-filters";

/** Person (who acted) and action (a group or one action); applied together with the "Filter" button. */
export function AuditLogFilters({ filters, onChange }: { filters: AuditFilters; onChange: (next: Partial<AuditFilters>) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const users = useQuery(trpc.users.list.queryOptions({ page: 1, limit: 100 }));
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters.actorId, filters.action]);

  const people = (users.data?.data ?? [])
    .map((u) => ({ value: u.id, label: personName(u) === u.email ? u.email : `${personName(u)} (${u.email})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const signIns = AUDIT_ACTIONS.filter((a) => a.startsWith("auth."));
  const actions = [
    { value: AUDIT_GROUPS.admin, label: t("auditLog.allAdmin") },
    ...ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: `— ${auditActionLabel(t, a)}` })),
    { value: AUDIT_GROUPS.auth, label: t("auditLog.allAuth") },
    ...signIns.map((a) => ({ value: a, label: `— ${auditActionLabel(t, a)}` })),
    { value: AUDIT_GROUPS.all, label: t("auditLog.everything") },
  ];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ actorId: draft.actorId || undefined, action: draft.action || undefined });
  }
  const any = Boolean(filters.actorId || filters.action);
  return (
    <form className={styles.filters} role="search" aria-label={t("auditLog.filters")} onSubmit={onSubmit} noValidate>
      <SelectField
        name="actorId"
        label={t("auditLog.person")}
        value={draft.actorId ?? ""}
        onChange={(e) => setDraft({ ...draft, actorId: e.target.value })}
        options={[{ value: "", label: t("auditLog.allPeople") }, ...people]}
      />
      <SelectField name="action" label={t("auditLog.action")} value={draft.action ?? ""} onChange={(e) => setDraft({ ...draft, action: e.target.value })} options={actions} />
      <div className={styles.filterActions}>
        <button type="submit" className="btn btn-primary">
          {t("auditLog.apply")}
        </button>
        {any ? (
          <button type="button" className="btn btn-ghost" onClick={() => onChange({ actorId: undefined, action: undefined })}>
            {t("auditLog.reset")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
