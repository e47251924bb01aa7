"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { personName } from "@/components/learn/format";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import { ACTIVITY_ACTIONS } from "./actions";
import styles from "./activity.module.css";
import type { ActivityFilters } from "./use-activity-filters";
import { FilterActions } from "@/components/ui/filter-actions";

/** User, action and date range; applied together with the "Filter" button. */
export function ActivityFiltersForm({ filters, onChange }: { filters: ActivityFilters; onChange: (next: Partial<ActivityFilters>) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const users = useQuery(trpc.users.list.queryOptions({ page: 1, limit: 100 }));
  const [draft, setDraft] = useState(filters);
  const [rangeError, setRangeError] = useState<string[] | undefined>();
  useEffect(() => setDraft(filters), [filters.userId, filters.action, filters.dateFrom, filters.dateTo]);

  const userOptions = (users.data?.data ?? [])
    .map((u) => ({ value: u.id, label: personName(u) === u.email ? u.email : `${personName(u)} (${u.email})` }))
    .sort((a, b) => a.label.localeCompare(b.label));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo) return setRangeError([t("learnActivity.dateRange")]);
    setRangeError(undefined);
    onChange({ userId: draft.userId || undefined, action: draft.action || undefined, dateFrom: draft.dateFrom || undefined, dateTo: draft.dateTo || undefined });
  }
  const any = Boolean(filters.userId || filters.action || filters.dateFrom || filters.dateTo);
  return (
    <form className={styles.activityFilters} role="search" aria-label={t("learnActivity.filters")} onSubmit={onSubmit} noValidate>
      <SelectField
        name="userId"
        label={t("learnActivity.user")}
        value={draft.userId ?? ""}
        onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
        options={[{ value: "", label: t("learnActivity.allUsers") }, ...userOptions]}
      />
      <SelectField
        name="action"
        label={t("learnActivity.action")}
        value={draft.action ?? ""}
        onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        options={[{ value: "", label: t("learnActivity.allActions") }, ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`learnActivity.${a}` as MessageKey) }))]}
      />
      <TextField name="dateFrom" type="date" label={t("learnActivity.dateFrom")} value={draft.dateFrom ?? ""} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} />
      <TextField name="dateTo" type="date" label={t("learnActivity.dateTo")} value={draft.dateTo ?? ""} errors={rangeError} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} />
      <FilterActions applyLabel={t("learnActivity.apply")} resetLabel={t("learnActivity.reset")} canReset={any} onReset={() => onChange({ userId: undefined, action: undefined, dateFrom: undefined, dateTo: undefined })} />
    </form>
  );
}
