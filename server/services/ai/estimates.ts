import type { Db } from "../../db";
import { AI_COSTS, enrichDraftCost, lessonsCost, variantCost } from "./costs";
import { hasQuiz, isEmptyText, lessonCount } from "./course-tree";
import { getBalance } from "./credits";
import { ownedCourseTree } from "./operation";
import type { Caller } from "../../auth/caller";

/** What each AI operation would cost on this course now, with the balance (the UI shows both before running). */
export async function estimateCourseCosts(db: Db, caller: Caller, courseId: string) {
  const tree = await ownedCourseTree(db, caller, courseId);
  const lessons = tree.modules.flatMap((m) => m.lessons);
  const emptyText = lessons.filter(isEmptyText).length;
  const quizless = tree.modules.filter((m) => m.lessons.length && !hasQuiz(m)).length;
  return {
    balance: await getBalance(db, caller.scope),
    costs: {
      generateFaq: AI_COSTS.faq,
      generateSeo: AI_COSTS.seo,
      createVariant: variantCost(tree.modules.length, lessonCount(tree)),
      enrichDraft: enrichDraftCost(emptyText, quizless),
      generateAllContentOnlyEmpty: lessonsCost(emptyText),
      generateAllContentAll: lessonsCost(lessons.filter((l) => l.kind === "TEXT").length),
      regenerateFromBriefUpFront: AI_COSTS.regenerateUpFront,
      regenerateFromBriefPerLesson: AI_COSTS.perLesson,
    },
  };
}
