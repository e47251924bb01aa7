import { timeZoneLabel } from "../../../lib/i18n/format";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, liveSessions, mailConfigurations, sessionTrainers, tenants, users } from "../../db/schema";
import { participantEnrollments } from "../platform/who-may";
import { expectedRows, isParticipantEnrollmentStatus } from "./registrations";
import { formatPlace } from "../../contracts/sessions";
import { formatSchedule } from "../../lib/schedule-text";
import { scheduleRanges, sessionSchedule, sessionWindow } from "./schedule";
import { forTenant, type TenantScope, sameTenant } from "../../db/tenant-scope";
import { env } from "../../env";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { buildIcs, type IcsMethod } from "../../lib/ics";
import { clock } from "../../lib/clock";
import { tenantUrl } from "../../lib/urls";
import { mailerFor } from "../mail";
import { mailDisplayName } from "../mail/layout";
import { convocationPdfAttachment } from "../documents/uses";
import { loadLegalIdentity } from "../billing/legal-identity";
import type { SessionRow } from "./access";

export type NoticeKind = "convocation" | "update" | "cancellation";

const lang = (r: { locale: string }) => (r.locale === "en" ? "en" : "fr");

type Recipient = { id: string; email: string; firstName: string; lastName: string; locale: string; learner: boolean };

const TEMPLATE = { convocation: "session-convocation", update: "session-update", cancellation: "session-cancellation" } as const;
const METHOD: Record<NoticeKind, IcsMethod> = { convocation: "REQUEST", update: "REQUEST", cancellation: "CANCEL" };

/**
 * Who hears about a session: its registered learners (or, for a registration change, exactly
 * the learners named by the job); update and cancellation notices of the whole session also go
 * to the session's trainers.
 */
async function recipients(db: Db, scope: TenantScope, session: SessionRow, job: NoticeJob): Promise<Recipient[]> {
  const cols = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale };
  // Learners are mailed only while their enrollment is ACTIVE or COMPLETED: a SUSPENDED or REVOKED one is never convened.
  const participating = db.select({ id: enrollments.userId }).from(enrollments).where(participantEnrollments(scope, eq(enrollments.courseId, session.courseId)));
  if (job.userIds) {
    if (!job.userIds.length) return [];
    const where = job.kind === "cancellation" ? inArray(users.id, job.userIds) : and(inArray(users.id, job.userIds), inArray(users.id, participating));
    return (await db.select(cols).from(users).where(where)).map((r) => ({ ...r, learner: true }));
  }
  const expected = (await expectedRows(db, scope, session)).filter((r) => isParticipantEnrollmentStatus(r.enrollmentStatus)).map((r) => r.userId);
  const learners = expected.length ? (await db.select(cols).from(users).where(inArray(users.id, expected))).map((r) => ({ ...r, learner: true })) : [];
  if (job.kind === "convocation") return learners;
  const trainers = (await db
    .select(cols)
    .from(sessionTrainers)
    .innerJoin(users, eq(users.id, sessionTrainers.userId))
    .where(scope.where(sessionTrainers, and(eq(sessionTrainers.sessionId, session.id))))).map((r) => ({ ...r, learner: false }));
  const seen = new Set<string>();
  return [...learners, ...trainers].filter((r) => !seen.has(r.email) && seen.add(r.email));
}

/** The address part of MAIL_FROM ("Name <addr>" or "addr"). */
const platformFrom = () => {
  const from = env().MAIL_FROM;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
};

/**
 * The .ics ORGANIZER: where a learner's reply to the invitation (accept, decline, a question)
 * should land, i.e. the organisation's own mailbox, in this order:
 *   1. the sender address of the tenant-level mail configuration (Settings > Mail): the
 *      organisation's address its mails go out from, the one a reply to the e-mail reaches too;
 *   2. the e-mail of the legal identity (Settings > Legal identity), the organisation's contact;
 *   3. the platform's MAIL_FROM (a no-reply in development), only when the tenant set neither.
 */
export async function organizerEmail(db: DbOrTx, tenantId: string): Promise<string> {
  const scope = forTenant(tenantId);
  const [config] = await db
    .select({ fromEmail: mailConfigurations.fromEmail })
    .from(mailConfigurations)
    .where(scope.where(mailConfigurations, isNull(mailConfigurations.ownerUserId)))
    .limit(1);
  if (config?.fromEmail?.trim()) return config.fromEmail.trim();
  const legal = await loadLegalIdentity(db, tenantId);
  return legal.email?.trim() || platformFrom();
}

/** `userIds`: a registration change, mailed to those learners only (`batch` keeps each change's mails distinct). */
type NoticeJob = { tenantId: string; sessionId: string; kind: NoticeKind; sequence: number; userIds?: string[]; batch?: string };

/**
 * Queues the notices of a session change, in the change's transaction: a job (bulk sends never
 * run in the request) mails each recipient. `sequence` is the session's iCalendar SEQUENCE at the
 * change, so a retried job sends each recipient's mail once and a later change its own.
 */
