import { asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import { TIMELINE_EVENT_TYPES, type TTimelineEvent } from "../../contracts/needs";
import type { Db } from "../../db";
import { complaints, courses, documents, emargements, enrollments, improvementPlans, lessons, liveSessions, modules, needsAnalyses, questionnaires, quizAttempts, SIGNATURE_METHODS } from "../../db/schema";
import { notFound } from "../../errors";
import { statusSlots } from "../attendance/roster";
import { computeAttendance } from "../attendance/status";
import { isCourseOwner } from "../platform/who-may";

/**
 * GET /paf/enrollments/{id}/timeline: the learner's journey (Qualiopi indicators 4 and 8),
 * assembled at each call from the records themselves (nothing is stored):
 * - ENROLLMENT_CREATED: the enrollment (enrolledAt);
 * - NEEDS_ANALYSIS_COMPLETED: each needs analysis made for this enrollment (createdAt);
 * - PRE_QUESTIONNAIRE_COMPLETED: each attempt at a POSITIONING questionnaire of the course;
 * - SESSION_ATTENDED: each live session of the course (not cancelled) whose attendance status for
 *   the learner, computed by services/attendance/status.ts, is PRESENT, LATE or LEFT_EARLY; dated
 *   at the end of its last slot (or now, while it runs);
 * - EMARGEMENT_SIGNED: each signature of the learner (QR, QR_CODE, PIN, CANVAS) in the course's
 *   sessions (signedAt); AUTO connections and staff corrections are not signatures;
 * - POST_QUESTIONNAIRE_COMPLETED: each attempt at a SATISFACTION questionnaire of the course, and
 *   at the course's final evaluation: the QUIZ of its last quiz lesson (module, then lesson order);
 * - CERTIFICATE_ISSUED: the certificate of completion (documents, kind CERTIFICATE; generatedAt);
 * - IMPROVEMENT_PLAN_CREATED: each improvement plan (not deleted) opened from a complaint the
 *   learner filed about this course (the plan's createdAt).
 * Ascending by date; equal dates in the order of the list above, then by record id.
 */
type Event = TTimelineEvent & { key: string };

const ATTENDED = new Set(["PRESENT", "LATE", "LEFT_EARLY"]);
const iso = (d: Date) => d.toISOString();

export async function enrollmentTimeline(db: Db, caller: Caller, enrollmentId: string, now: Date): Promise<{ enrollmentId: string; events: TTimelineEvent[] }> {
  const scope = caller.scope;
  const [row] = await db
    .select({ e: enrollments, course: { id: courses.id, title: courses.title, creatorId: courses.creatorId } })
    .from(enrollments)
    .innerJoin(courses, sameTenant(courses, enrollments, courses.id, enrollments.courseId))
    .where(scope.where(enrollments, eq(enrollments.id, enrollmentId)))
    .limit(1);
  // Readers: the learner, the course's owner (its creator, or ADMIN); anyone else does not see it.
  if (!row || (row.e.userId !== caller.userId && !isCourseOwner(row.course, caller))) throw notFound("Enrollment");
  const { e, course } = row;
  const events: Event[] = [];

  events.push({
    key: e.id,
    date: iso(e.enrolledAt),
    type: "ENROLLMENT_CREATED",
    description: `Enrolled in "${course.title}"`,
    metadata: { enrollmentId: e.id, courseId: course.id, userId: e.userId, status: e.status, financingSource: e.financingSource ?? null },
  });

  const [analyses, attempts, finalQuiz, sessions, certificates, plans] = await Promise.all([
    db.select().from(needsAnalyses).where(scope.where(needsAnalyses, eq(needsAnalyses.enrollmentId, e.id))),
    db
      .select({ a: quizAttempts, kind: questionnaires.kind, title: questionnaires.title })
      .from(quizAttempts)
      .innerJoin(questionnaires, sameTenant(questionnaires, quizAttempts, questionnaires.id, quizAttempts.questionnaireId))
      .where(scope.where(quizAttempts, eq(quizAttempts.enrollmentId, e.id))),
    db
      .select({ questionnaireId: lessons.questionnaireId })
      .from(lessons)
      .innerJoin(modules, sameTenant(modules, lessons, modules.id, lessons.moduleId))
      .where(scope.where(lessons, eq(lessons.courseId, course.id), eq(lessons.kind, "QUIZ")))
      .orderBy(desc(modules.position), desc(lessons.position))
      .limit(1),
    db.select().from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.courseId, course.id), ne(liveSessions.status, "CANCELLED"))),
    db.select().from(documents).where(scope.where(documents, eq(documents.enrollmentId, e.id), eq(documents.kind, "CERTIFICATE"))),
    db
      .select({ plan: improvementPlans, complaintId: complaints.id })
      .from(complaints)
      .innerJoin(improvementPlans, sameTenant(improvementPlans, complaints, improvementPlans.id, complaints.improvementPlanId))
      .where(scope.where(complaints, eq(complaints.complainantUserId, e.userId), eq(complaints.courseId, course.id), isNull(improvementPlans.deletedAt))),
  ]);

  for (const a of analyses) {
    events.push({
      key: a.id,
      date: iso(a.createdAt),
      type: "NEEDS_ANALYSIS_COMPLETED",
      description: `Needs analysis completed (${a.currentLevel} to ${a.targetLevel}, ${a.recommendations.length} course(s) recommended)`,
      metadata: { needsAnalysisId: a.id, companyId: a.companyId, currentLevel: a.currentLevel, targetLevel: a.targetLevel, fundingSource: a.fundingSource ?? null },
    });
  }

  const finalQuizId = finalQuiz[0]?.questionnaireId ?? null;
  for (const { a, kind, title } of attempts) {
    const pre = kind === "POSITIONING";
    const post = kind === "SATISFACTION" || (kind === "QUIZ" && a.questionnaireId === finalQuizId);
    if (!pre && !post) continue;
    events.push({
      key: a.id,
      date: iso(a.createdAt),
      type: pre ? "PRE_QUESTIONNAIRE_COMPLETED" : "POST_QUESTIONNAIRE_COMPLETED",
      description: `${pre ? "Positioning questionnaire" : kind === "SATISFACTION" ? "Satisfaction questionnaire" : "Final evaluation"} "${title}" completed (${a.percentage}%)`,
      metadata: { attemptId: a.id, questionnaireId: a.questionnaireId, questionnaireKind: kind, percentage: a.percentage, passed: a.passed },
    });
  }

  if (sessions.length) {
    const records = await db
      .select()
      .from(emargements)
      .where(scope.where(emargements, eq(emargements.userId, e.userId), inArray(emargements.sessionId, sessions.map((s) => s.id))))
      .orderBy(asc(emargements.chainPosition));
    const bySession = new Map<string, typeof records>();
    for (const r of records) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
    for (const session of sessions) {
      const mine = bySession.get(session.id);
      if (!mine?.length) continue;
      for (const r of mine) {
        if (!(SIGNATURE_METHODS as readonly string[]).includes(r.method)) continue;
        events.push({
          key: r.id,
          date: iso(r.signedAt),
          type: "EMARGEMENT_SIGNED",
          description: `Attendance signed (${r.method}) for "${session.title}"`,
          metadata: { emargementId: r.id, sessionId: session.id, slotId: r.slotId, method: r.method },
        });
      }
      const slots = await statusSlots(db, scope, session.id);
      const computed = computeAttendance({
        session,
        slots,
        participants: [{ userId: e.userId }],
        records: mine.map((r) => ({ ...r, chainPosition: Number(r.chainPosition) })),
        now,
      });
      const p = computed.participants[0]!;
      if (!ATTENDED.has(p.status)) continue;
      const end = computed.slots[computed.slots.length - 1]!.endsAt;
      events.push({
        key: session.id,
        date: iso(end.getTime() < now.getTime() ? end : now),
        type: "SESSION_ATTENDED",
        description: `Attended "${session.title}" (${p.status}, ${p.minutes} min)`,
        metadata: { sessionId: session.id, attendanceStatus: p.status, minutes: p.minutes, scheduledAt: iso(session.scheduledAt) },
      });
    }
  }

  for (const d of certificates) {
    events.push({
      key: d.id,
      date: iso(d.generatedAt),
      type: "CERTIFICATE_ISSUED",
      description: "Certificate of completion issued",
      metadata: { documentId: d.id, sha256: d.sha256, fileName: d.fileName },
    });
  }

  for (const { plan, complaintId } of plans) {
    events.push({
      key: plan.id,
      date: iso(plan.createdAt),
      type: "IMPROVEMENT_PLAN_CREATED",
      description: `Improvement plan "${plan.title}" opened after the learner's complaint`,
      metadata: { improvementPlanId: plan.id, complaintId, status: plan.status },
    });
  }

  const order = (t: TTimelineEvent["type"]) => TIMELINE_EVENT_TYPES.indexOf(t);
  events.sort((a, b) => a.date.localeCompare(b.date) || order(a.type) - order(b.type) || a.key.localeCompare(b.key));
  return { enrollmentId: e.id, events: events.map(({ key: _key, ...ev }) => ev) };
}
