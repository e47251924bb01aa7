import { count, desc, eq, inArray } from "drizzle-orm";
import { catalogueLanguage } from "../ai/local-needs-texts";
import { sameTenant, type TenantScope } from "../../db/tenant-scope";
import type { Caller, PublicCaller } from "../../auth/caller";
import type { TCreateNeedsAnalysisInput, TListNeedsAnalysesInput, TNeedsAnalysis } from "../../contracts/needs";
import type { Db, DbOrTx } from "../../db";
import { billingClients, courses, enrollments, needsAnalyses } from "../../db/schema";
import { notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { needsAnalysis } from "../ai/provider";
import type { CatalogueCourse } from "../ai/needs-types";
import { aiProvider } from "../ai/select-provider";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { loadCompany } from "./companies";

/**
 * Training-needs analyses (Qualiopi indicators 4 and 8). The recommendations and the gap analysis
 * are computed once, at creation, by the AI provider (local by default: deterministic, offline)
 * from the tenant's PUBLISHED catalogue, and stored: reading an analysis later shows what was
 * recommended then, whatever the catalogue became. No AI credits are debited (the spec prices
 * only the positioning quiz and the individual paths).
 */
type Row = typeof needsAnalyses.$inferSelect;

/** The catalogue the provider sees: the tenant's PUBLISHED courses, newest first, at most this many. */
const CATALOGUE_MAX = 300;

function toAnalysis(r: Row, companyName: string): TNeedsAnalysis {
  return {
    id: r.id,
    recommendations: r.recommendations,
    gapAnalysis: r.gapAnalysis,
    companyId: r.companyId,
    companyName,
    enrollmentId: r.enrollmentId,
    objectives: r.objectives,
    currentLevel: r.currentLevel,
    targetLevel: r.targetLevel,
    context: r.context,
    fundingSource: r.fundingSource,
    provider: r.provider,
    source: r.source,
    requestedCourseId: r.requestedCourseId,
    learnerCount: r.learnerCount,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The tenant's PUBLISHED courses, newest first, as the needs providers read them (also the demo seed's). */
export async function publishedCatalogue(db: Db, scope: TenantScope): Promise<CatalogueCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      level: courses.level,
      format: courses.format,
      duration: courses.duration,
      tags: courses.tags,
      pedagogicalObjectives: courses.pedagogicalObjectives,
      targetAudience: courses.targetAudience,
      language: courses.language,
    })
    .from(courses)
    .where(scope.where(courses, eq(courses.status, "PUBLISHED")))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(CATALOGUE_MAX);
  return rows.map((r) => ({ ...r, tags: Array.isArray(r.tags) ? r.tags : [] }));
}

type AnalysisFields = Pick<TCreateNeedsAnalysisInput, "objectives" | "currentLevel" | "targetLevel" | "context" | "fundingSource">;

/** The provider's recommendations and gap analysis over the tenant's PUBLISHED catalogue (outside any transaction: it may call out). */
export async function analyseNeeds(db: Db, scope: TenantScope, input: AnalysisFields) {
  const provider = aiProvider();
  const published = await publishedCatalogue(db, scope);
  const outcome = await needsAnalysis(provider, {
    objectives: input.objectives,
    currentLevel: input.currentLevel,
    targetLevel: input.targetLevel,
    context: input.context,
    fundingSource: input.fundingSource ?? null,
    catalogue: published,
    language: catalogueLanguage(published),
  });
  return { provider: provider.name, ...outcome };
}

type Analysed = Awaited<ReturnType<typeof analyseNeeds>>;

/** THE insertion of a needs analysis and its audit line, in the caller's transaction (POST /needs-analysis, quote requests). */
export async function insertNeedsAnalysis(
  tx: DbOrTx,
  actor: PublicCaller,
  p: AnalysisFields & { companyId: string; enrollmentId?: string; source: Row["source"]; requestedCourseId?: string; learnerCount?: number },
  analysed: Analysed,
  now: Date,
): Promise<string> {
  const id = newId("nda");
  await tx.insert(needsAnalyses).values(
    actor.scope.values(needsAnalyses, {
      id,
      companyId: p.companyId,
      enrollmentId: p.enrollmentId ?? null,
      objectives: p.objectives,
      currentLevel: p.currentLevel,
      targetLevel: p.targetLevel,
      context: p.context,
      fundingSource: p.fundingSource ?? null,
      recommendations: analysed.recommendations,
      gapAnalysis: analysed.gapAnalysis,
      provider: analysed.provider,
      source: p.source,
      requestedCourseId: p.requestedCourseId ?? null,
      learnerCount: p.learnerCount ?? null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    }),
  );
  await writeAudit(tx, actor, {
    action: "needs_analysis.created",
    targetType: "needs_analysis",
    targetId: id,
    metadata: { companyId: p.companyId, enrollmentId: p.enrollmentId ?? null, source: p.source, recommendations: analysed.recommendations.map((r) => r.courseId) },
  });
  return id;
}

export async function createNeedsAnalysis(db: Db, caller: Caller, input: TCreateNeedsAnalysisInput, now: Date) {
  const company = await loadCompany(db, caller.scope, input.companyId);
  if (input.enrollmentId) {
    const [e] = await db.select({ id: enrollments.id }).from(enrollments).where(caller.scope.where(enrollments, eq(enrollments.id, input.enrollmentId))).limit(1);
    if (!e) throw notFound("Enrollment");
  }
  const analysed = await analyseNeeds(db, caller.scope, input);
  const id = await db.transaction((tx) => insertNeedsAnalysis(tx, caller, { ...input, companyId: company.id, source: "STAFF" }, analysed, now));
  return { id, recommendations: analysed.recommendations, gapAnalysis: analysed.gapAnalysis };
}

async function companyNames(db: Db, caller: Caller, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: billingClients.id, name: billingClients.name }).from(billingClients).where(caller.scope.where(billingClients, inArray(billingClients.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listNeedsAnalyses(db: Db, caller: Caller, q: TListNeedsAnalysesInput) {
  const where = caller.scope.where(needsAnalyses, q.companyId ? eq(needsAnalyses.companyId, q.companyId) : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(needsAnalyses).where(where).orderBy(desc(needsAnalyses.createdAt), desc(needsAnalyses.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(needsAnalyses).where(where)),
    map: async (rows) => {
      const names = await companyNames(db, caller, rows.map((r) => r.companyId));
      return rows.map((r) => toAnalysis(r, names.get(r.companyId) ?? ""));
    },
  });
}

export async function getNeedsAnalysis(db: Db, caller: Caller, id: string): Promise<TNeedsAnalysis> {
  const [row] = await db
    .select({ a: needsAnalyses, name: billingClients.name })
    .from(needsAnalyses)
    .innerJoin(billingClients, sameTenant(billingClients, needsAnalyses, billingClients.id, needsAnalyses.companyId))
    .where(caller.scope.where(needsAnalyses, eq(needsAnalyses.id, id)))
    .limit(1);
  if (!row) throw notFound("Needs analysis");
  return toAnalysis(row.a, row.name);
}
