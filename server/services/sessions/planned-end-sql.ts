import { sql, type SQL } from "drizzle-orm";
import { liveSessions } from "../../db/schema";

/**
 * A session's planned end in SQL, as schedule.ts sessionWindow computes it: the schedule's last
 * range end (local wall time in the tenant's zone; "24:00" reads as the next midnight), else
 * scheduledAt + durationMinutes. For filters; the answered values come from sessionWindow.
 */
export function plannedEndSql(timeZone: string): SQL {
  const lastEnd = sql`((${liveSessions.schedule}->-1->>'date') || ' ' || (${liveSessions.schedule}->-1->'ranges'->-1->>'end'))::timestamp at time zone ${timeZone}`;
  return sql`coalesce(${lastEnd}, ${liveSessions.scheduledAt} + make_interval(mins => ${liveSessions.durationMinutes}))`;
}
