"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { personName } from "@/components/learn/format";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { useDebounced } from "./use-debounced";
import styles from "./enrollments.module.css";

export type PickedMember = { id: string; name: string; email: string };

/** Search the tenant's members by name or e-mail, then choose one in the list of matches. */
export function MemberPicker({ value, onChange, errors }: { value: PickedMember | null; onChange: (member: PickedMember | null) => void; errors?: string[] }) {
  const t = useT();
  const trpc = useTRPC();
  const [q, setQ] = useState("");
  const search = useDebounced(q.trim());
  const users = useQuery({ ...trpc.users.list.queryOptions({ page: 1, limit: 20, q: search || undefined }), placeholderData: keepPreviousData });
  const members = (users.data?.data ?? []).filter((u) => u.status !== "SUSPENDED").map((u) => ({ id: u.id, name: personName(u), email: u.email }));

  // One match for a typed search: choose it.
  const only = search && members.length === 1 ? members[0] : undefined;
  useEffect(() => {
    if (only && value?.id !== only.id) onChange(only);
  }, [only?.id]);

  const options = value && !members.some((m) => m.id === value.id) ? [value, ...members] : members;
  return (
    <div className={styles.memberPicker}>
      <TextField name="memberSearch" type="search" autoComplete="off" label={t("learnEnroll.learnerSearch")} hint={t("learnEnroll.learnerSearchHint")} value={q} onChange={(e) => setQ(e.target.value)} />
      <SelectField
        name="userId"
        label={t("learnEnroll.learner")}
        value={value?.id ?? ""}
        errors={errors}
        onChange={(e) => onChange(options.find((m) => m.id === e.target.value) ?? null)}
        options={[{ value: "", label: t("learnEnroll.chooseLearner") }, ...options.map((m) => ({ value: m.id, label: m.name && m.name !== m.email ? `${m.name} — ${m.email}` : m.email }))]}
      />
      <p className="field-hint" aria-live="polite">
        {users.data && members.length === 0 ? t("learnEnroll.noMatch") : ""}
      </p>
    </div>
  );
}
