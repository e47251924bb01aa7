import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, questionnaires, surveyInvitations, users } from "../../db/schema";
import { forTenant, type TenantScope, sameTenant } from "../../db/tenant-scope";
import { env } from "../../env";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { logActivity } from "../activity/log";
import { sendMail } from "../mail";
import { tenantInfo } from "../quality/members";
import { toLocale } from "../../../lib/i18n/config";
import { formatDateTimeLong } from "../../../lib/i18n/format";
import { signSurveyToken } from "./token";

/**
 * When an enrollment completes (services/enrollments/progress.ts, in the completion transaction):
 * - the course's SATISFACTION questionnaires, oldest first, decide the surveys: the first is the
 *   END_OF_COURSE survey, the second (if any) the FOLLOW_UP survey, else the first is used again;
 * - two invitations are written: END_OF_COURSE due now, FOLLOW_UP due SURVEY_FOLLOW_UP_DAYS (90)
 *   later; a `survey.send` job is enqueued for each, the second with that run-at;
 * - no SATISFACTION questionnaire: no invitation, no e-mail; activity `survey.skipped` says so.
 * `survey.send` e-mails one invitation once it is due (on the app clock) and not sent yet;
 * `surveys.sweep` (hourly) sends any due invitation a run-at job missed (clock moved, worker down).
 * Sending requires the enrollment to still be COMPLETED (a revoked learner gets no follow-up).
 */
const DAY = 86_400_000;
const BATCH = 500;

export async function scheduleSurveys(tx: DbOrTx, scope: TenantScope, enrollment: { id: string; courseId: string; userId: string }, now: Date): Promise<void> {
  const forms = await tx
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(scope.where(questionnaires, eq(questionnaires.courseId, enrollment.courseId), eq(questionnaires.kind, "SATISFACTION")))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id))
    .limit(2);
  const about = { userId: enrollment.userId, courseId: enrollment.courseId, enrollmentId: enrollment.id };
  if (!forms.length) {
    await logActivity(tx, scope, { ...about, action: "survey.skipped", metadata: { missing: "SATISFACTION_QUESTIONNAIRE" } }, now);
    return;
  }
  const followUpAt = new Date(now.getTime() + env().SURVEY_FOLLOW_UP_DAYS * DAY);
  const plan = [
    { kind: "END_OF_COURSE" as const, questionnaireId: forms[0]!.id, dueAt: now },
    { kind: "FOLLOW_UP" as const, questionnaireId: (forms[1] ?? forms[0]!).id, dueAt: followUpAt },
  ];
  for (const p of plan) {
    const [row] = await tx
      .insert(surveyInvitations)
      .values(scope.values(surveyInvitations, { id: newId("svi"), enrollmentId: enrollment.id, courseId: enrollment.courseId, userId: enrollment.userId, ...p }))
      .onConflictDoNothing()
      .returning({ id: surveyInvitations.id });
    if (!row) continue; // completed before (an enrollment completes once; kept safe anyway)
    await enqueue(tx, "survey.send", { tenantId: scope.tenantId, invitationId: row.id }, { singletonKey: `survey:${row.id}`, ...(p.dueAt > now ? { startAfter: p.dueAt } : {}) });
  }
  await logActivity(tx, scope, { ...about, action: "survey.scheduled", metadata: { followUpAt: followUpAt.toISOString() } }, now);
}

/** E-mails one due invitation (idempotent: a sent, not yet due, or no longer COMPLETED one is left). Returns whether a mail was queued. */
export async function sendInvitation(db: Db, scope: TenantScope, invitationId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [info] = await tx
      .select({ status: enrollments.status, email: users.email, firstName: users.firstName, locale: users.locale, courseTitle: courses.title })
      .from(surveyInvitations)
      .innerJoin(enrollments, sameTenant(enrollments, surveyInvitations, enrollments.id, surveyInvitations.enrollmentId))
      .innerJoin(users, eq(users.id, surveyInvitations.userId))
      .innerJoin(courses, sameTenant(courses, surveyInvitations, courses.id, surveyInvitations.courseId))
      .where(scope.where(surveyInvitations, eq(surveyInvitations.id, invitationId)))
      .limit(1);
    if (!info || info.status !== "COMPLETED") return false;
    const expiresAt = new Date(now.getTime() + env().SURVEY_LINK_TTL_DAYS * DAY);
    // The conditional update makes concurrent jobs send once.
    const [inv] = await tx
      .update(surveyInvitations)
      .set({ sentAt: now, expiresAt })
      .where(scope.where(surveyInvitations, eq(surveyInvitations.id, invitationId), isNull(surveyInvitations.sentAt), lte(surveyInvitations.dueAt, now)))
      .returning();
    if (!inv) return false;
    const tenant = await tenantInfo(tx, scope.tenantId);
    const token = await signSurveyToken(scope.tenantId, inv.id, now, expiresAt);
    await sendMail(tx, {
      scope,
      dedupeKey: `survey:${inv.id}`,
      to: info.email,
      template: inv.kind === "FOLLOW_UP" ? "survey-follow-up" : "survey-end-of-course",
      locale: info.locale,
      vars: {
        firstName: info.firstName,
        courseTitle: info.courseTitle,
        link: tenantUrl(tenant.slug, `/survey?token=${token}`),
        expiresAt: formatDateTimeLong(expiresAt, toLocale(info.locale), tenant.timeZone),
      },
    });
    await logActivity(tx, scope, { userId: inv.userId, action: "survey.sent", courseId: inv.courseId, enrollmentId: inv.enrollmentId, metadata: { kind: inv.kind, invitationId: inv.id } }, now);
    return true;
  });
}

/** Every due, unsent invitation of a COMPLETED enrollment, all tenants; returns how many were sent. */
async function sendDueSurveys(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: surveyInvitations.id, tenantId: surveyInvitations.tenantId })
    .from(surveyInvitations)
    .innerJoin(enrollments, sameTenant(enrollments, surveyInvitations, enrollments.id, surveyInvitations.enrollmentId))
    .where(and(isNull(surveyInvitations.sentAt), lte(surveyInvitations.dueAt, now), eq(enrollments.status, "COMPLETED")))
    .orderBy(asc(surveyInvitations.dueAt))
    .limit(BATCH);
  let sent = 0;
  for (const d of due) if (await sendInvitation(db, forTenant(d.tenantId), d.id, now)) sent += 1;
  return sent;
}

export type SurveySendJobData = { tenantId: string; invitationId: string };

export const surveyJobs = [
  defineJob<SurveySendJobData>("survey.send", {
    retryLimit: 5,
    retryDelaySeconds: 60,
    handler: async (data, { db }) => {
      await sendInvitation(db, forTenant(data.tenantId), data.invitationId, clock.now());
    },
  }),
  defineJob<Record<string, never>>("surveys.sweep", {
    cron: "17 * * * *",
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    handler: async (_data, { db }) => {
      await sendDueSurveys(db, clock.now());
    },
  }),
];
