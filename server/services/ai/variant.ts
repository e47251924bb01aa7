import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { lessons, modules } from "../../db/schema";
import type { TAiDraft, TAudience } from "../../contracts/ai";
import { unprocessable } from "../../errors";
import { getOwnedCourse } from "../courses/access";
import { copyCourse } from "../courses/duplicate";
import { AI_OPERATIONS, variantCost } from "./costs";
import { lessonCount, loadCourseTree, serializeDraft, toCourseContext, type CourseTree } from "./course-tree";
import { assertCredits, debit } from "./credits";
import { phrasesFor } from "./local-texts";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "./operation";
import { variant } from "./provider";
import type { VariantResult } from "./results";
import { clause } from "./text";
import type { Caller } from "../../auth/caller";

/**
 * POST /courses/{id}/create-variant: a DRAFT copy of the course (duplicate's rules: modules,
 * lessons and questionnaires copied, lesson media and live-session links dropped, trainers not
 * copied) whose texts the provider adapted to the target audience; `level` is the audience,
 * the title gets the level as suffix, `seoMetadata` starts empty (FAQ and SEO describe the
 * source), `sourceCourseId` is the source. Questions are copied as they are.
 */
function variantTitle(title: string, audience: TAudience, language: string): string {
  const suffix = ` (${clause(phrasesFor(language).levels[audience])})`;
  const base = title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
  return `${base.slice(0, 200 - suffix.length).trimEnd()}${suffix}`;
}

const key = (...parts: (string | number)[]) => parts.join("\u0000");

/** Applies the adapted texts to the copy, matching each copied row to its source row. */
async function applyTexts(tx: DbOrTx, caller: Caller, source: CourseTree, copy: CourseTree, texts: VariantResult, now: Date): Promise<void> {
  const copiedModules = new Map<string, CourseTree["modules"]>();
  for (const m of copy.modules) copiedModules.set(key(m.position, m.title, m.description), [...(copiedModules.get(key(m.position, m.title, m.description)) ?? []), m]);
  for (const [i, sm] of source.modules.entries()) {
    const cm = copiedModules.get(key(sm.position, sm.title, sm.description))?.shift();
    const adapted = texts.modules[i];
    if (!cm || !adapted) continue;
    if (adapted.title !== cm.title || adapted.description !== cm.description) {
      await tx
        .update(modules)
        .set({ title: adapted.title.slice(0, 200), description: adapted.description, updatedAt: now })
        .where(caller.scope.where(modules, eq(modules.id, cm.id)));
    }
    const copiedLessons = [...cm.lessons];
    for (const [j, sl] of sm.lessons.entries()) {
      const at = copiedLessons.findIndex((l) => l.position === sl.position && l.title === sl.title && l.kind === sl.kind && l.content === sl.content);
      const al = adapted.lessons[j];
      if (at < 0 || !al) continue;
      const [cl] = copiedLessons.splice(at, 1);
      if (al.title === cl!.title && al.content === cl!.content) continue;
      await tx
        .update(lessons)
        .set({ title: al.title.slice(0, 200), content: al.content, updatedAt: now })
        .where(caller.scope.where(lessons, eq(lessons.id, cl!.id)));
    }
  }
}

export async function createCourseVariant(
  db: Db,
  caller: Caller,
  input: { id: string; targetAudience: TAudience; instructions?: string },
  deps: AiDeps,
): Promise<TAiDraft> {
  const source = await ownedCourseTree(db, caller, input.id);
  if (source.course.status === "ARCHIVED") throw unprocessable("An ARCHIVED course cannot be adapted into a variant", undefined, "COURSE_ARCHIVED");
  const cost = variantCost(source.modules.length, lessonCount(source));
  const operation = AI_OPERATIONS.variant;
  await assertCredits(db, caller.scope, cost, operation);
  const texts = await variant(deps.provider, toCourseContext(source), input.targetAudience, input.instructions);

  const copyId = await db.transaction(async (tx) => {
    await debit(tx, caller.scope, { amount: cost, operation, courseId: input.id, userId: caller.userId }, deps.now);
    const course = await getOwnedCourse(tx, caller, input.id);
    const copy = await copyCourse(
      tx,
      caller,
      course,
      {
        title: variantTitle(texts.title, input.targetAudience, course.language),
        description: texts.description,
        level: input.targetAudience,
        targetAudience: texts.targetAudience || null,
        prerequisites: texts.prerequisites || null,
        pedagogicalObjectives: texts.pedagogicalObjectives || null,
        seoMetadata: {},
      },
      deps.now,
    );
    await applyTexts(tx, caller, source, await loadCourseTree(tx, caller.scope, copy.id), texts, deps.now);
    await recordAiActivity(
      tx,
      caller,
      copy.id,
      { operation, creditsConsumed: cost, sourceCourseId: input.id, targetAudience: input.targetAudience },
      deps.now,
    );
    return copy.id;
  });
  return serializeDraft(await loadCourseTree(db, caller.scope, copyId));
}
