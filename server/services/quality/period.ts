/** The period of a statistics operation: `from` and `to` days (YYYY-MM-DD, UTC), `to` included; default the 365 days up to today. */
export function statsPeriod(q: { from?: string; to?: string }, now: Date): { from: string; to: string; start: Date; end: Date } {
  const DAY = 86_400_000;
  const to = q.to ?? now.toISOString().slice(0, 10);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
  const from = q.from ?? new Date(end.getTime() - 365 * DAY).toISOString().slice(0, 10);
  const start = new Date(`${from}T00:00:00Z`);
  return { from, to, start, end };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const mean = (values: number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

export function zeroCounts<T extends string>(values: readonly T[]): Record<T, number> {
  return Object.fromEntries(values.map((v) => [v, 0])) as Record<T, number>;
}
