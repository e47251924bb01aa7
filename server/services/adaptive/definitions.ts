import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TAdaptivePath, TCreateAdaptivePath, TUpdateAdaptivePathInput } from "../../contracts/adaptive-paths";
import type { Db, DbOrTx } from "../../db";
import { adaptivePaths, courses, learnerAdaptivePaths, lessons, questionnaires, type AdaptiveChainModule, type AdaptiveExtraLesson, type AdaptiveRule } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { badRequest, notFound, type FieldErrors } from "../../errors";
import { newId } from "../../lib/ids";
import { assertCourseOwner } from "../courses/access";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";

/**
 * AdaptivePath definitions, both variants in one table (`variant`):
 * - SCORE_RULES: a base course, rules (skip a lesson when the positioning score is above
 *   skipIfScoreAbove) and extra lessons (add a lesson when the score is at or below triggerScore);
 * - MODULE_CHAIN: an ordered chain of courses for a target audience, with an optional
 *   prerequisite assessment (a questionnaire).
 * Every course and lesson named must be the tenant's, and each lesson a lesson of the base course:
 * otherwise 400 with the field named (`errors.baseCourseId`, `errors["rules.0.lessonId"]`).
 * Writes: ADMIN, or a CREATOR who owns every course the definition concerns (403 COURSE_NOT_OWNED).
 * DELETE removes the definition only: the individual paths generated from it stay.
 */
export type AdaptivePathRow = typeof adaptivePaths.$inferSelect;

type Definition = {
  variant: AdaptivePathRow["variant"];
  name: string;
  description: string | null;
  baseCourseId: string | null;
  rules: AdaptiveRule[];
  extraLessons: AdaptiveExtraLesson[];
  targetAudience: string | null;
  modules: AdaptiveChainModule[];
  prerequisiteAssessmentId: string | null;
};

const iso = (d: Date) => d.toISOString();

