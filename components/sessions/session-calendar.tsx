"use client";

import Link from "next/link";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { TSessionSummary } from "@/server/contracts/sessions";
import { useI18n } from "@/lib/i18n/client";
import { addDays, addMonths, monthOf, monthWeeks, parseDay, weekday } from "./calendar-days";
import { dateTag, formatSessionTime, parisDayKey } from "./paris-time";
import { SessionStatusBadge, sessionStatusKey } from "./status-badge";
import styles from "./sessions.module.css";

type Props = {
  month: string;
  sessions: TSessionSummary[];
  courseTitles: Map<string, string>;
  onMonthChange: (month: string) => void;
};

const KEY_MOVES: Record<string, (day: string) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d) => addDays(d, -weekday(d)),
  End: (d) => addDays(d, 6 - weekday(d)),
  PageUp: (d) => addMonths(d, -1),
  PageDown: (d) => addMonths(d, 1),
};

/**
 * A month of sessions, Monday first, in Paris days. The grid is one tab stop (the focused day);
 * arrows move by day and week, Home/End to the week's ends, Page Up/Down by month; the sessions
 * of a day are links. On phones the grid gives way to an agenda of the month's days with sessions.
 */
export function SessionCalendar({ month, sessions, courseTitles, onMonthChange }: Props) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  const today = parisDayKey(new Date(), zone);
  const [focusDay, setFocusDay] = useState(() => (monthOf(today) === month ? today : `${month}-01`));
  const wantFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // Keep the focused day inside the month shown (the month can change from the buttons or the URL).
  useEffect(() => {
    if (monthOf(focusDay) !== month) setFocusDay(monthOf(today) === month ? today : `${month}-01`);
  }, [month]);
  useEffect(() => {
    if (!wantFocus.current) return;
    // After a move into another month the cell appears once that month renders.
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`);
    if (!cell || monthOf(focusDay) !== month) return;
    wantFocus.current = false;
    cell.focus();
  }, [focusDay, month]);

  const byDay = new Map<string, TSessionSummary[]>();
  for (const s of [...sessions].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))) {
    const key = parisDayKey(s.scheduledAt, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  const weeks = monthWeeks(month);
  const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(dateTag(locale), { timeZone: "UTC", ...options });
  const monthTitle = utc({ month: "long", year: "numeric" }).format(parseDay(`${month}-01`));
  const longDay = utc({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const weekdayNames = weeks[0]!.map((d) => ({ short: utc({ weekday: "short" }).format(parseDay(d)), long: utc({ weekday: "long" }).format(parseDay(d)) }));

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const move = KEY_MOVES[event.key];
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
    if (!move || !cell) return;
    event.preventDefault();
    const next = move(cell.dataset.day!);
    wantFocus.current = true;
    setFocusDay(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
  }

  const go = (n: number) => onMonthChange(monthOf(addMonths(`${month}-01`, n)));
  const monthDays = [...byDay.entries()].filter(([day]) => monthOf(day) === month);

  return (
    <section className={styles.sessionCalendar} aria-labelledby="calendar-title">
      <div className={styles.calendarHead}>
        <h2 id="calendar-title" aria-live="polite">
          {monthTitle}
        </h2>
        <div className="form-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => go(-1)}>
            <span aria-hidden="true">←</span> {t("sessionsList.prevMonth")}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onMonthChange(monthOf(today))} disabled={monthOf(today) === month}>
            {t("sessionsList.thisMonth")}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => go(1)}>
            {t("sessionsList.nextMonth")} <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <p className={`field-hint ${styles.calendarHint}`} id="calendar-keys">
        {t("sessionsList.calendarKeys")}
      </p>
      <table ref={gridRef} className={styles.calendarGrid} role="grid" aria-labelledby="calendar-title" aria-describedby="calendar-keys" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayNames.map((w) => (
              <th key={w.long} scope="col" abbr={w.long}>
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = byDay.get(day) ?? [];
                const outside = monthOf(day) !== month;
                return (
                  <td
                    key={day}
                    role="gridcell"
                    data-day={day}
                    tabIndex={day === focusDay ? 0 : -1}
                    aria-current={day === today ? "date" : undefined}
                    aria-selected={day === focusDay}
                    className={`${styles.calendarDay}${outside ? ` ${styles.calendarDayOutside}` : ""}${day === today ? ` ${styles.calendarDayToday}` : ""}`}
                    onFocus={() => day !== focusDay && setFocusDay(day)}
                  >
                    <span className={styles.calendarDate} aria-hidden="true">
                      {parseDay(day).getUTCDate()}
                    </span>
                    <span className="visually-hidden">
                      {longDay.format(parseDay(day))}
                      {items.length ? ` — ${t("sessionsList.daySessions", { count: items.length })}` : ""}
                    </span>
                    {items.length ? (
                      <ul className={styles.calendarSessions}>
                        {items.map((s) => (
                          <li key={s.id} className={`${styles.calendarSession} ${styles[`calendarSession${s.status}`]}`}>
                            <Link href={`/sessions/${s.id}`} tabIndex={day === focusDay ? 0 : -1} title={s.title}>
                              <time dateTime={s.scheduledAt}>{formatSessionTime(s.scheduledAt, locale, zone)}</time> {s.title}
                              <span className="visually-hidden">
                                {" "}
                                — {courseTitles.get(s.courseId) ?? ""} — {t(sessionStatusKey(s.status))}
                              </span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className={styles.calendarAgenda}>
        {monthDays.length === 0 ? (
          <p className="muted">{t("sessionsList.monthEmpty")}</p>
        ) : (
          <ol className={styles.agendaDays}>
            {monthDays.map(([day, items]) => (
              <li key={day} className={day === today ? `${styles.agendaDay} ${styles.agendaDayToday}` : styles.agendaDay}>
                <h3>{longDay.format(parseDay(day))}</h3>
                <ul className={styles.agendaSessions}>
                  {items.map((s) => (
                    <li key={s.id}>
                      <Link href={`/sessions/${s.id}`} className={styles.agendaSession}>
                        <time dateTime={s.scheduledAt}>{formatSessionTime(s.scheduledAt, locale, zone)}</time>
                        <span className={styles.agendaTitle}>
                          <strong>{s.title}</strong>
                          <span className="muted">{courseTitles.get(s.courseId) ?? ""}</span>
                        </span>
                        <SessionStatusBadge status={s.status} t={t} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