export async function enqueueSessionNotices(
  tx: DbOrTx,
  scope: TenantScope,
  input: { kind: NoticeKind; session: SessionRow; /** Only these learners (a registration change). */ userIds?: string[]; now?: Date },
): Promise<void> {
  const job: NoticeJob = { tenantId: scope.tenantId, sessionId: input.session.id, kind: input.kind, sequence: input.session.icsSequence };
  if (input.userIds) Object.assign(job, { userIds: input.userIds, batch: String((input.now ?? clock.now()).getTime()) });
  await enqueue(tx, "session.notices", job);
}

export const sessionNoticeJobs = [
  defineJob<NoticeJob>("session.notices", {
    retryLimit: 5,
    retryDelaySeconds: 30,
    handler: async (job, { db }) => {
      await sendSessionNotices(db, job);
    },
  }),
];

/**
 * E-mails one notice per recipient with an iCalendar attachment (METHOD:REQUEST for the
 * convocation and update notices, METHOD:CANCEL for the cancellation); returns the number of
 * recipients. Each mail has a dedupe key (session, kind, sequence, recipient).
 */
async function sendSessionNotices(db: Db, job: NoticeJob): Promise<number> {
  const scope = forTenant(job.tenantId);
  const { kind } = job;
  const [row] = await db
    .select({ session: liveSessions, course: { id: courses.id, title: courses.title, creatorId: courses.creatorId }, tenant: { slug: tenants.slug, name: tenants.name, branding: tenants.branding, timeZone: tenants.timeZone } })
    .from(liveSessions)
    .innerJoin(courses, sameTenant(courses, liveSessions, courses.id, liveSessions.courseId))
    .innerJoin(tenants, eq(tenants.id, liveSessions.tenantId))
    .where(scope.where(liveSessions, eq(liveSessions.id, job.sessionId)))
    .limit(1);
  if (!row) return 0;
  const { session, course, tenant } = row;
  const now = clock.now();
  const link = tenantUrl(tenant.slug, `/sessions/${session.id}`);
  const window = sessionWindow(session, tenant.timeZone);
  // A remote session has no place; an in-person one no connection link (mail templates: sessionWhere).
  const place = session.deliveryMode === "REMOTE" ? "" : formatPlace(session.place);
  const days = sessionSchedule(session, tenant.timeZone);
  const planned = { fr: formatSchedule(days, "fr"), en: formatSchedule(days, "en") };
  // Named as the mails name the tenant (their header and text): its branding's display name.
  const organizer = { name: mailDisplayName(tenant), email: await organizerEmail(db, scope.tenantId) };
  // One calendar event per time range; a single range is the planned window itself (to the second).
  const ranges = scheduleRanges(days, tenant.timeZone);
  const spans = ranges.length > 1 ? ranges.map((r) => ({ start: r.startsAt, end: r.endsAt })) : [{ start: window.start, end: window.end }];
  const list = await recipients(db, scope, session, job);
  const send = mailerFor(db, scope);
  for (const r of list) {
    // The lunch break and the nights stay free in the calendar; the first event keeps the session's UID.
    const ics = buildIcs(
      METHOD[kind],
      spans.map((span, i) => ({
        uid: i === 0 ? `${session.id}@${tenant.slug}` : `${session.id}-${i + 1}@${tenant.slug}`,
        sequence: job.sequence,
        stamp: now,
        start: span.start,
        end: span.end,
        location: place || undefined,
        summary: spans.length > 1 ? `${session.title} (${i + 1}/${spans.length})` : session.title,
        description: [course.title, planned[lang(r)].text, session.description].filter(Boolean).join("\n\n"),
        url: link,
        organizer,
        attendee: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
      })),
    );
    await send({
      // Sent for the course's creator: their own mail configuration comes first in the chain.
      senderUserId: course.creatorId,
      dedupeKey: `session-notice:${session.id}:${kind}:${job.sequence}:${job.batch ? `${job.batch}:` : ""}${r.email.toLowerCase()}`,
      to: r.email,
      template: TEMPLATE[kind],
      locale: r.locale,
      vars: {
        firstName: r.firstName,
        title: session.title,
        courseTitle: course.title,
        when: planned[lang(r)].text,
        zone: timeZoneLabel(tenant.timeZone, lang(r)),
        link,
        mode: session.deliveryMode,
        place,
      },
      attachments: [
        {
          filename: kind === "cancellation" ? "cancellation.ics" : "invitation.ics",
          contentType: `text/calendar; charset=utf-8; method=${METHOD[kind]}`,
          content: Buffer.from(ics, "utf8").toString("base64"),
        },
        // A learner's convocation and update notices carry the convocation PDF (CONVOCATION SYSTEM template), recorded as their document.
        ...(r.learner && kind !== "cancellation" ? [(await convocationPdfAttachment(db, scope, session.id, r.id, now)).attachment] : []),
      ],
    });
  }
  return list.length;
}
