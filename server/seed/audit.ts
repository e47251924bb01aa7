import { clock } from "../lib/clock";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { courses, documents, enrollments, lessonProgress, lessons, liveSessions, modules, questionnaires, questions, quizAttempts, sessionParticipants, tenants } from "../db/schema";
import { correctChoiceIds, scoreAnswers } from "../services/enrollments/scoring";
import { insertQuizAttempt } from "../services/enrollments/quiz";
import { forTenant, sameTenant, type TenantScope } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { buildCaller } from "../auth/caller";
import { sha256Hex } from "../services/documents/generate";
import { documentKey, documentStorage } from "../services/documents/storage";
import { convocationPdfAttachment } from "../services/documents/uses";
import { seedConventions } from "./conventions";
import { buildAttestationPdf } from "../services/attendance/attestation/attestation-pdf";

const AUDIT_DEMO_COURSE_SLUG = "sauveteur-secouriste-du-travail";

/**
 * Demo data of the Qualiopi audit export (issue #11 item 6): the SST course's audit ZIP is full,
 * every folder holds at least one real document. convention/: a training agreement per
 * enrollment and a convocation; emargement/: the sheets of its sessions (rendered on export);
 * evaluation/: a quiz attempt when none exists; attestation/: an attestation d'assiduité of a
 * past session, stored as a document; programme/ and trainers/: rendered on export from the
 * course and its trainers' competencies (seeded by the catalogue). Idempotent. Returns the course id.
 */
export async function seedAudit(db: Db, tenantId: string, people: { admin: string }, now = clock.now()): Promise<string | null> {
  const scope = forTenant(tenantId);
  const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.slug, AUDIT_DEMO_COURSE_SLUG))).limit(1);
  if (!course) return null;
  const enrolled = await db
    .select({ id: enrollments.id, userId: enrollments.userId })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, course.id)))
    .orderBy(asc(enrollments.enrolledAt), asc(enrollments.id));

  // convention/: the versioned conventions of the course: one sent and signed, one DRAFT (seed/conventions.ts).
  await seedConventions(db, tenantId, people.admin, course.id, enrolled.map((e) => e.id), now);

  const sessions = await db
    .select({ id: liveSessions.id, status: liveSessions.status })
    .from(liveSessions)
    .where(scope.where(liveSessions, eq(liveSessions.courseId, course.id)))
    .orderBy(asc(liveSessions.scheduledAt));
  const ended = sessions.find((s) => s.status === "ENDED") ?? sessions[0];
  if (ended) {
    const [participant] = await db
      .select({ userId: sessionParticipants.userId })
      .from(sessionParticipants)
      .where(scope.where(sessionParticipants, eq(sessionParticipants.sessionId, ended.id)))
      .orderBy(asc(sessionParticipants.userId))
      .limit(1);
    if (participant) {
      // convention/: the convocation of one participant (recorded as a document by the mail attachment builder).
      await convocationPdfAttachment(db, scope, ended.id, participant.userId, now);
      // attestation/: the attestation d'assiduité of that participant, stored as an ATTESTATION document.
      const subjectId = `${ended.id}:${participant.userId}`;
      const [existing] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(scope.where(documents, eq(documents.kind, "ATTESTATION"), eq(documents.subjectType, "SESSION_PARTICIPANT"), eq(documents.subjectId, subjectId)))
        .limit(1);
      if (!existing) {
        const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
        const caller = buildCaller({
          tenant: { id: tenantId, slug: tenant!.slug, name: tenant!.name, ofMode: tenant!.ofMode, authMode: tenant!.authMode, timeZone: tenant!.timeZone ?? "Europe/Paris" },
          scope,
          userId: people.admin,
          role: "ADMIN",
          membershipId: null,
          ip: null,
          userAgent: null,
          requestId: "seed",
        });
        const { pdf, filename } = await buildAttestationPdf(db, caller, ended.id, participant.userId, now);
        const id = newId("doc");
        await documentStorage().put(documentKey(tenantId, id), Buffer.from(pdf));
        const enrollment = enrolled.find((e) => e.userId === participant.userId);
        await db.insert(documents).values(
          scope.values(documents, {
            id,
            kind: "ATTESTATION" as const,
            subjectType: "SESSION_PARTICIPANT" as const,
            subjectId,
            userId: participant.userId,
            enrollmentId: enrollment?.id ?? null,
            title: "Attestation d'assiduité",
            fileName: filename,
            sha256: sha256Hex(pdf),
            sizeBytes: pdf.byteLength,
            storagePath: documentKey(tenantId, id),
            generatedBy: people.admin,
            generatedAt: now,
          }),
        );
      }
    }
  }

  // evaluation/: at least one quiz attempt on the course.
  if (enrolled[0]) await seedQuizAttempt(db, scope, course.id, enrolled[0].id, now);
  return course.id;
}

/**
 * A quiz attempt of `enrollmentId` on the course's first graded quiz (QUIZ questionnaire), when the
 * course has no attempt yet: the last question answered wrong, the others right, scored by the one
 * scoring function, so the stored answers give the stored score. A passed attempt completes its
 * lesson, as submitQuizAttempt does (unless the learner already has progress on it).
 */
export async function seedQuizAttempt(db: Db, scope: TenantScope, courseId: string, enrollmentId: string, now: Date): Promise<void> {
  const qs = await db.select({ id: questionnaires.id }).from(questionnaires).where(scope.where(questionnaires, eq(questionnaires.courseId, courseId)));
  const [attempt] = qs.length
    ? await db.select({ id: quizAttempts.id }).from(quizAttempts).where(scope.where(quizAttempts, inArray(quizAttempts.questionnaireId, qs.map((q) => q.id)))).limit(1)
    : [];
  if (attempt) return;
  const [quiz] = await db
    .select({ lessonId: lessons.id, questionnaireId: questionnaires.id, passMark: questionnaires.passMark })
    .from(lessons)
    .innerJoin(modules, sameTenant(modules, lessons, modules.id, lessons.moduleId))
    .innerJoin(questionnaires, sameTenant(questionnaires, lessons, questionnaires.id, lessons.questionnaireId))
    .where(scope.where(lessons, eq(modules.courseId, courseId), eq(questionnaires.kind, "QUIZ")))
    .orderBy(asc(modules.position), asc(lessons.position))
    .limit(1);
  if (!quiz) return;
  const items = await db.select().from(questions).where(scope.where(questions, eq(questions.questionnaireId, quiz.questionnaireId))).orderBy(asc(questions.position), asc(questions.id));
  const answers = items.map((q, i) => ({ questionId: q.id, choiceIds: i === items.length - 1 && items.length > 1 ? [q.choices.find((c) => !c.correct)?.id ?? q.choices[0]!.id] : correctChoiceIds(q) }));
  const scored = scoreAnswers(items, answers, quiz.passMark);
  if ("errors" in scored) throw new Error(`Demo quiz answers refused: ${JSON.stringify(scored.errors)}`);
  await insertQuizAttempt(db, scope, { enrollmentId, lessonId: quiz.lessonId, questionnaireId: quiz.questionnaireId }, scored, now);
  if (scored.passed) {
    await db
      .insert(lessonProgress)
      .values(scope.values(lessonProgress, { id: newId("prg"), enrollmentId, lessonId: quiz.lessonId, status: "COMPLETED" as const, startedAt: now, completedAt: now, updatedAt: now }))
      .onConflictDoNothing();
  }
}
