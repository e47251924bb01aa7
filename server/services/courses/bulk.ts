import { randomBytes } from "node:crypto";
import type { Db, DbOrTx } from "../../db";
import { courses, lessons, modules, questionnaires, questions, type Choice } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TCreateCourseBulkInput } from "../../contracts/courses";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { courseColumns } from "./fields";
import { transitionCourse } from "./lifecycle";
import { getCourseDetail } from "./detail";
import { withUniqueSlug } from "./slug";
import type { Caller } from "../../auth/caller";

const choiceId = () => `ch_${randomBytes(6).toString("hex")}`;

type BulkQuestionnaire = NonNullable<TCreateCourseBulkInput["questionnaires"]>[number];

/** Inserts questionnaires with their questions; returns their new ids in input order. */
async function insertQuestionnaires(tx: DbOrTx, scope: TenantScope, courseId: string, list: BulkQuestionnaire[], now: Date): Promise<string[]> {
  const ids = list.map(() => newId("qst"));
  if (!list.length) return ids;
  await tx.insert(questionnaires).values(
    scope.valuesMany(
      questionnaires,
      // questionnaires have no position: creation order (a millisecond apart) is their order
      list.map((q, i) => ({ id: ids[i]!, courseId, kind: q.kind, title: q.title, passMark: q.passMark ?? 50, createdAt: new Date(now.getTime() + i), updatedAt: now })),
    ),
  );
  const rows = list.flatMap((q, i) =>
    q.questions.map((question, position) => ({
      id: newId("qqn"),
      questionnaireId: ids[i]!,
      kind: question.kind,
      prompt: question.prompt,
      choices: (question.choices ?? []).map((c): Choice => ({ id: choiceId(), label: c.label, correct: c.correct })),
      expectedText: question.expectedText ?? null,
      explanation: question.explanation ?? null,
      points: question.points ?? 1,
      position,
    })),
  );
  if (rows.length) await tx.insert(questions).values(scope.valuesMany(questions, rows));
  return ids;
}

/**
 * Which questionnaire each QUIZ lesson opens: its `questionnaireIndex`, else the next QUIZ
 * questionnaire no lesson claimed, in order.
 */
function quizLinks(input: TCreateCourseBulkInput): Map<string, number> {
  const qs = input.questionnaires ?? [];
  const claimed = new Set(input.modules.flatMap((m) => m.lessons.map((l) => l.questionnaireIndex)).filter((i): i is number => i !== undefined));
  const free = qs.map((q, i) => (q.kind === "QUIZ" && !claimed.has(i) ? i : -1)).filter((i) => i >= 0);
  const links = new Map<string, number>();
  input.modules.forEach((m, mi) =>
    m.lessons.forEach((l, li) => {
      if (l.kind !== "QUIZ") return;
      const index = l.questionnaireIndex ?? free.shift();
      if (index !== undefined) links.set(`${mi}.${li}`, index);
    }),
  );
  return links;
}

/**
 * POST /courses/bulk: the course, its modules, lessons and questionnaires in ONE transaction.
 * With `publish`, the publication rules run on what was written; a 422 rolls everything back.
 * Answers the builder's detail view (new ids of modules, lessons and questionnaires).
 */
export async function createCourseBulk(db: Db, caller: Caller, input: TCreateCourseBulkInput, now: Date) {
  const { scope } = caller;
  const { modules: moduleInput, questionnaires: questionnaireInput = [], publish, ...fields } = input;
  const links = quizLinks(input);
  const courseId = await db.transaction(async (tx) => {
    const course = await withUniqueSlug(tx, scope, fields.title, async (sp, slug) => {
      const [row] = await sp
        .insert(courses)
        .values(scope.values(courses, { ...courseColumns(fields), id: newId("crs"), creatorId: caller.userId, title: fields.title, slug, status: "DRAFT", createdAt: now, updatedAt: now }))
        .returning();
      return row!;
    });
    const questionnaireIds = await insertQuestionnaires(tx, scope, course.id, questionnaireInput, now);
    const moduleIds = moduleInput.map(() => newId("mod"));
    if (moduleInput.length) {
      await tx.insert(modules).values(
        scope.valuesMany(
          modules,
          moduleInput.map((m, position) => ({ id: moduleIds[position]!, courseId: course.id, title: m.title, description: m.description ?? "", position, createdAt: now, updatedAt: now })),
        ),
      );
    }
    const lessonRows = moduleInput.flatMap((m, mi) =>
      m.lessons.map((l, position) => {
        const link = links.get(`${mi}.${position}`);
        return {
          id: newId("les"),
          courseId: course.id,
          moduleId: moduleIds[mi]!,
          title: l.title,
          kind: l.kind,
          content: l.content ?? "",
          durationMinutes: l.durationMinutes ?? null,
          questionnaireId: link === undefined ? null : questionnaireIds[link]!,
          position,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
    if (lessonRows.length) await tx.insert(lessons).values(scope.valuesMany(lessons, lessonRows));
    await logActivity(tx, scope, { userId: caller.userId, action: "course.created", courseId: course.id, metadata: { bulk: true, modules: moduleIds.length, lessons: lessonRows.length, questionnaires: questionnaireIds.length } }, now);
    if (publish) await transitionCourse(tx, caller, course, "PUBLISHED", now);
    return course.id;
  });
  return getCourseDetail(db, caller, courseId);
}
