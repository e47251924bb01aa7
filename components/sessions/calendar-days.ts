/** Pure calendar arithmetic on "YYYY-MM-DD" day keys (UTC dates stand for calendar days). */

const pad = (n: number) => String(n).padStart(2, "0");

const dayKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export function parseDay(key: string): Date {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export const addDays = (key: string, n: number) => {
  const d = parseDay(key);
  d.setUTCDate(d.getUTCDate() + n);
  return dayKey(d);
};

export const monthOf = (key: string) => key.slice(0, 7);

/** Same day number in the month `n` months away (clamped to that month's last day). */
export function addMonths(key: string, n: number): string {
  const d = parseDay(key);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return dayKey(target);
}

/** 0 for Monday … 6 for Sunday. */
export const weekday = (key: string) => (parseDay(key).getUTCDay() + 6) % 7;

/** The weeks (Monday to Sunday) covering the month "YYYY-MM". */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const lastKey = addDays(addMonths(first, 1), -1);
  let day = addDays(first, -weekday(first));
  const weeks: string[][] = [];
  while (day <= lastKey) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}
