import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { attendanceReminders, attendanceSlots, courses, emargements, liveSessions, tenants, users } from "../../db/schema";
import { forTenant, type TenantScope, sameTenant } from "../../db/tenant-scope";
import { env } from "../../env";
import { notFound } from "../../errors";
import { defineJob } from "../../jobs/define";
import { newId } from "../../lib/ids";
import { clock } from "../../lib/clock";
import { tenantUrl } from "../../lib/urls";
import { sendMail } from "../mail";
import { assertModerator, loadSession, type SessionRow } from "../sessions/access";
import { SIGNATURE_METHODS } from "./chain";
import { expectedLearners } from "./participants";
import { isParticipantEnrollmentStatus } from "../sessions/registrations";
import { assertOpen } from "./signer";
import { assertSlotOpen, findSlot } from "./slots";
import type { Caller } from "../../auth/caller";

/**
 * Attendance reminders (issue #10 item 5). When a slot opens (ATTENDANCE_REMINDER_OPEN_MINUTES
 * after its start, default 0) and again before it closes (ATTENDANCE_REMINDER_CLOSING_MINUTES
 * before its end, default 15), every expected learner who has not signed that slot gets an
 * e-mail with the signing link. A session without slots counts as one slot (slotId null).
 *
 * Why a scan every minute rather than jobs scheduled (startAfter) when slots are written: slots
 * are regenerated, sessions rescheduled, cancelled or ended, learners registered or removed,
 * from several services. A scheduled job would have to be found and moved at each of those
 * changes; the scan reads the state as it is when the moment comes, so none of them can leave a
 * stale or missing reminder, and a worker that was down catches up while the slot is still open.
 *
 * Idempotent under at-least-once jobs and concurrent workers: each reminder is a row of
 * attendance_reminders, unique per slot, learner and automatic kind, inserted in the same
 * transaction as its mail (whose dedupe key is the row's id). The trainer's manual reminders
 * (kind MANUAL) are logged the same way, as many times as they are sent.
 */

type ReminderKind = "SLOT_OPEN" | "SLOT_CLOSING" | "MANUAL";

/** What is reminded: a slot of the session, or the session as a whole when it has no slots. */
type Target = { slotId: string | null; startsAt: Date; endsAt: Date };
type Context = { session: SessionRow; creatorId: string; tenantSlug: string; timeZone: string };

const MINUTE = 60_000;

/** The automatic reminder due for a target at `now`, if any: the closing one wins when both are due (a short slot, or a worker back late). */
function dueKind(target: Pick<Target, "startsAt" | "endsAt">, now: Date): "SLOT_OPEN" | "SLOT_CLOSING" | null {
  const e = env();
  const t = now.getTime();
  if (t < target.startsAt.getTime() + e.ATTENDANCE_REMINDER_OPEN_MINUTES * MINUTE || t >= target.endsAt.getTime()) return null;
  return t >= target.endsAt.getTime() - e.ATTENDANCE_REMINDER_CLOSING_MINUTES * MINUTE ? "SLOT_CLOSING" : "SLOT_OPEN";
}

const slotText = (target: Target, locale: string, timeZone: string) => {
  const tag = locale === "en" ? "en-GB" : "fr-FR";
  const day = new Intl.DateTimeFormat(tag, { timeZone, weekday: "long", day: "numeric", month: "long" }).format(target.startsAt);
  const time = new Intl.DateTimeFormat(tag, { timeZone, hour: "2-digit", minute: "2-digit" });
  return `${day}, ${time.format(target.startsAt)}–${time.format(target.endsAt)}`;
};

/**
 * Mails the reminder `kind` to the expected learners of the session who have not signed the
 * target (and, for the automatic kinds, have not had this reminder yet); returns how many.
 */
