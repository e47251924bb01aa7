"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SelectField } from "@/components/ui/select-field";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./quality.module.css";

/** Assigns an open complaint to an ACTIVE ADMIN or CREATOR (PATCH assignedTo; a NEW complaint moves to IN_REVIEW). */
export function ComplaintAssign({ assignedTo, pending, onAssign }: { assignedTo: string | null; pending: boolean; onAssign: (userId: string) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const admins = useQuery(trpc.users.list.queryOptions({ page: 1, limit: 100, role: "ADMIN", status: "ACTIVE" }));
  const creators = useQuery(trpc.users.list.queryOptions({ page: 1, limit: 100, role: "CREATOR", status: "ACTIVE" }));
  const staff = [...(admins.data?.data ?? []), ...(creators.data?.data ?? [])];
  const [choice, setChoice] = useState(assignedTo ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice) onAssign(choice);
  };
  return (
    <form className={styles.row} onSubmit={submit}>
      <SelectField
        name="assignedTo"
        label={t("quality.assignee")}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        options={[{ value: "", label: t("quality.unassigned") }, ...staff.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`.trim() || u.email }))]}
      />
      <button type="submit" className="btn btn-secondary" disabled={pending || !choice || choice === assignedTo}>
        {t("quality.assign")}
      </button>
    </form>
  );
}
