"use client";

import { useState } from "react";
import { MAX_RANGES_PER_DAY, MAX_SCHEDULE_DAYS, type TScheduleDay } from "@/server/contracts/sessions";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { FieldFrame } from "@/components/ui/field-frame";
import { timeZoneCity } from "@/lib/i18n/format";
import { formatDuration } from "./paris-time";
import styles from "./sessions.module.css";

/** A morning and an afternoon with a lunch break: what most in-person training days look like. */
const DEFAULT_RANGES = [
  { start: "09:00", end: "12:30" },
  { start: "13:30", end: "17:00" },
];

type Day = TScheduleDay & { key: number };
let nextKey = 1;

const minutes = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/** The calendar day after "YYYY-MM-DD" ("" stays ""). */
function dayAfter(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "";
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p className="field-error" id={id}>
      {messages.join(" ")}
    </p>
  );
}

/**
 * The schedule of a session: days, each with time ranges (tenant wall-clock times). Inputs are
 * named `schedule.{i}.date` and `schedule.{i}.ranges.{j}.start|end` so that the form reads them
 * like any field, and errors keyed by the same paths show next to their input.
 */
export function ScheduleEditor({ initial, errors, timeZone }: { initial: TScheduleDay[]; errors: FieldErrors; timeZone: string }) {
  const t = useT();
  const [days, setDays] = useState<Day[]>(() => (initial.length ? initial : [{ date: "", ranges: DEFAULT_RANGES }]).map((d) => ({ ...d, key: nextKey++ })));
  const setDay = (i: number, change: (d: Day) => Day) => setDays((all) => all.map((d, k) => (k === i ? change(d) : d)));
  const total = days.reduce((sum, d) => sum + d.ranges.reduce((n, r) => n + Math.max(0, minutes(r.end) - minutes(r.start) || 0), 0), 0);
  const scheduleErrors = errors.schedule;

  return (
    <fieldset className={styles.schedule} aria-describedby="schedule-hint">
      <legend>{t("sessionsPlan.schedule")}</legend>
      <p className="field-hint" id="schedule-hint">
        {t("sessionsPlan.scheduleHint", { zone: timeZoneCity(timeZone) })}
      </p>
      <FieldError id="schedule-error" messages={scheduleErrors} />
      <ol className={styles.scheduleDays}>
        {days.map((day, i) => {
          const n = i + 1;
          const dateKey = `schedule.${i}.date`;
          return (
            <li key={day.key} className={styles.scheduleDay}>
              <div className={styles.scheduleDayHead}>
                <h3 className={styles.scheduleDayTitle}>{t("sessionsPlan.day", { n })}</h3>
                {days.length > 1 ? (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDays((all) => all.filter((_, k) => k !== i))}>
                    {t("sessionsPlan.removeDay", { n })}
                  </button>
                ) : null}
              </div>
              <FieldFrame label={t("sessionsPlan.dayDate")} labelExtra={<span className="visually-hidden"> — {t("sessionsPlan.day", { n })}</span>} errors={errors[dateKey]}>
                {(aria) => <input className="input" type="date" name={dateKey} value={day.date} required {...aria} onChange={(e) => setDay(i, (d) => ({ ...d, date: e.target.value }))} />}
              </FieldFrame>
              <ul className={styles.scheduleRanges}>
                {day.ranges.map((range, j) => {
                  const m = j + 1;
                  const of = t("sessionsPlan.rangeOf", { n, m });
                  return (
                    <li key={j} className={styles.scheduleRange}>
                      {(["start", "end"] as const).map((part) => {
                        const key = `schedule.${i}.ranges.${j}.${part}`;
                        return (
                          <FieldFrame
                            key={part}
                            label={t(part === "start" ? "sessionsPlan.rangeStart" : "sessionsPlan.rangeEnd")}
                            labelExtra={<span className="visually-hidden"> — {of}</span>}
                            errors={errors[key]}
                          >
                            {(aria) => (
                              <input
                                className="input"
                                type="time"
                                step={300}
                                name={key}
                                value={range[part]}
                                required
                                {...aria}
                                onChange={(e) => setDay(i, (d) => ({ ...d, ranges: d.ranges.map((r, k) => (k === j ? { ...r, [part]: e.target.value } : r)) }))}
                              />
                            )}
                          </FieldFrame>
                        );
                      })}
                      {day.ranges.length > 1 ? (
                        <button
                          type="button"
                          className={`btn btn-secondary btn-sm ${styles.scheduleRemove}`}
                          aria-label={t("sessionsPlan.removeRange", { n, m })}
                          onClick={() => setDay(i, (d) => ({ ...d, ranges: d.ranges.filter((_, k) => k !== j) }))}
                        >
                          ✕
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <FieldError id={`schedule.${i}.ranges-error`} messages={errors[`schedule.${i}.ranges`]} />
              {day.ranges.length < MAX_RANGES_PER_DAY ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() =>
                    setDay(i, (d) => {
                      const last = d.ranges[d.ranges.length - 1];
                      const start = last ? last.end : "09:00";
                      const end = `${String(Math.min(23, Math.floor(minutes(start) / 60) + 1)).padStart(2, "0")}:${start.slice(3)}`;
                      return { ...d, ranges: [...d.ranges, { start, end }] };
                    })
                  }
                >
                  {t("sessionsPlan.addRange")} <span className="visually-hidden">— {t("sessionsPlan.day", { n })}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className={styles.scheduleFoot}>
        {days.length < MAX_SCHEDULE_DAYS ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              setDays((all) => {
                const last = all[all.length - 1];
                return [...all, { key: nextKey++, date: dayAfter(last?.date ?? ""), ranges: (last?.ranges ?? DEFAULT_RANGES).map((r) => ({ ...r })) }];
              })
            }
          >
            {t("sessionsPlan.addDay")}
          </button>
        ) : null}
        <p className="muted" aria-live="polite">
          {t("sessionsPlan.total", { duration: formatDuration(total) })}
        </p>
      </div>
    </fieldset>
  );
}

/** The schedule the form holds, read from its inputs (schedule.{i}.date, schedule.{i}.ranges.{j}.start|end). */
export function readSchedule(data: FormData): TScheduleDay[] {
  const days: TScheduleDay[] = [];
  for (let i = 0; data.has(`schedule.${i}.date`); i++) {
    const ranges: TScheduleDay["ranges"] = [];
    for (let j = 0; data.has(`schedule.${i}.ranges.${j}.start`); j++) {
      ranges.push({ start: String(data.get(`schedule.${i}.ranges.${j}.start`) ?? ""), end: String(data.get(`schedule.${i}.ranges.${j}.end`) ?? "") });
    }
    days.push({ date: String(data.get(`schedule.${i}.date`) ?? ""), ranges });
  }
  return days;
}
