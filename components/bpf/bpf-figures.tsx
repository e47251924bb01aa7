"use client";

import { useI18n } from "@/lib/i18n/client";
import type { TSnapshot } from "@/server/contracts/bpf";
import { ChecksCard } from "./bpf-checks-card";
import { FigureButton, FigureTable, TraineeHourRows } from "./bpf-figure-table";
import { useBpfFormat } from "./bpf-format";
import { OtherFrames } from "./bpf-other-frames";
import styles from "./bpf.module.css";

/** A year's figures, card by card, each counted figure a button to the records behind it. */
export function YearFigures({ s, onDrill }: { s: TSnapshot; onDrill: (cell: string, label: string) => void }) {
  const { t } = useI18n();
  const f = useBpfFormat();
  return (
    <div className={styles.grid}>
      <div className="card">
        <h3>{t("bpf.totals")}</h3>
        <dl className={styles.totals}>
          <div>
            <dt>{t("bpf.trainees")}</dt>
            <dd>
              <FigureButton onDrill={onDrill} cell="trainees" label={t("bpf.trainees")}>
                {f.num(s.totalTrainees)}
              </FigureButton>
            </dd>
          </div>
          <div>
            <dt>{t("bpf.hours")}</dt>
            <dd>
              <FigureButton onDrill={onDrill} cell="hours" label={t("bpf.hours")}>
                {f.num(s.totalHours)}
              </FigureButton>
            </dd>
          </div>
          <div>
            <dt>{t("bpf.revenue")}</dt>
            <dd>
              <FigureButton onDrill={onDrill} cell="revenue" label={t("bpf.revenue")}>
                {f.money(s.totalRevenueHT)}
              </FigureButton>
            </dd>
          </div>
        </dl>
      </div>

      <FigureTable title={t("bpf.financingSources")}>
        {(["opco", "cpf", "poleEmploi", "employer", "self"] as const).map((k) => (
          <tr key={k}>
            <th scope="row">{t(`bpf.source_${k}`)}</th>
            <td>
              <FigureButton onDrill={onDrill} cell={`financing-${k}`} label={t(`bpf.source_${k}`)}>
                {f.money(s.financingSources[k])}
              </FigureButton>
            </td>
          </tr>
        ))}
      </FigureTable>

      <FigureTable title={t("bpf.byCategory")} columns={[t("bpf.category"), t("bpf.count"), t("bpf.hours"), t("bpf.revenue")]}>
        {s.byCategory.map((c) => (
          <tr key={c.code}>
            <th scope="row">
              {c.code} — {c.label}
            </th>
            <td>
              <FigureButton onDrill={onDrill} cell={`category-${c.code}`} label={c.label}>
                {f.num(c.count)}
              </FigureButton>
            </td>
            <td>{f.num(c.hours)}</td>
            <td>{f.money(c.revenueHT)}</td>
          </tr>
        ))}
      </FigureTable>

      <FigureTable title={t("bpf.frameF1")} columns={[t("bpf.category"), t("bpf.count"), t("bpf.hours")]}>
        {s.frames.f1.rows.map((r) => (
          <tr key={r.row}>
            <th scope="row">{t(`bpf.f1_${r.row}`)}</th>
            <td>
              <FigureButton onDrill={onDrill} cell={`f1-${r.row}`} label={t(`bpf.f1_${r.row}`)}>
                {f.num(r.trainees)}
              </FigureButton>
            </td>
            <td>{f.num(r.hours)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Total</th>
          <td>{f.num(s.frames.f1.totalTrainees)}</td>
          <td>{f.num(s.frames.f1.totalHours)}</td>
        </tr>
      </FigureTable>

      <FigureTable title={t("bpf.frameC")} columns={[t("bpf.line"), t("bpf.amount")]}>
        {s.frames.c.lines.map((l) => (
          <tr key={l.line}>
            <th scope="row">{l.line}</th>
            <td>
              <FigureButton onDrill={onDrill} cell={`c-${l.line}`} label={`${t("bpf.line")} ${l.line}`}>
                {f.money(l.amount)}
              </FigureButton>
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t("bpf.line2")}</th>
          <td>
            <FigureButton onDrill={onDrill} cell="c-2" label={t("bpf.line2")}>
              {f.money(s.frames.c.line2)}
            </FigureButton>
          </td>
        </tr>
        <tr>
          <th scope="row">{t("bpf.totalC")}</th>
          <td>
            <FigureButton onDrill={onDrill} cell="revenue" label={t("bpf.totalC")}>
              {f.money(s.frames.c.total)}
            </FigureButton>
          </td>
        </tr>
      </FigureTable>

      <OtherFrames s={s} />

      <FigureTable title={t("bpf.frameF3")} columns={[t("bpf.objective"), t("bpf.count"), t("bpf.hours")]}>
        <TraineeHourRows frame={s.frames.f3 && { ...s.frames.f3, rows: s.frames.f3.rows.map((r) => ({ key: r.row, label: t(`bpf.f3_${r.row}`), trainees: r.trainees, hours: r.hours })) }} />
      </FigureTable>

      <FigureTable title={t("bpf.frameF4")} columns={[t("bpf.nsfCode"), t("bpf.count"), t("bpf.hours")]}>
        <TraineeHourRows frame={s.frames.f4 && { ...s.frames.f4, rows: s.frames.f4.rows.map((r) => ({ key: r.code, label: r.code === "other" ? t("bpf.otherSpecialities") : `${r.code} — ${r.label}`, trainees: r.trainees, hours: r.hours })) }} />
      </FigureTable>

      <ChecksCard s={s} onDrill={onDrill} />
    </div>
  );
}