async function remind(db: Db, ctx: Context, target: Target, kind: ReminderKind, sentBy: string | null): Promise<number> {
  const scope = forTenant(ctx.session.tenantId);
  const sessionId = ctx.session.id;
  const slotWhere = (col: typeof emargements.slotId | typeof attendanceReminders.slotId) => (target.slotId ? eq(col, target.slotId) : isNull(col));
  // A SUSPENDED or REVOKED enrollee (kept on a LIST session's registrations) is never reminded.
  const learners = (await expectedLearners(db, scope, ctx.session)).filter((l) => isParticipantEnrollmentStatus(l.enrollmentStatus));
  if (!learners.length) return 0;
  const signed = await db
    .select({ userId: emargements.userId })
    .from(emargements)
    .where(scope.where(emargements, eq(emargements.sessionId, sessionId), slotWhere(emargements.slotId), inArray(emargements.method, [...SIGNATURE_METHODS])));
  const done = new Set(signed.map((r) => r.userId));
  if (kind !== "MANUAL") {
    const reminded = await db
      .select({ userId: attendanceReminders.userId })
      .from(attendanceReminders)
      .where(scope.where(attendanceReminders, eq(attendanceReminders.sessionId, sessionId), slotWhere(attendanceReminders.slotId), eq(attendanceReminders.kind, kind)));
    for (const r of reminded) done.add(r.userId);
  }
  const todo = learners.filter((l) => !done.has(l.userId));
  if (!todo.length) return 0;
  const locales = new Map(
    (await db.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, todo.map((l) => l.userId)))).map((u) => [u.id, u.locale]),
  );
  const link = tenantUrl(ctx.tenantSlug, `/sessions/${sessionId}/sign`);
  let sent = 0;
  for (const learner of todo) {
    const didSend = await db.transaction(async (tx) => {
      const id = newId("rmd");
      const [row] = await tx
        .insert(attendanceReminders)
        .values(scope.values(attendanceReminders, { id, sessionId, slotId: target.slotId, userId: learner.userId, kind, sentBy }))
        .onConflictDoNothing()
        .returning({ id: attendanceReminders.id });
      if (!row) return false; // another worker sent it
      const locale = locales.get(learner.userId) ?? "fr";
      const mailId = await sendMail(tx, {
        scope,
        senderUserId: ctx.creatorId,
        dedupeKey: `attendance-reminder:${id}`,
        to: learner.email,
        template: "attendance-reminder",
        locale,
        vars: { firstName: learner.firstName, title: ctx.session.title, slot: slotText(target, locale, ctx.timeZone), closing: kind === "SLOT_CLOSING" ? "yes" : "no", link },
      });
      await tx.update(attendanceReminders).set({ mailId }).where(scope.where(attendanceReminders, eq(attendanceReminders.id, id)));
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}

const OPEN_STATUSES = ["SCHEDULED", "LIVE"] as const;

/**
 * The scan (job `attendance.reminders`, every minute): slots in progress, and sessions without
 * slots in progress, of SCHEDULED or LIVE sessions of tenants in OF mode; each due target gets
 * its reminder. Returns the number of mails queued.
 */
async function sendDueReminders(db: Db, now: Date): Promise<number> {
  const e = env();
  const opensBefore = new Date(now.getTime() - e.ATTENDANCE_REMINDER_OPEN_MINUTES * MINUTE);
  const ctxCols = { session: liveSessions, creatorId: courses.creatorId, tenantSlug: tenants.slug, timeZone: tenants.timeZone };
  const base = () =>
    db
      .select({ ...ctxCols, slot: { id: attendanceSlots.id, startsAt: attendanceSlots.startsAt, endsAt: attendanceSlots.endsAt } })
      .from(attendanceSlots)
      .innerJoin(liveSessions, sameTenant(liveSessions, attendanceSlots, liveSessions.id, attendanceSlots.sessionId))
      .innerJoin(courses, sameTenant(courses, liveSessions, courses.id, liveSessions.courseId))
      .innerJoin(tenants, eq(tenants.id, liveSessions.tenantId));
  const slotRows = await base()
    .where(and(eq(tenants.ofMode, true), inArray(liveSessions.status, [...OPEN_STATUSES]), lte(attendanceSlots.startsAt, opensBefore), gt(attendanceSlots.endsAt, now)))
    .orderBy(asc(attendanceSlots.startsAt));
  const sessionRows = await db
    .select(ctxCols)
    .from(liveSessions)
    .innerJoin(courses, sameTenant(courses, liveSessions, courses.id, liveSessions.courseId))
    .innerJoin(tenants, eq(tenants.id, liveSessions.tenantId))
    .where(
      and(
        eq(tenants.ofMode, true),
        inArray(liveSessions.status, [...OPEN_STATUSES]),
        lte(liveSessions.scheduledAt, opensBefore),
        // a Date inside raw sql is not encoded by postgres-js: the instant goes as ISO text
        sql`${liveSessions.scheduledAt} + make_interval(mins => ${liveSessions.durationMinutes}) > ${now.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${attendanceSlots} where ${sameTenant(attendanceSlots, liveSessions, attendanceSlots.sessionId, liveSessions.id)})`,
      ),
    );
  const targets: { ctx: Context; target: Target }[] = [
    ...slotRows.map(({ slot, ...ctx }) => ({ ctx, target: { slotId: slot.id, startsAt: slot.startsAt, endsAt: slot.endsAt } })),
    ...sessionRows.map((ctx) => ({
      ctx,
      target: { slotId: null, startsAt: ctx.session.scheduledAt, endsAt: new Date(ctx.session.scheduledAt.getTime() + ctx.session.durationMinutes * MINUTE) },
    })),
  ];
  let sent = 0;
  for (const { ctx, target } of targets) {
    const kind = dueKind(target, now);
    if (kind) sent += await remind(db, ctx, target, kind, null);
  }
  return sent;
}

export const reminderJobs = [
  defineJob<Record<string, never>>("attendance.reminders", {
    cron: "* * * * *",
    retryLimit: 2,
    retryDelaySeconds: 20,
    expireInSeconds: 5 * 60,
    handler: async (_data, { db }) => {
      await sendDueReminders(db, clock.now());
    },
  }),
];

async function slotsOf(db: DbOrTx, scope: TenantScope, sessionId: string) {
  return db.select().from(attendanceSlots).where(scope.where(attendanceSlots, eq(attendanceSlots.sessionId, sessionId))).orderBy(asc(attendanceSlots.startsAt), asc(attendanceSlots.position));
}

/**
 * The slot a learner signs now: the one in progress, else the last one started (a late
 * signature); null when none has started. Sessions without slots: undefined.
 */
export function currentSlot<S extends { startsAt: Date; endsAt: Date }>(slots: S[], now: Date): S | null | undefined {
  if (!slots.length) return undefined;
  const t = now.getTime();
  const started = slots.filter((s) => s.startsAt.getTime() <= t);
  return started.find((s) => s.endsAt.getTime() > t) ?? started.at(-1) ?? null;
}

/**
 * POST /qualiopi/emargement/{sessionId}/reminders: the session's staff mails the reminder now
 * (kind MANUAL) to the expected learners who have not signed the slot `slotId`, by default the
 * slot in progress (else the last started; the session itself when it has no slots).
 */
export async function sendManualReminder(db: Db, caller: Caller, input: { sessionId: string; slotId?: string }, now: Date) {
  const loaded = await loadSession(db, caller, input.sessionId);
  assertModerator(loaded, caller);
  assertOpen(loaded, now);
  const session = loaded.session;
  let target: Target;
  if (input.slotId) {
    const slot = await findSlot(db, caller, input.slotId);
    if (slot.sessionId !== session.id) throw notFound("Slot");
    assertSlotOpen(slot, loaded, now);
    target = { slotId: slot.id, startsAt: slot.startsAt, endsAt: slot.endsAt };
  } else {
    const slot = currentSlot(await slotsOf(db, caller.scope, session.id), now);
    if (slot === null) {
      // Signing opens before the first slot starts, but a slot is signed from its start: nothing to remind yet.
      const first = (await slotsOf(db, caller.scope, session.id))[0]!;
      assertSlotOpen(first, loaded, now);
    }
    target = slot
      ? { slotId: slot.id, startsAt: slot.startsAt, endsAt: slot.endsAt }
      : { slotId: null, startsAt: session.scheduledAt, endsAt: new Date(session.scheduledAt.getTime() + session.durationMinutes * MINUTE) };
  }
  const ctx: Context = { session, creatorId: loaded.course.creatorId, tenantSlug: caller.tenant.slug, timeZone: caller.tenant.timeZone };
  const sent = await remind(db, ctx, target, "MANUAL", caller.userId);
  return { sent, slotId: target.slotId, kind: "MANUAL" as const };
}

/** GET /qualiopi/emargement/{sessionId}/reminders: the session's reminder log for its staff, newest first (at most 500). */
export async function listReminders(db: DbOrTx, caller: Caller, sessionId: string) {
  const loaded = await loadSession(db, caller, sessionId);
  assertModerator(loaded, caller);
  const rows = await db
    .select({
      id: attendanceReminders.id,
      sessionId: attendanceReminders.sessionId,
      slotId: attendanceReminders.slotId,
      userId: attendanceReminders.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      kind: attendanceReminders.kind,
      sentBy: attendanceReminders.sentBy,
      mailId: attendanceReminders.mailId,
      createdAt: attendanceReminders.createdAt,
    })
    .from(attendanceReminders)
    .innerJoin(users, eq(users.id, attendanceReminders.userId))
    .where(caller.scope.where(attendanceReminders, eq(attendanceReminders.sessionId, sessionId)))
    .orderBy(desc(attendanceReminders.createdAt), desc(attendanceReminders.id))
    .limit(500);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
