import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { courses, lessons, modules } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { badRequest, DomainError } from "../../errors";
import { clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { withUniqueSlug } from "../courses/slug";
import { AI_COSTS, AI_OPERATIONS } from "./costs";
import { isEmptyText, loadCourseTree, toCourseContext, type CourseTree } from "./course-tree";
import { assertCredits, debit, getBalance } from "./credits";
import { enqueueAiJob } from "./ai-queue";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "./operation";
import { draftFromBrief, lessonContent, type AiProvider } from "./provider";
import type { DraftResult } from "./results";
import { insertGeneratedQuiz } from "./quiz-writer";
import type { Caller } from "../../auth/caller";

/**
 * POST /courses/{courseId}/regenerate-from-brief (202). The brief (at least 30 characters, else
 * 400) and the course give a new DRAFT course (`draftId`, `sourceCourseId` = the course): its
 * structure (modules, lesson titles, objectives, a final quiz) is made at once for 50 credits;
 * then a job writes the lessons one by one, debiting 20 credits as each is saved. When the
 * balance runs out the job stops: the lessons left are empty (enrich-draft or
 * generate-all-content can finish them) and the activity log records
 * `status: STOPPED_INSUFFICIENT_CREDITS` with the counts. The course itself is not changed.
 */
export const BRIEF_MIN_LENGTH = 30;

export async function regenerateFromBrief(
  db: Db,
  caller: Caller,
  input: { courseId: string; context?: string },
  deps: AiDeps,
): Promise<{ courseId: string; draftId: string; status: "QUEUED"; jobId: string }> {
  const brief = (input.context ?? "").trim();
  if (brief.length < BRIEF_MIN_LENGTH) {
    const why = `Context missing or too short: the brief needs at least ${BRIEF_MIN_LENGTH} characters`;
    throw badRequest(why, { context: [why] }, "BRIEF_TOO_SHORT");
  }
  const source = await ownedCourseTree(db, caller, input.courseId);
  const operation = AI_OPERATIONS.regenerate;
  await assertCredits(db, caller.scope, AI_COSTS.regenerateUpFront, operation);
  const draft = await draftFromBrief(deps.provider, brief, toCourseContext(source));

  const { draftId, jobId } = await db.transaction(async (tx) => {
    const id = newId("crs");
    await debit(tx, caller.scope, { amount: AI_COSTS.regenerateUpFront, operation, courseId: id, userId: caller.userId }, deps.now);
    await createDraft(tx, caller, source, draft, id, deps.now);
    const toWrite = draft.modules.reduce((n, m) => n + m.lessons.length, 0);
    await recordAiActivity(
      tx,
      caller,
      id,
      { operation, creditsConsumed: AI_COSTS.regenerateUpFront, status: "QUEUED", sourceCourseId: source.course.id, lessonsToWrite: toWrite },
      deps.now,
    );
    // The lessons are written by the job worker; queued in this transaction, so a debit always has its job.
    const job = await enqueueAiJob(tx, { kind: "regenerate", tenantId: caller.tenant.id, draftId: id, brief, userId: caller.userId });
    return { draftId: id, jobId: job };
  });
  return { courseId: source.course.id, draftId, status: "QUEUED", jobId };
}

async function createDraft(tx: Tx, caller: Caller, source: CourseTree, draft: DraftResult, id: string, now: Date): Promise<void> {
  const { scope } = caller;
  const s = source.course;
  await withUniqueSlug(tx, scope, draft.title, async (sp, slug) => {
    await sp.insert(courses).values(
      scope.values(courses, {
        id,
        creatorId: caller.userId,
        title: draft.title.slice(0, 200),
        slug,
        description: draft.description,
        price: s.price,
        currency: s.currency,
        status: "DRAFT" as const,
        duration: s.duration,
        level: s.level,
        language: s.language,
        tags: s.tags,
        format: s.format,
        seoMetadata: {},
        pedagogicalObjectives: draft.pedagogicalObjectives || s.pedagogicalObjectives,
        prerequisites: s.prerequisites,
        targetAudience: s.targetAudience,
        teachingMethods: s.teachingMethods,
        evaluationMethods: s.evaluationMethods,
        accessibilityInfo: s.accessibilityInfo,
        disabilityReferentContact: s.disabilityReferentContact,
        activityNumber: s.activityNumber,
        certificationNumber: s.certificationNumber,
        certificationValidUntil: s.certificationValidUntil,
        sourceCourseId: s.id,
        createdAt: now,
        updatedAt: now,
      }),
    );
  });
  let lastModuleId = "";
  for (const [mi, m] of draft.modules.entries()) {
    const moduleId = newId("mod");
    lastModuleId = moduleId;
    await tx.insert(modules).values(scope.values(modules, { id: moduleId, courseId: id, title: m.title.slice(0, 200), description: m.description, position: mi, createdAt: now, updatedAt: now }));
    await tx.insert(lessons).values(
      scope.valuesMany(
        lessons,
        m.lessons.map((l, li) => ({ id: newId("les"), courseId: id, moduleId, title: l.title.slice(0, 200), kind: "TEXT" as const, content: "", position: li, createdAt: now, updatedAt: now })),
      ),
    );
  }
  const lastCount = draft.modules.at(-1)?.lessons.length ?? 0;
  await insertGeneratedQuiz(tx, scope, { courseId: id, moduleId: lastModuleId, position: lastCount, quiz: draft.questionnaire, now });
}

class StopJob extends Error {}

export type WriteDraftJob = { draftId: string; brief: string; userId: string };

export async function writeDraftLessons(db: Db, scope: TenantScope, job: WriteDraftJob & { provider: AiProvider }): Promise<void> {
  const operation = AI_OPERATIONS.regenerate;
  const perLesson = AI_COSTS.perLesson;
  const tree = await loadCourseTree(db, scope, job.draftId);
  const ctx = toCourseContext(tree);
  const targets = tree.modules.flatMap((m, mi) => m.lessons.flatMap((l, li) => (isEmptyText(l) ? [{ mi, li, id: l.id }] : [])));
  let written = 0;
  let failed = 0;
  let stopped = false;
  for (const t of targets) {
    if ((await getBalance(db, scope)) < perLesson) {
      stopped = true;
      break;
    }
    let markdown: string;
    try {
      markdown = await lessonContent(job.provider, ctx, t.mi, t.li, job.brief);
    } catch (error) {
      log.warn("ai.regenerate.lesson_failed", { draftId: job.draftId, lessonId: t.id, error: String(error) });
      failed++;
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await debit(tx, scope, { amount: perLesson, operation: AI_OPERATIONS.regenerateLesson, courseId: job.draftId, userId: job.userId }, clock.now());
        const saved = await tx
          .update(lessons)
          .set({ content: markdown, updatedAt: clock.now() })
          .where(scope.where(lessons, eq(lessons.id, t.id)))
          .returning({ id: lessons.id });
        if (!saved.length) throw new StopJob("lesson deleted");
      });
      written++;
    } catch (error) {
      if (error instanceof DomainError && error.code === "PAYMENT_REQUIRED") {
        stopped = true;
        break;
      }
      if (!(error instanceof StopJob)) throw error;
      failed++;
    }
  }
  const status = stopped ? "STOPPED_INSUFFICIENT_CREDITS" : failed ? "COMPLETED_WITH_ERRORS" : "COMPLETED";
  await recordAiActivity(
    db,
    { scope, userId: job.userId },
    job.draftId,
    { operation, status, lessonsGenerated: written, lessonsFailed: failed, lessonsRemaining: targets.length - written, creditsConsumed: written * perLesson },
    clock.now(),
  );
}
