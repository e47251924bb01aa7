"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TSnapshot } from "@/server/contracts/bpf";
import { useBpfFormat } from "./bpf-format";
import styles from "./bpf.module.css";

/** The snapshot's consistency checks, its anomalies (with their drill-down) and the gaps in its inputs. */
export function ChecksCard({ s, onDrill }: { s: TSnapshot; onDrill: (cell: string, label: string) => void }) {
  const { t } = useI18n();
  const f = useBpfFormat();
  return (
    <div className="card">
      <h3>{t("bpf.checks")}</h3>
      <ul className={styles.checks}>
        {s.checks.map((c) => (
          <li key={c.code} className={c.ok ? styles.ok : styles.ko}>
            {c.label} — {c.ok ? t("bpf.checkOk") : t("bpf.checkKo", { expected: f.num(c.expected), actual: f.num(c.actual) })}
          </li>
        ))}
      </ul>
      <h3>{t("bpf.anomalies")}</h3>
      <p>
        {t("bpf.anomaliesText", { category: s.anomalies.traineesWithoutCategory, financing: s.anomalies.traineesWithoutFinancing, invoices: s.anomalies.invoicesWithoutSource })}{" "}
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onDrill("anomalies", t("bpf.anomalies"))}>
          {t("bpf.seeAnomalies")}
        </button>
      </p>
      {s.frames.gaps.length ? <p className="muted">{t("bpf.gaps", { gaps: s.frames.gaps.join(", ") })}</p> : null}
      {s.frames.a.missing.length ? <p className="muted">{t("bpf.missingIdentity", { fields: s.frames.a.missing.join(", ") })}</p> : null}
    </div>
  );
}
