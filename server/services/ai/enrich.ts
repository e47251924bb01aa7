import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { courses, lessons } from "../../db/schema";
import type { TAiDraft } from "../../contracts/ai";
import { getOwnedCourse } from "../courses/access";
import { AI_OPERATIONS, enrichDraftCost } from "./costs";
import { hasQuiz, isEmptyText, loadCourseTree, serializeDraft, toCourseContext } from "./course-tree";
import { assertCredits, debit } from "./credits";
import { mapLimit } from "./map-limit";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "./operation";
import { lessonContent, moduleQuiz } from "./provider";
import { insertGeneratedQuiz } from "./quiz-writer";
import type { Caller } from "../../auth/caller";

/**
 * POST /courses/enrich-draft: writes every empty TEXT lesson and gives each module that has
 * lessons but no QUIZ lesson a generated quiz (a QUIZ questionnaire and its QUIZ lesson at the
 * end of the module). Cost: lessons written x 20 + modules given a quiz x 15, debited in the
 * transaction that saves them. Nothing to do: 200 with zero counts and no debit.
 */
const PARALLEL_CALLS = 4;

export async function enrichDraft(
  db: Db,
  caller: Caller,
  courseId: string,
  deps: AiDeps,
): Promise<{ draft: TAiDraft; lessonsGenerated: number; questionnairesGenerated: number; creditsConsumed: number }> {
  const tree = await ownedCourseTree(db, caller, courseId);
  const lessonTargets = tree.modules.flatMap((m, mi) => m.lessons.flatMap((l, li) => (isEmptyText(l) ? [{ mi, li, lessonId: l.id }] : [])));
  const quizTargets = tree.modules.flatMap((m, mi) => (!hasQuiz(m) && m.lessons.length ? [{ mi, moduleId: m.id, next: Math.max(...m.lessons.map((l) => l.position)) + 1 }] : []));
  const cost = enrichDraftCost(lessonTargets.length, quizTargets.length);
  const operation = AI_OPERATIONS.enrich;
  await assertCredits(db, caller.scope, cost, operation);

  const ctx = toCourseContext(tree);
  const contents = await mapLimit(lessonTargets, PARALLEL_CALLS, (t) => lessonContent(deps.provider, ctx, t.mi, t.li));
  const quizzes = await mapLimit(quizTargets, PARALLEL_CALLS, (t) => moduleQuiz(deps.provider, ctx, t.mi));

  if (cost > 0) {
    await db.transaction(async (tx) => {
      await debit(tx, caller.scope, { amount: cost, operation, courseId, userId: caller.userId }, deps.now);
      await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
      for (const [i, t] of lessonTargets.entries()) {
        await tx
          .update(lessons)
          .set({ content: contents[i]!, updatedAt: deps.now })
          .where(caller.scope.where(lessons, eq(lessons.id, t.lessonId)));
      }
      for (const [i, t] of quizTargets.entries()) {
        await insertGeneratedQuiz(tx, caller.scope, { courseId, moduleId: t.moduleId, position: t.next, quiz: quizzes[i]!, now: deps.now });
      }
      await tx.update(courses).set({ updatedAt: deps.now }).where(caller.scope.where(courses, eq(courses.id, courseId)));
      await recordAiActivity(
        tx,
        caller,
        courseId,
        { operation, creditsConsumed: cost, lessonsGenerated: lessonTargets.length, questionnairesGenerated: quizTargets.length },
        deps.now,
      );
    });
  }
  return {
    draft: serializeDraft(await loadCourseTree(db, caller.scope, courseId)),
    lessonsGenerated: lessonTargets.length,
    questionnairesGenerated: quizTargets.length,
    creditsConsumed: cost,
  };
}
