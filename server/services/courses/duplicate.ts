import { asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses, lessons, modules, questionnaires, questions } from "../../db/schema";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import type { CourseRow } from "./access";
import { getReadableCourse } from "./detail";
import { serializeCourse } from "./serialize";
import { withUniqueSlug } from "./slug";
import type { Caller } from "../../auth/caller";

/** "Copie de …" for French courses (the default), "Copy of …" otherwise; at most 200 characters. */
function copyTitle(title: string, language: string): string {
  const prefix = language.toLowerCase().startsWith("fr") ? "Copie de " : "Copy of ";
  return `${prefix}${title}`.slice(0, 200);
}

type CourseOverrides = Partial<Omit<typeof courses.$inferInsert, "id" | "tenantId" | "slug" | "status" | "creatorId" | "sourceCourseId">>;

/**
 * Copies a course inside the caller's transaction: a DRAFT owned by the caller, with a new
 * unique slug and `sourceCourseId` set; modules, lessons and questionnaires (with their
 * questions) are copied. Lessons lose their media (mediaId, mediaUrl, packageId) and live
 * session links; trainers, enrollments and view counts are not copied. Also the base of AI
 * variants (pass the adapted fields in `overrides`).
 */
export async function copyCourse(tx: DbOrTx, caller: Caller, source: CourseRow, overrides: CourseOverrides, now: Date): Promise<CourseRow> {
  const { scope } = caller;
  const { id: _id, tenantId: _t, slug: _s, viewCount: _v, publishedAt: _p, archivedAt: _a, createdAt: _c, updatedAt: _u, ...fields } = source;
  const title = overrides.title ?? copyTitle(source.title, source.language);
  const copy = await withUniqueSlug(tx, scope, title, async (sp, slug) => {
    const [row] = await sp
      .insert(courses)
      .values(
        scope.values(courses, {
          ...fields,
          ...overrides,
          id: newId("crs"),
          title,
          slug,
          status: "DRAFT",
          creatorId: caller.userId,
          sourceCourseId: source.id,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    return row!;
  });

  const qnrs = await tx
    .select()
    .from(questionnaires)
    .where(scope.where(questionnaires, eq(questionnaires.courseId, source.id)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
  const qnrIds = new Map(qnrs.map((q) => [q.id, newId("qst")]));
  if (qnrs.length) {
    await tx.insert(questionnaires).values(
      scope.valuesMany(
        questionnaires,
        qnrs.map((q, i) => ({ id: qnrIds.get(q.id)!, courseId: copy.id, kind: q.kind, title: q.title, passMark: q.passMark, createdAt: new Date(now.getTime() + i), updatedAt: now })),
      ),
    );
    const qs = await tx
      .select()
      .from(questions)
      .where(scope.where(questions, inArray(questions.questionnaireId, [...qnrIds.keys()])))
      .orderBy(asc(questions.position));
    if (qs.length) {
      await tx.insert(questions).values(
        scope.valuesMany(
          questions,
          qs.map(({ id: _qid, tenantId: _qt, questionnaireId, ...q }) => ({ ...q, id: newId("qqn"), questionnaireId: qnrIds.get(questionnaireId)! })),
        ),
      );
    }
  }

  const mods = await tx.select().from(modules).where(scope.where(modules, eq(modules.courseId, source.id)));
  const modIds = new Map(mods.map((m) => [m.id, newId("mod")]));
  if (mods.length) {
    await tx.insert(modules).values(
      scope.valuesMany(
        modules,
        mods.map((m) => ({ id: modIds.get(m.id)!, courseId: copy.id, title: m.title, description: m.description, position: m.position, createdAt: now, updatedAt: now })),
      ),
    );
  }
  const less = await tx.select().from(lessons).where(scope.where(lessons, eq(lessons.courseId, source.id)));
  if (less.length) {
    await tx.insert(lessons).values(
      scope.valuesMany(
        lessons,
        less.map((l) => ({
          id: newId("les"),
          courseId: copy.id,
          moduleId: modIds.get(l.moduleId)!,
          title: l.title,
          kind: l.kind,
          content: l.content,
          mediaId: null,
          mediaUrl: null,
          packageId: null,
          questionnaireId: l.questionnaireId ? (qnrIds.get(l.questionnaireId) ?? null) : null,
          liveSessionId: null,
          durationMinutes: l.durationMinutes,
          position: l.position,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
  }
  return copy;
}

/**
 * POST /courses/{id}/duplicate (CREATOR or ADMIN): any course of the tenant the caller may
 * read in the builder (their own, any for ADMIN, or a PUBLISHED one); activity course.duplicated.
 */
export async function duplicateCourse(db: Db, caller: Caller, courseId: string, now: Date) {
  return db.transaction(async (tx) => {
    const source = await getReadableCourse(tx, caller, courseId);
    const copy = await copyCourse(tx, caller, source, {}, now);
    await logActivity(tx, caller.scope, { userId: caller.userId, action: "course.duplicated", courseId: copy.id, metadata: { sourceCourseId: source.id } }, now);
    return serializeCourse(copy);
  });
}