function serializeAdaptivePath(row: AdaptivePathRow, learnerPathsCount = 0): TAdaptivePath {
  const base = {
    id: row.id,
    name: row.name,
    description: row.description,
    courseIds: row.courseIds,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  if (row.variant === "SCORE_RULES") {
    return { ...base, variant: "SCORE_RULES", baseCourseId: row.baseCourseId!, rules: row.rules, extraLessons: row.extraLessons, learnerPathsCount };
  }
  return {
    ...base,
    variant: "MODULE_CHAIN",
    targetAudience: row.targetAudience as "BEGINNER",
    modules: [...row.modules].sort((a, b) => a.order - b.order),
    prerequisiteAssessmentId: row.prerequisiteAssessmentId,
  };
}

/** The courses a definition concerns (the GET ?courseId= filter). */
const courseIdsOf = (d: Definition): string[] => (d.variant === "SCORE_RULES" ? [d.baseCourseId!] : [...new Set(d.modules.map((m) => m.courseId))]);

/**
 * 400 when a course or lesson is not the tenant's or a lesson is outside the base course (each
 * field named); then 403 when a CREATOR does not own one of the courses.
 */
async function checkDefinition(db: DbOrTx, caller: Caller, d: Definition): Promise<void> {
  const scope = caller.scope;
  const errors: FieldErrors = {};
  const ids = courseIdsOf(d);
  const found = ids.length
    ? await db.select({ id: courses.id, creatorId: courses.creatorId }).from(courses).where(scope.where(courses, inArray(courses.id, ids)))
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  if (d.variant === "SCORE_RULES") {
    if (!byId.has(d.baseCourseId!)) errors.baseCourseId = ["Course not found"];
    else {
      const lessonIds = [...new Set([...d.rules, ...d.extraLessons].map((r) => r.lessonId))];
      const own = lessonIds.length
        ? new Set(
            (await db.select({ id: lessons.id }).from(lessons).where(scope.where(lessons, eq(lessons.courseId, d.baseCourseId!), inArray(lessons.id, lessonIds)))).map(
              (l) => l.id,
            ),
          )
        : new Set<string>();
      d.rules.forEach((r, i) => {
        if (!own.has(r.lessonId)) errors[`rules.${i}.lessonId`] = ["Lesson not found in the base course"];
      });
      d.extraLessons.forEach((r, i) => {
        if (!own.has(r.lessonId)) errors[`extraLessons.${i}.lessonId`] = ["Lesson not found in the base course"];
      });
      const seen = new Set<string>();
      d.rules.forEach((r, i) => {
        if (seen.has(r.lessonId)) errors[`rules.${i}.lessonId`] = ["Lesson listed twice in the rules"];
        seen.add(r.lessonId);
      });
      seen.clear();
      d.extraLessons.forEach((r, i) => {
        if (seen.has(r.lessonId)) errors[`extraLessons.${i}.lessonId`] = ["Lesson listed twice in the extra lessons"];
        seen.add(r.lessonId);
      });
    }
  } else {
    const seen = new Set<string>();
    d.modules.forEach((m, i) => {
      if (!byId.has(m.courseId)) errors[`modules.${i}.courseId`] = ["Course not found"];
      else if (seen.has(m.courseId)) errors[`modules.${i}.courseId`] = ["Course listed twice in the chain"];
      seen.add(m.courseId);
    });
    if (d.prerequisiteAssessmentId) {
      const [q] = await db
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(scope.where(questionnaires, eq(questionnaires.id, d.prerequisiteAssessmentId)))
        .limit(1);
      if (!q) errors.prerequisiteAssessmentId = ["Questionnaire not found"];
    }
  }
  if (Object.keys(errors).length) throw badRequest("Validation failed", errors);
  for (const c of found) assertCourseOwner(c, caller);
}

export async function loadAdaptivePath(db: DbOrTx, scope: TenantScope, id: string, opts: { forUpdate?: boolean } = {}): Promise<AdaptivePathRow> {
  const q = db.select().from(adaptivePaths).where(scope.where(adaptivePaths, eq(adaptivePaths.id, id))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Adaptive path");
  return row;
}

const learnerPathsCount = (scope: TenantScope) =>
  sql<number>`(select count(*) from ${learnerAdaptivePaths} where ${scope.where(learnerAdaptivePaths, eq(learnerAdaptivePaths.adaptivePathId, adaptivePaths.id))})`.mapWith(Number);

export async function createAdaptivePath(db: Db, caller: Caller, input: TCreateAdaptivePath, now: Date): Promise<{ id: string }> {
  const d: Definition =
    input.variant === "SCORE_RULES"
      ? { variant: "SCORE_RULES", name: input.name, description: input.description ?? null, baseCourseId: input.baseCourseId, rules: input.rules, extraLessons: input.extraLessons, targetAudience: null, modules: [], prerequisiteAssessmentId: null }
      : {
          variant: "MODULE_CHAIN",
          name: input.name,
          description: input.description ?? null,
          baseCourseId: null,
          rules: [],
          extraLessons: [],
          targetAudience: input.targetAudience,
          modules: input.modules,
          prerequisiteAssessmentId: input.prerequisiteAssessmentId ?? null,
        };
  await checkDefinition(db, caller, d);
  return db.transaction(async (tx) => {
    const id = newId("apt");
    await tx.insert(adaptivePaths).values(caller.scope.values(adaptivePaths, { id, ...d, courseIds: courseIdsOf(d), createdBy: caller.userId, createdAt: now, updatedAt: now }));
    await writeAudit(tx, caller, { action: "adaptivePath.created", targetType: "adaptive_path", targetId: id, metadata: { variant: d.variant, courseIds: courseIdsOf(d) } });
    return { id };
  });
}

export async function listAdaptivePaths(db: Db, caller: Caller, q: { page: number; perPage: number; courseId?: string }) {
  const where = caller.scope.where(adaptivePaths, q.courseId ? sql`${adaptivePaths.courseIds} @> array[${q.courseId}]::text[]` : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) =>
      db
        .select({ row: adaptivePaths, learnerPaths: learnerPathsCount(caller.scope) })
        .from(adaptivePaths)
        .where(where)
        .orderBy(desc(adaptivePaths.createdAt), desc(adaptivePaths.id))
        .limit(limit)
        .offset(offset),
    total: () => countOf(db.select({ n: count() }).from(adaptivePaths).where(where)),
    map: (rows) => rows.map((r) => serializeAdaptivePath(r.row, r.learnerPaths)),
  });
}

