"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TSnapshot } from "@/server/contracts/bpf";
import { useBpfFormat } from "./bpf-format";
import styles from "./bpf.module.css";

/** A year's snapshot status (generated, submitted) and what can be done with it: regenerate, submit, download. */
export function SnapshotStatus({ year, s, busy, onRegenerate, onSubmit }: { year: number; s: TSnapshot; busy: boolean; onRegenerate: () => void; onSubmit: () => void }) {
  const { t } = useI18n();
  const f = useBpfFormat();
  return (
    <div className={`card ${styles.status}`}>
      <p>
        <span className={`badge ${s.status === "SUBMITTED" ? styles.submitted : ""}`}>{t(`bpf.status${s.status}`)}</span> {t("bpf.generatedAt", { date: f.dateTime(s.generatedAt) })}
      </p>
      {s.status === "SUBMITTED" && s.submittedAt ? <p>{t("bpf.submittedInfo", { date: f.date(s.submittedAt), receipt: s.receiptId ?? "" })}</p> : null}
      {s.notes ? <p className="muted">{s.notes}</p> : null}
      <div className={styles.row}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={onRegenerate}
        >
          {t("bpf.regenerate")}
        </button>
        {s.status === "GENERATED" ? (
          <button type="button" className="btn btn-primary" onClick={onSubmit}>
            {t("bpf.submit")}
          </button>
        ) : null}
        <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export`} download>
          {t("bpf.downloadPdf")}
        </a>
        <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export-csv`} download>
          {t("bpf.downloadCsv")}
        </a>
        <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export-csv?format=xlsx`} download>
          {t("bpf.downloadXlsx")}
        </a>
      </div>
    </div>
  );
}
