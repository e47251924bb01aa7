import { and, desc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TLearnerAdaptivePath } from "../../contracts/adaptive-paths";
import type { Db, DbOrTx } from "../../db";
import { adaptivePaths, learnerAdaptivePaths, lessons, type AdaptiveExtraLesson, type AdaptiveRule } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, forbidden, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { AI_COSTS, AI_OPERATIONS } from "../ai/costs";
import { loadCourseTree, toCourseContext } from "../ai/course-tree";
import { assertCredits, debit } from "../ai/credits";
import { recordAiActivity, type AiDeps } from "../ai/operation";
import { getReadableEnrollment } from "../enrollments/access";
import { learnerPathOf, type LearnerPathRow } from "../enrollments/path-filter";
import { isCourseOwner, isParticipantStatus } from "../platform/who-may";
import { loadAdaptivePath, type AdaptivePathRow } from "./definitions";
import { latestPositioningAttempt } from "./positioning";

/**
 * Individual adaptive paths (LearnerAdaptivePath, lap_): one per enrollment, generated from a
 * score-rule definition of the enrollment's course and the learner's positioning score (the most
 * recent attempt at a POSITIONING questionnaire of the course), for 30 AI credits.
 *
 * - skipped: every rule with score > skipIfScoreAbove (strictly above: a learner exactly at the
 *   threshold follows the lesson);
 * - extra: every extra lesson with score <= triggerScore (at or below the trigger);
 * - hidden: the extra lessons the score did not trigger (they are not part of this learner's path).
 * A lesson both triggered as extra and skipped by a rule is extra (the remedial need wins).
 *
 * Who may generate: ADMIN, the course's creator, and the learner themself (own enrollment). The
 * learner may generate once per positioning attempt: again with the same latest attempt is 409
 * LEARNER_PATH_UP_TO_DATE (staff may regenerate at will). Generating again replaces the path.
 */

/** The rules applied to a score (pure). */
export function applyScoreRules(score: number, rules: AdaptiveRule[], extraLessons: AdaptiveExtraLesson[], existing?: Set<string>) {
  const keep = (id: string) => !existing || existing.has(id);
  const extra = [...new Set(extraLessons.filter((e) => score <= e.triggerScore).map((e) => e.lessonId))].filter(keep);
  const skipped = [...new Set(rules.filter((r) => score > r.skipIfScoreAbove).map((r) => r.lessonId))].filter((id) => keep(id) && !extra.includes(id));
  const hidden = [...new Set(extraLessons.map((e) => e.lessonId))].filter((id) => keep(id) && !extra.includes(id) && !skipped.includes(id));
  return { skipped, extra, hidden };
}

const notApplicable = (why: string) => unprocessable(why, { adaptivePathId: [why] }, "ADAPTIVE_PATH_NOT_APPLICABLE");

async function definitionFor(db: DbOrTx, scope: TenantScope, courseId: string, adaptivePathId?: string): Promise<AdaptivePathRow> {
  if (adaptivePathId) {
    const row = await loadAdaptivePath(db, scope, adaptivePathId);
    if (row.variant !== "SCORE_RULES" || row.baseCourseId !== courseId) throw notApplicable("Not a score-rule definition of the enrollment's course");
    return row;
  }
  const [row] = await db
    .select()
    .from(adaptivePaths)
    .where(scope.where(adaptivePaths, and(eq(adaptivePaths.variant, "SCORE_RULES"), eq(adaptivePaths.baseCourseId, courseId))))
    .orderBy(desc(adaptivePaths.createdAt), desc(adaptivePaths.id))
    .limit(1);
  if (!row) throw notApplicable("The course has no score-rule adaptive path");
  return row;
}

