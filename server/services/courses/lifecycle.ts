import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import { DomainError } from "../../errors";
import { logActivity } from "../activity/log";
import { emitEvent } from "../platform/events";
import { getOwnedCourse, type CourseRow } from "./access";
import { assertPublishable } from "./qualiopi";
import { serializeCourse } from "./serialize";
import type { Caller } from "../../auth/caller";

type Status = CourseRow["status"];

/**
 * The Course state table, applied to a locked row inside the caller's transaction:
 * DRAFT -> PUBLISHED (publication rules, 422; event course.published); any -> ARCHIVED
 * (event course.archived); PUBLISHED -> DRAFT (unpublish) and ARCHIVED -> DRAFT (restore);
 * ARCHIVED -> PUBLISHED is refused (409). Moving to the current status changes nothing.
 */
export async function transitionCourse(tx: DbOrTx, caller: Caller, course: CourseRow, target: Status, now: Date): Promise<CourseRow> {
  const { scope } = caller;
  if (target === course.status) return course;
  if (target === "PUBLISHED" && course.status === "ARCHIVED") {
    throw new DomainError("INVALID_STATE", "An archived course cannot be published: restore it as a DRAFT first", { reason: "COURSE_ARCHIVED" });
  }
  if (target === "PUBLISHED") await assertPublishable(tx, scope, course, now);
  const changes =
    target === "PUBLISHED"
      ? { status: target, publishedAt: now, archivedAt: null }
      : target === "ARCHIVED"
        ? { status: target, archivedAt: now }
        : { status: target, archivedAt: null };
  const [row] = await tx
    .update(courses)
    .set({ ...changes, updatedAt: now })
    .where(scope.where(courses, eq(courses.id, course.id)))
    .returning();
  const updated = row!;
  const data = { courseId: updated.id, title: updated.title, slug: updated.slug, creatorId: updated.creatorId, previousStatus: course.status };
  if (target === "PUBLISHED") {
    await emitEvent(tx, scope, "course.published", { ...data, publishedAt: now.toISOString() });
    await logActivity(tx, scope, { userId: caller.userId, action: "course.published", courseId: updated.id }, now);
  } else if (target === "ARCHIVED") {
    await emitEvent(tx, scope, "course.archived", { ...data, archivedAt: now.toISOString() });
    await logActivity(tx, scope, { userId: caller.userId, action: "course.archived", courseId: updated.id }, now);
  } else {
    await logActivity(tx, scope, { userId: caller.userId, action: "course.updated", courseId: updated.id, metadata: { status: { from: course.status, to: target } } }, now);
  }
  return updated;
}

/** POST /courses/{id}/publish. Publishing a PUBLISHED course is idempotent (no second event). */
export async function publishCourse(db: Db, caller: Caller, courseId: string, now: Date) {
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
    return serializeCourse(await transitionCourse(tx, caller, course, "PUBLISHED", now));
  });
}

/** DELETE /courses/{id}: soft archive; archiving an archived course changes nothing. */
export async function archiveCourse(db: Db, caller: Caller, courseId: string, now: Date) {
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true, orSlug: true });
    return serializeCourse(await transitionCourse(tx, caller, course, "ARCHIVED", now));
  });
}
