import type { DbOrTx } from "../../db";
import { logActivity } from "../activity/log";
import { getOwnedCourse } from "../courses/access";
import { loadCourseTree, type CourseTree } from "./course-tree";
import type { AiProvider } from "./provider";
import type { Caller } from "../../auth/caller";

/** What every AI operation shares: its dependencies, the owned-course check and the activity record. */
export type AiDeps = { provider: AiProvider; now: Date };

/** 404 outside the tenant, 403 when the caller neither created the course nor is ADMIN. */
export async function ownedCourseTree(db: DbOrTx, caller: Caller, courseId: string): Promise<CourseTree> {
  await getOwnedCourse(db, caller, courseId);
  return loadCourseTree(db, caller.scope, courseId);
}

/** Activity `course.ai_generated`, with the operation and what it cost. */
export async function recordAiActivity(
  tx: DbOrTx,
  caller: Pick<Caller, "scope" | "userId">,
  courseId: string,
  metadata: { operation: string; creditsConsumed?: number } & Record<string, unknown>,
  now: Date,
): Promise<void> {
  await logActivity(tx, caller.scope, { userId: caller.userId, action: "course.ai_generated", courseId, metadata }, now);
}