export async function getAdaptivePath(db: Db, caller: Caller, id: string): Promise<TAdaptivePath> {
  const [row] = await db
    .select({ row: adaptivePaths, learnerPaths: learnerPathsCount(caller.scope) })
    .from(adaptivePaths)
    .where(caller.scope.where(adaptivePaths, eq(adaptivePaths.id, id)))
    .limit(1);
  if (!row) throw notFound("Adaptive path");
  return serializeAdaptivePath(row.row, row.learnerPaths);
}

const SCORE_FIELDS = ["baseCourseId", "rules", "extraLessons"] as const;
const CHAIN_FIELDS = ["targetAudience", "modules", "prerequisiteAssessmentId"] as const;

/** A CREATOR must own the definition's current courses too (ADMIN: any). */
async function assertOwnsCurrent(db: DbOrTx, caller: Caller, row: AdaptivePathRow) {
  if (!row.courseIds.length) return;
  const found = await db.select({ creatorId: courses.creatorId }).from(courses).where(caller.scope.where(courses, inArray(courses.id, row.courseIds)));
  for (const c of found) assertCourseOwner(c, caller);
}

export async function updateAdaptivePath(db: Db, caller: Caller, input: TUpdateAdaptivePathInput, now: Date): Promise<{ id: string }> {
  const scope = caller.scope;
  return db.transaction(async (tx) => {
    const cur = await loadAdaptivePath(tx, scope, input.id, { forUpdate: true });
    const foreign = cur.variant === "SCORE_RULES" ? CHAIN_FIELDS : SCORE_FIELDS;
    const wrong: FieldErrors = {};
    for (const k of foreign) if (input[k] !== undefined) wrong[k] = [`Not a field of the ${cur.variant === "SCORE_RULES" ? "score-rule" : "module-chain"} variant`];
    if (Object.keys(wrong).length) throw badRequest("Validation failed", wrong);
    await assertOwnsCurrent(tx, caller, cur);
    const d: Definition = {
      variant: cur.variant,
      name: input.name ?? cur.name,
      description: input.description !== undefined ? input.description : cur.description,
      baseCourseId: input.baseCourseId ?? cur.baseCourseId,
      rules: input.rules ?? cur.rules,
      extraLessons: input.extraLessons ?? cur.extraLessons,
      targetAudience: input.targetAudience ?? cur.targetAudience,
      modules: input.modules ?? cur.modules,
      prerequisiteAssessmentId: input.prerequisiteAssessmentId !== undefined ? input.prerequisiteAssessmentId : cur.prerequisiteAssessmentId,
    };
    await checkDefinition(tx, caller, d);
    await tx
      .update(adaptivePaths)
      .set({ ...d, courseIds: courseIdsOf(d), updatedAt: now })
      .where(scope.where(adaptivePaths, eq(adaptivePaths.id, cur.id)));
    const fields = Object.keys(input).filter((k) => k !== "id" && input[k as keyof typeof input] !== undefined);
    await writeAudit(tx, caller, { action: "adaptivePath.updated", targetType: "adaptive_path", targetId: cur.id, metadata: { fields } });
    return { id: cur.id };
  });
}

/** The definition goes; the individual paths generated from it stay (they hold a copy of it). */
export async function deleteAdaptivePath(db: Db, caller: Caller, id: string): Promise<void> {
  const scope = caller.scope;
  await db.transaction(async (tx) => {
    const cur = await loadAdaptivePath(tx, scope, id, { forUpdate: true });
    await assertOwnsCurrent(tx, caller, cur);
    await tx.delete(adaptivePaths).where(scope.where(adaptivePaths, and(eq(adaptivePaths.id, id))));
    await writeAudit(tx, caller, { action: "adaptivePath.deleted", targetType: "adaptive_path", targetId: id, metadata: { variant: cur.variant, name: cur.name } });
  });
}
