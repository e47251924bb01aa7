import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { courses } from "../../db/schema";
import type { TCreateCourseInput, TUpdateCourseInput } from "../../contracts/courses";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { getOwnedCourse, type CourseRow } from "./access";
import { courseColumns } from "./fields";
import { transitionCourse } from "./lifecycle";
import { assertPublishable } from "./qualiopi";
import { serializeCourse } from "./serialize";
import { withUniqueSlug } from "./slug";
import { getVisibleCourse } from "./viewer";
import type { Caller, PublicCaller } from "../../auth/caller";

/** POST /courses: a DRAFT with a slug made unique in the tenant; activity course.created. */
export async function createCourse(db: Db, caller: Caller, input: TCreateCourseInput, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const course = await withUniqueSlug(tx, scope, input.title, async (sp, slug) => {
      const [row] = await sp
        .insert(courses)
        .values(scope.values(courses, { ...courseColumns(input), id: newId("crs"), creatorId: caller.userId, title: input.title, slug, status: "DRAFT", createdAt: now, updatedAt: now }))
        .returning();
      return row!;
    });
    await logActivity(tx, scope, { userId: caller.userId, action: "course.created", courseId: course.id }, now);
    return serializeCourse(course);
  });
}

/**
 * PATCH /courses/{id}: owner only; the slug never changes. Fields are applied first, then the
 * status (see transitionCourse). A PUBLISHED course that stays PUBLISHED must still meet the
 * publication rules after the change (422 otherwise).
 */
export async function updateCourse(db: Db, caller: Caller, courseId: string, input: TUpdateCourseInput, now: Date) {
  const { scope } = caller;
  const { status, ...fields } = input;
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true, orSlug: true });
    const changes = courseColumns(fields);
    // seoMetadata merges key by key: editing the meta title keeps the FAQ saved by generate-faq
    if (changes.seoMetadata) changes.seoMetadata = { ...course.seoMetadata, ...changes.seoMetadata };
    const changed = Object.keys(changes);
    let current: CourseRow = course;
    if (changed.length) {
      const target = status ?? course.status;
      if (course.status === "PUBLISHED" && target === "PUBLISHED") await assertPublishable(tx, scope, { ...course, ...changes } as CourseRow, now);
      const [row] = await tx
        .update(courses)
        .set({ ...changes, updatedAt: now })
        .where(scope.where(courses, eq(courses.id, course.id)))
        .returning();
      current = row!;
      await logActivity(tx, scope, { userId: caller.userId, action: "course.updated", courseId: course.id, metadata: { fields: changed } }, now);
    }
    if (status) current = await transitionCourse(tx, caller, current, status, now);
    return serializeCourse(current);
  });
}

/** POST /courses/{slug}/view: counts a view of a course the caller may see; activity course.viewed. */
export async function recordCourseView(db: Db, viewer: PublicCaller & { userId: string }, slugOrId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await getVisibleCourse(tx, viewer, slugOrId);
    await tx
      .update(courses)
      .set({ viewCount: sql`${courses.viewCount} + 1` })
      .where(viewer.scope.where(courses, eq(courses.id, course.id)));
    await logActivity(tx, viewer.scope, { userId: viewer.userId, action: "course.viewed", courseId: course.id }, now);
  });
}
