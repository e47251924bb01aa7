import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { courses } from "../../db/schema";
import type { TFaqItem, TSeoFields } from "../../contracts/ai";
import { getOwnedCourse } from "../courses/access";
import { AI_COSTS, AI_OPERATIONS } from "./costs";
import { toCourseContext } from "./course-tree";
import { assertCredits, debit } from "./credits";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "./operation";
import { faq, seo } from "./provider";
import type { Caller } from "../../auth/caller";

/**
 * POST /courses/{id}/generate-faq and /generate-seo. The order is: course (404/403), credits
 * (402, nothing done), provider, then ONE transaction that debits (checked again under the
 * tenant lock), saves into `seoMetadata` (other keys kept) and records the activity.
 */
export async function generateCourseFaq(db: Db, caller: Caller, courseId: string, deps: AiDeps): Promise<TFaqItem[]> {
  const tree = await ownedCourseTree(db, caller, courseId);
  const cost = AI_COSTS.faq;
  const operation = AI_OPERATIONS.faq;
  await assertCredits(db, caller.scope, cost, operation);
  const items = await faq(deps.provider, toCourseContext(tree));
  await db.transaction(async (tx) => {
    await debit(tx, caller.scope, { amount: cost, operation, courseId, userId: caller.userId }, deps.now);
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
    await tx
      .update(courses)
      .set({ seoMetadata: { ...course.seoMetadata, faq: items }, updatedAt: deps.now })
      .where(caller.scope.where(courses, eq(courses.id, courseId)));
    await recordAiActivity(tx, caller, courseId, { operation, creditsConsumed: cost, faqItems: items.length }, deps.now);
  });
  return items;
}

/** The suggested slug is returned only: a course's slug is immutable, so it is not stored. */
export async function generateCourseSeo(db: Db, caller: Caller, courseId: string, deps: AiDeps): Promise<TSeoFields> {
  const tree = await ownedCourseTree(db, caller, courseId);
  const cost = AI_COSTS.seo;
  const operation = AI_OPERATIONS.seo;
  await assertCredits(db, caller.scope, cost, operation);
  const fields = await seo(deps.provider, toCourseContext(tree));
  await db.transaction(async (tx) => {
    await debit(tx, caller.scope, { amount: cost, operation, courseId, userId: caller.userId }, deps.now);
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
    const seoMetadata = { ...course.seoMetadata, metaTitle: fields.metaTitle, metaDescription: fields.metaDescription, keywords: fields.keywords };
    await tx.update(courses).set({ seoMetadata, updatedAt: deps.now }).where(caller.scope.where(courses, eq(courses.id, courseId)));
    await recordAiActivity(tx, caller, courseId, { operation, creditsConsumed: cost }, deps.now);
  });
  return fields;
}
