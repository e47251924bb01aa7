import { badRequest } from "../errors";

/**
 * Time-zone primitives shared by every domain (sessions, attendance, notices, BPF, billing,
 * documents): wall-clock fields of an instant in an IANA zone and the instant of a wall-clock
 * time, DST-correct, with Intl.DateTimeFormat only (no library).
 */
export const DEFAULT_TIME_ZONE = "Europe/Paris";

export type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      throw badRequest("Invalid time zone", { timeZone: ["Unknown IANA time zone"] });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a time zone. */
export function localParts(date: Date, timeZone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour === 24 ? 0 : out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

/** Offset of the zone from UTC at `date`, in ms (Paris winter: +3 600 000). */
export function zoneOffsetMs(date: Date, timeZone: string): number {
  const p = localParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (date.getTime() - date.getUTCMilliseconds());
}

/**
 * The instant at which the zone's clock shows the given wall time. For a repeated wall time
 * (fall back) the earlier instant; for a time that does not exist (spring-forward gap) the
 * wall time read with the offset in force before the gap (02:30 Paris -> 03:30 summer time).
 */
export function zonedTimeToUtc(y: number, m: number, d: number, h: number, mi: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi);
  const DAY = 86_400_000;
  const before = zoneOffsetMs(new Date(wall - DAY), timeZone);
  const offsets = new Set([before, zoneOffsetMs(new Date(wall), timeZone), zoneOffsetMs(new Date(wall + DAY), timeZone)]);
  const matches = [...offsets]
    .map((o) => wall - o)
    .filter((t) => {
      const p = localParts(new Date(t), timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
    });
  return new Date(matches.length ? Math.min(...matches) : wall - before);
}

/** Throws 400 (VALIDATION) unless `timeZone` is an IANA zone this runtime knows. */
export function validTimeZone(timeZone: string): void {
  formatter(timeZone);
}
