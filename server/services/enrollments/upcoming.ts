import type { TUpcomingSession } from "../../contracts/enrollments";
import type { Db } from "../../db";
import type { LearningCaller } from "../courses/access";

/**
 * GET /enrollments/me/upcoming-sessions: the live-session slots of the caller's ACTIVE or
 * COMPLETED enrollments, soonest first, at most `limit`. Live sessions are not part of the data
 * model yet, so there is nothing to list; the live-sessions issue fills this function with the
 * query over its sessions table, keeping this signature and the response shape.
 */
export async function listUpcomingSessions(_db: Db, _caller: LearningCaller, _q: { limit: number }): Promise<TUpcomingSession[]> {
  return [];
}