export async function generateLearnerPath(db: Db, caller: Caller, input: { id: string; adaptivePathId?: string }, deps: AiDeps): Promise<TLearnerAdaptivePath> {
  const scope = caller.scope;
  const { enrollment, course } = await getReadableEnrollment(db, caller, input.id);
  const self = enrollment.userId === caller.userId;
  const staff = isCourseOwner(course, caller);
  if (!self && !staff) throw forbidden("Forbidden: only the learner, the course's creator or an ADMIN may generate an individual path");
  if (!isParticipantStatus(enrollment.status)) {
    throw unprocessable("Enrollment is not active", { status: [`The enrollment is ${enrollment.status}`] }, "ENROLLMENT_NOT_ACTIVE");
  }
  const definition = await definitionFor(db, scope, course.id, input.adaptivePathId);
  const attempt = await latestPositioningAttempt(db, scope, enrollment.id, course.id);
  if (!attempt) throw unprocessable("No positioning score yet", { enrollmentId: ["The learner has not answered the course's positioning questionnaire"] }, "POSITIONING_SCORE_MISSING");
  const current = await learnerPathOf(db, scope, enrollment.id);
  if (!staff && current && current.positioningAttemptId === attempt.id && current.adaptivePathId === definition.id) {
    throw conflict("The individual path already reflects the latest positioning attempt", "LEARNER_PATH_UP_TO_DATE");
  }

  const cost = AI_COSTS.adaptivePath;
  const operation = AI_OPERATIONS.adaptivePath;
  await assertCredits(db, scope, cost, operation);

  const tree = await loadCourseTree(db, scope, course.id);
  const titles = new Map(tree.modules.flatMap((m) => m.lessons.map((l) => [l.id, l.title] as const)));
  const { skipped, extra, hidden } = applyScoreRules(attempt.percentage, definition.rules, definition.extraLessons, new Set(titles.keys()));
  const { summary } = await deps.provider.complete({
    kind: "learnerPath",
    course: toCourseContext(tree),
    score: attempt.percentage,
    skipped: skipped.map((id) => titles.get(id)!),
    extra: extra.map((id) => titles.get(id)!),
  });

  const row = await db.transaction(async (tx) => {
    await debit(tx, scope, { amount: cost, operation, courseId: course.id, userId: caller.userId }, deps.now);
    const values = {
      courseId: course.id,
      adaptivePathId: definition.id,
      definition: { name: definition.name, description: definition.description, rules: definition.rules, extraLessons: definition.extraLessons },
      positioningScore: attempt.percentage,
      positioningAttemptId: attempt.id,
      positioningAttemptAt: attempt.createdAt,
      skippedLessonIds: skipped,
      extraLessonIds: extra,
      hiddenLessonIds: hidden,
      summary,
      creditsConsumed: cost,
      generatedBy: caller.userId,
      generatedAt: deps.now,
    };
    const [saved] = await tx
      .insert(learnerAdaptivePaths)
      .values(scope.values(learnerAdaptivePaths, { id: newId("lap"), enrollmentId: enrollment.id, ...values }))
      .onConflictDoUpdate({ target: [learnerAdaptivePaths.tenantId, learnerAdaptivePaths.enrollmentId], set: values })
      .returning();
    await recordAiActivity(tx, caller, course.id, { operation, creditsConsumed: cost, enrollmentId: enrollment.id, adaptivePathId: definition.id, score: attempt.percentage, skipped: skipped.length, extra: extra.length }, deps.now);
    return saved!;
  });
  return serializeLearnerPath(db, scope, row);
}

export async function getLearnerPath(db: Db, caller: Caller, enrollmentId: string): Promise<TLearnerAdaptivePath> {
  const { enrollment } = await getReadableEnrollment(db, caller, enrollmentId);
  const row = await learnerPathOf(db, caller.scope, enrollment.id);
  if (!row) throw notFound("Learner adaptive path");
  return serializeLearnerPath(db, caller.scope, row);
}

async function serializeLearnerPath(db: DbOrTx, scope: TenantScope, row: LearnerPathRow): Promise<TLearnerAdaptivePath> {
  const ids = [...row.skippedLessonIds, ...row.extraLessonIds];
  const found = ids.length ? await db.select({ id: lessons.id, title: lessons.title }).from(lessons).where(scope.where(lessons, inArray(lessons.id, ids))) : [];
  const titles = new Map(found.map((l) => [l.id, l.title]));
  const [definition] = await db.select({ id: adaptivePaths.id }).from(adaptivePaths).where(scope.where(adaptivePaths, eq(adaptivePaths.id, row.adaptivePathId))).limit(1);
  const named = (list: string[]) => list.map((lessonId) => ({ lessonId, title: titles.get(lessonId) ?? null }));
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    courseId: row.courseId,
    adaptivePathId: row.adaptivePathId,
    name: row.definition.name,
    definitionExists: Boolean(definition),
    positioningScore: row.positioningScore,
    positioningAttemptAt: row.positioningAttemptAt?.toISOString() ?? null,
    skippedLessons: named(row.skippedLessonIds),
    extraLessons: named(row.extraLessonIds),
    hiddenLessonIds: row.hiddenLessonIds,
    summary: row.summary,
    creditsConsumed: row.creditsConsumed,
    generatedBy: row.generatedBy,
    generatedAt: row.generatedAt.toISOString(),
  };
}

