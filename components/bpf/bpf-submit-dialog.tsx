"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./bpf.module.css";

/** Records a year's BPF as submitted: the date and the receipt number of the submission. */
export function SubmitDialog({ open, year, onClose, onDone }: { open: boolean; year: number; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const submit = useMutation(trpc.bpf.submit.mutationOptions({ onSuccess: onDone }));
  const fields = submit.isError ? errorInfo(submit.error).fields : {};
  const today = new Date().toISOString().slice(0, 10);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    submit.mutate({ year, submittedAt: String(data.get("submittedAt") ?? ""), receiptId: String(data.get("receiptId") ?? ""), notes: String(data.get("notes") ?? "") || null });
  };
  return (
    <Dialog open={open} onClose={onClose} title={t("bpf.submitTitle", { year })}>
      <form className={styles.stack} onSubmit={onSubmit} noValidate>
        <p>{t("bpf.submitIntro")}</p>
        {submit.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(submit.error, t)}</Alert> : null}
        <TextField name="submittedAt" type="date" label={t("bpf.submittedAt")} defaultValue={today} max={today} required errors={fields.submittedAt} />
        <TextField name="receiptId" label={t("bpf.receiptId")} required maxLength={100} errors={fields.receiptId} />
        <TextField name="notes" label={t("bpf.notes")} maxLength={2000} errors={fields.notes} />
        <div className={styles.row}>
          <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
            {t("bpf.submitConfirm")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("bpf.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
