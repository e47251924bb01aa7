"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Loading } from "@/components/ui/skeleton";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { Drilldown } from "./bpf-drilldown";
import { YearFigures } from "./bpf-figures";
import { MissingInputs } from "./bpf-missing-inputs";
import { SnapshotStatus } from "./bpf-status-card";
import { SubmitDialog } from "./bpf-submit-dialog";
import styles from "./bpf.module.css";

/** One year's BPF: generate its snapshot, read its figures and drill into them, submit it. */
export function YearPanel({ year }: { year: number }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const snapshot = useQuery({ ...trpc.bpf.get.queryOptions({ year }), retry: false });
  const [confirmForce, setConfirmForce] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cell, setCell] = useState<{ cell: string; label: string } | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.bpf.pathFilter());
  };
  const generate = useMutation(
    trpc.bpf.generate.mutationOptions({
      onSuccess: async () => {
        setConfirmForce(false);
        setNotice(t("bpf.generated", { year }));
        setCell(null);
        await refresh();
      },
    }),
  );
  const notFound = snapshot.isError && errorInfo(snapshot.error).status === 404;
  const s = snapshot.data?.data;
  const drill = (c: string, label: string) => setCell({ cell: c, label });

  return (
    <section className={styles.stack} aria-labelledby="bpf-year">
      <h2 id="bpf-year">
        {t("bpf.title")} {year}
      </h2>
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
      {snapshot.isPending ? <Loading /> : null}
      {snapshot.isError && !notFound ? <Alert kind="error">{errorMessage(snapshot.error, t)}</Alert> : null}
      {notFound ? (
        <div className={styles.row}>
          <p>{t("bpf.notGenerated", { year })}</p>
          <button type="button" className="btn btn-primary" disabled={generate.isPending} onClick={() => generate.mutate({ year, force: false })}>
            {t("bpf.generate")}
          </button>
        </div>
      ) : null}
      {s ? (
        <>
          <SnapshotStatus
            year={year}
            s={s}
            busy={generate.isPending}
            onRegenerate={() => (s.status === "SUBMITTED" ? setConfirmForce(true) : generate.mutate({ year, force: false }))}
            onSubmit={() => setSubmitting(true)}
          />

          <MissingInputs inputs={s.frames.inputs} />

          <YearFigures s={s} onDrill={drill} />

          {cell ? <Drilldown year={year} cell={cell.cell} label={cell.label} onClose={() => setCell(null)} /> : null}

          <ConfirmDialog
            open={confirmForce}
            title={t("bpf.forceTitle")}
            message={t("bpf.forceMessage", { year, receipt: s.receiptId ?? "" })}
            confirmLabel={t("bpf.forceConfirm")}
            danger
            busy={generate.isPending}
            onConfirm={() => generate.mutate({ year, force: true })}
            onCancel={() => setConfirmForce(false)}
          />
          <SubmitDialog
            open={submitting}
            year={year}
            onClose={() => setSubmitting(false)}
            onDone={async () => {
              setSubmitting(false);
              setNotice(t("bpf.submittedOk"));
              await refresh();
            }}
          />
        </>
      ) : null}
    </section>
  );
}
