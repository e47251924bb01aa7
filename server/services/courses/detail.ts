import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courseTrainers, lessons, modules, questionnaires, questions, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden } from "../../errors";
import { getCourse, type CourseRow } from "./access";
import { isCourseOwner } from "../platform/who-may";
import { serializeCourse } from "./serialize";
import { getVisibleCourse } from "./viewer";
import type { Caller, PublicCaller } from "../../auth/caller";

/** Modules with their lessons (by position), questionnaires, trainers and the creator of a course. */
async function loadStructure(db: DbOrTx, scope: TenantScope, course: CourseRow) {
  const [mods, less, qnrs, trainers, [creator]] = await Promise.all([
    db.select().from(modules).where(scope.where(modules, eq(modules.courseId, course.id))).orderBy(asc(modules.position), asc(modules.createdAt)),
    db.select().from(lessons).where(scope.where(lessons, eq(lessons.courseId, course.id))).orderBy(asc(lessons.position), asc(lessons.createdAt)),
    db
      .select({
        id: questionnaires.id,
        kind: questionnaires.kind,
        title: questionnaires.title,
        passMark: questionnaires.passMark,
        questionCount: sql<number>`(select count(*) from ${questions} where ${scope.where(questions, eq(questions.questionnaireId, questionnaires.id))})`.mapWith(Number),
      })
      .from(questionnaires)
      .where(scope.where(questionnaires, eq(questionnaires.courseId, course.id)))
      .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: courseTrainers.role })
      .from(courseTrainers)
      .innerJoin(users, eq(users.id, courseTrainers.userId))
      .where(scope.where(courseTrainers, eq(courseTrainers.courseId, course.id)))
      .orderBy(asc(courseTrainers.role), asc(users.lastName)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, course.creatorId)).limit(1),
  ]);
  const byModule = new Map<string, (typeof lessons.$inferSelect)[]>();
  for (const l of less) byModule.set(l.moduleId, [...(byModule.get(l.moduleId) ?? []), l]);
  return {
    modules: mods.map((m) => ({ module: m, lessons: byModule.get(m.id) ?? [] })),
    lessonCount: less.length,
    questionnaires: qnrs,
    trainers,
    creator: creator ?? { id: course.creatorId, firstName: "", lastName: "" },
  };
}

const outline = (l: typeof lessons.$inferSelect) => ({ id: l.id, title: l.title, kind: l.kind, position: l.position, durationMinutes: l.durationMinutes });

/**
 * A course as the builder may read it: the owner (creator or ADMIN) any status; another
 * CREATOR a PUBLISHED course, not someone else's draft or archive (403).
 */
export async function getReadableCourse(db: DbOrTx, caller: Caller, courseId: string): Promise<CourseRow> {
  const course = await getCourse(db, caller.scope, courseId);
  if (course.status !== "PUBLISHED" && !isCourseOwner(course, caller)) throw forbidden("Forbidden: you do not own this course", "COURSE_NOT_OWNED");
  return course;
}

/** GET /courses/by-id/{id}: the builder's view (lessons with content, questionnaires, trainers). */
export async function getCourseDetail(db: DbOrTx, caller: Caller, courseId: string) {
  const course = await getReadableCourse(db, caller, courseId);
  const s = await loadStructure(db, caller.scope, course);
  return {
    ...serializeCourse(course),
    creator: s.creator,
    moduleCount: s.modules.length,
    lessonCount: s.lessonCount,
    modules: s.modules.map(({ module: m, lessons: ls }) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      position: m.position,
      lessonCount: ls.length,
      lessons: ls.map((l) => ({ ...outline(l), content: l.content, mediaId: l.mediaId, mediaUrl: l.mediaUrl, questionnaireId: l.questionnaireId })),
    })),
    questionnaires: s.questionnaires,
    trainers: s.trainers,
  };
}

/** GET /courses/{slug}: the course page (outline only, no lesson content). */
export async function getPublicCourse(db: DbOrTx, viewer: PublicCaller, slugOrId: string) {
  const course = await getVisibleCourse(db, viewer, slugOrId);
  const s = await loadStructure(db, viewer.scope, course);
  const { viewCount: _v, sourceCourseId: _s, ...base } = serializeCourse(course);
  return {
    ...base,
    creator: s.creator,
    moduleCount: s.modules.length,
    lessonCount: s.lessonCount,
    modules: s.modules.map(({ module: m, lessons: ls }) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      position: m.position,
      lessonCount: ls.length,
      lessons: ls.map(outline),
    })),
    trainers: s.trainers,
  };
}
