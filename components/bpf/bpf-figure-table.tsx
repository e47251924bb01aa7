"use client";

import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n/client";
import { useBpfFormat } from "./bpf-format";
import styles from "./bpf.module.css";

/** A figure of the snapshot as a button that opens its drill-down (the records behind it). */
export function FigureButton({ cell, label, onDrill, children }: { cell: string; label: string; onDrill: (cell: string, label: string) => void; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <button type="button" className={styles.fig} onClick={() => onDrill(cell, label)}>
      {children} <span className="visually-hidden">{t("bpf.showDetail", { what: label })}</span>
    </button>
  );
}

/** One card of figures: a titled table whose rows the caller gives (with their drill-down buttons). */
export function FigureTable({ title, columns, children }: { title: string; columns?: string[]; children: ReactNode }) {
  return (
    <div className="card">
      <h3>{title}</h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          {columns ? (
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

/** The rows of a frame of trainees and hours (F-3, F-4) with their total, or "not entered". */
export function TraineeHourRows({ frame }: { frame: { rows: { key: string; label: string; trainees: number; hours: number }[]; totalTrainees: number; totalHours: number } | null }) {
  const { t } = useI18n();
  const f = useBpfFormat();
  if (!frame)
    return (
      <tr>
        <td colSpan={3}>{t("bpf.notEntered")}</td>
      </tr>
    );
  return (
    <>
      {frame.rows.map((r) => (
        <tr key={r.key}>
          <th scope="row">{r.label}</th>
          <td>{f.num(r.trainees)}</td>
          <td>{f.num(r.hours)}</td>
        </tr>
      ))}
      <tr>
        <th scope="row">Total</th>
        <td>{f.num(frame.totalTrainees)}</td>
        <td>{f.num(frame.totalHours)}</td>
      </tr>
    </>
  );
}
