import { clock } from "../../../lib/clock";
import { badRequest } from "../../../errors";

/**
 * Attendance computed from a participant's connection segments (AUTO method).
 *
 * - Each segment is [joinedAt, leftAt) (leftAt null = still connected: closed at `now`).
 * - Segments are clipped to the session window [scheduledAt, scheduledAt + durationMinutes),
 *   then overlapping or touching segments are merged (two devices, reconnects), then summed.
 * - attendedSeconds: exact total, floored to whole seconds.
 * - attendanceMinutes: whole minutes, FLOORED (never credits time not attended).
 * - attendanceRate: attended time / session duration, from the exact milliseconds (not the
 *   floored minutes), clamped to 0..1 and rounded half-up to 4 decimals.
 */
export type SessionWindow = { scheduledAt: Date | string; durationMinutes: number };
export type PresenceSegment = { joinedAt: Date | string; leftAt: Date | string | null };
export type Presence = { attendedSeconds: number; attendanceMinutes: number; attendanceRate: number };

const RATE_DECIMALS = 4;
/** Upper bound on segments from one participant; beyond it the input is refused. */
const MAX_SEGMENTS = 10_000;

function toMs(value: Date | string, field: string): number {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(ms)) throw badRequest("Invalid date", { [field]: ["Must be an ISO 8601 date-time"] });
  return ms;
}

function sessionWindowMs(window: SessionWindow): { start: number; end: number } {
  const start = toMs(window.scheduledAt, "scheduledAt");
  if (!Number.isFinite(window.durationMinutes) || window.durationMinutes <= 0) {
    throw badRequest("Invalid session duration", { durationMinutes: ["Must be a positive number"] });
  }
  return { start, end: start + window.durationMinutes * 60_000 };
}

/** Merged, clipped [start, end) intervals in ms, ascending. */
export function mergeSegments(window: SessionWindow, segments: readonly PresenceSegment[], now: Date = clock.now()): Array<[number, number]> {
  if (segments.length > MAX_SEGMENTS) throw badRequest("Too many connection segments");
  const { start, end } = sessionWindowMs(window);
  const clipped: Array<[number, number]> = [];
  segments.forEach((seg, i) => {
    const a = toMs(seg.joinedAt, `segments.${i}.joinedAt`);
    const b = seg.leftAt === null ? now.getTime() : toMs(seg.leftAt, `segments.${i}.leftAt`);
    if (b < a) throw badRequest("Invalid connection segment", { [`segments.${i}.leftAt`]: ["Must not be before joinedAt"] });
    const s = Math.max(a, start);
    const e = Math.min(b, end);
    if (e > s) clipped.push([s, e]);
  });
  clipped.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of clipped) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

export function roundRate(value: number, decimals = RATE_DECIMALS): number {
  const clamped = Math.min(1, Math.max(0, value));
  const f = 10 ** decimals;
  return Math.round(clamped * f + Number.EPSILON) / f;
}

export function computePresence(window: SessionWindow, segments: readonly PresenceSegment[], now: Date = clock.now()): Presence {
  const { start, end } = sessionWindowMs(window);
  const totalMs = mergeSegments(window, segments, now).reduce((sum, [s, e]) => sum + (e - s), 0);
  return {
    attendedSeconds: Math.floor(totalMs / 1000),
    attendanceMinutes: Math.floor(totalMs / 60_000),
    attendanceRate: roundRate(totalMs / (end - start)),
  };
}
