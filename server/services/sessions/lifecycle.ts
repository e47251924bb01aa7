import { and, eq } from "drizzle-orm";
import type { TSessionDetail } from "../../contracts/sessions";
import type { Db } from "../../db";
import { liveSessions } from "../../db/schema";
import { conflict } from "../../errors";
import { emitEvent } from "../platform/events";
import { assertModerator, loadSession, type SessionRow } from "./access";
import { toDetail } from "./serialize";
import type { Caller } from "../../auth/caller";

type Move = { from: SessionRow["status"]; to: SessionRow["status"]; event: "session.started" | "session.ended" };
const START: Move = { from: "SCHEDULED", to: "LIVE", event: "session.started" };
const END: Move = { from: "LIVE", to: "ENDED", event: "session.ended" };

/**
 * One state move of the Live session table, for ADMIN, the course's creator and the session's
 * trainers (conventions §9). The guarded UPDATE makes two concurrent moves yield one winner;
 * the event is written in the same transaction.
 */
async function move(db: Db, caller: Caller, id: string, m: Move, now: Date): Promise<TSessionDetail> {
  const loaded = await db.transaction(async (tx) => {
    const current = await loadSession(tx, caller, id, { forUpdate: true });
    assertModerator(current, caller);
    const stamp = m.to === "LIVE" ? { startedAt: now } : { endedAt: now };
    const [session] = await tx
      .update(liveSessions)
      .set({ status: m.to, updatedAt: now, ...stamp })
      .where(caller.scope.where(liveSessions, and(eq(liveSessions.id, id), eq(liveSessions.status, m.from))))
      .returning();
    if (!session) throw conflict(`Session is ${current.session.status}: only a ${m.from} session can become ${m.to}`, "SESSION_TRANSITION_INVALID");
    const ref = { sessionId: session.id, courseId: session.courseId, title: session.title, scheduledAt: session.scheduledAt.toISOString() };
    if (m.event === "session.started") await emitEvent(tx, caller.scope, "session.started", { ...ref, startedAt: now.toISOString() });
    else await emitEvent(tx, caller.scope, "session.ended", { ...ref, startedAt: session.startedAt?.toISOString() ?? null, endedAt: now.toISOString() });
    return { ...current, session };
  });
  return toDetail(db, caller, loaded, now);
}

export const startSession = (db: Db, caller: Caller, id: string, now: Date) => move(db, caller, id, START, now);
export const endSession = (db: Db, caller: Caller, id: string, now: Date) => move(db, caller, id, END, now);
