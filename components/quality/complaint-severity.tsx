"use client";

import { useState, type FormEvent } from "react";
import { COMPLAINT_SEVERITIES, type TComplaintSeverity } from "@/server/contracts/complaints";
import { SelectField } from "@/components/ui/select-field";
import { useI18n } from "@/lib/i18n/client";
import styles from "./quality.module.css";

/** Staff set the severity (PATCH severity): the server opens the plan and runs the SLA it implies. */
export function ComplaintSeverity({ severity, pending, onChange }: { severity: TComplaintSeverity; pending: boolean; onChange: (severity: TComplaintSeverity) => void }) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<TComplaintSeverity>(severity);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice !== severity) onChange(choice);
  };
  return (
    <form className={styles.row} onSubmit={submit}>
      <SelectField
        name="severity"
        label={t("quality.severity")}
        value={choice}
        onChange={(e) => setChoice(e.target.value as TComplaintSeverity)}
        options={COMPLAINT_SEVERITIES.map((v) => ({ value: v, label: t(`quality.severity_${v}`) }))}
      />
      <button type="submit" className="btn btn-secondary" disabled={pending || choice === severity}>
        {t("quality.setSeverity")}
      </button>
    </form>
  );
}
