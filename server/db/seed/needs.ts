import { and, asc, desc, eq } from "drizzle-orm";
import { catalogueLanguage } from "../../services/ai/local-needs-texts";
import type { Db } from "../client";
import { companies, courses, enrollments, needsAnalyses } from "../schema";
import { forTenant } from "../tenant-scope";
import { newId } from "../../lib/ids";
import { LocalAiProvider } from "../../services/ai/local-provider";
import { needsAnalysis } from "../../services/ai/provider";
import type { NeedsFunding, NeedsLevel } from "../../services/ai/needs-types";

type People = { admin: string; creator: string; learner: string; learner2: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const COMPANIES = [
  { name: "Boulangerie Durand", siret: "73282932000074", contactName: "Marc Durand", contactEmail: "marc.durand@example.com", contactPhone: "01 23 45 67 89", opcoName: "OPCO EP" },
  { name: "Transports Lefèvre", siret: "44306184100047", contactName: "Sophie Lefèvre", contactEmail: "rh@transports-lefevre.example.com", contactPhone: null, opcoName: "OPCO Mobilités" },
  { name: "Cabinet Moreau Conseil", siret: null, contactName: "Hugo Moreau", contactEmail: "hugo@moreau-conseil.example.com", contactPhone: null, opcoName: "Atlas" },
];

type Demo = { company: number; learner?: "learner" | "learner2"; objectives: string[]; currentLevel: NeedsLevel; targetLevel: NeedsLevel; context: string; fundingSource: NeedsFunding | null; daysAgo: number };

const ANALYSES: Demo[] = [
  {
    company: 0,
    learner: "learner",
    objectives: ["Porter secours à un collègue victime d'un accident", "Prévenir les risques au fournil"],
    currentLevel: "BEGINNER",
    targetLevel: "INTERMEDIATE",
    context: "Boulangerie de 15 salariés ; obligation d'avoir un sauveteur secouriste par équipe.",
    fundingSource: "OPCO",
    daysAgo: 40,
  },
  {
    company: 1,
    learner: "learner2",
    objectives: ["Analyser les données de livraison avec des tableaux croisés dynamiques", "Automatiser le reporting mensuel"],
    currentLevel: "BEGINNER",
    targetLevel: "ADVANCED",
    context: "Service exploitation de 6 personnes ; reporting fait à la main chaque mois.",
    fundingSource: "CPF",
    daysAgo: 25,
  },
  {
    company: 2,
    objectives: ["Manager une équipe à distance", "Conduire les entretiens annuels"],
    currentLevel: "INTERMEDIATE",
    targetLevel: "EXPERT",
    context: "Nouveaux managers promus en interne.",
    fundingSource: null,
    daysAgo: 5,
  },
];

/**
 * Demo companies and training-needs analyses (idempotent: nothing when the tenant has a
 * company). The analyses are computed by the local AI provider from the tenant's PUBLISHED
 * catalogue, as POST /needs-analysis does; two are linked to the demo learners' first
 * enrollments (a day after enrolling), so their PAF timelines start with both events.
 */
export async function seedNeeds(db: Db, tenantId: string, people: People, now = new Date()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: companies.id }).from(companies).where(scope.where(companies)).limit(1);
  if (existing) return;
  const catalogue = (
    await db
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
  ).map((c) => ({ ...c, tags: Array.isArray(c.tags) ? c.tags : [] }));
  const provider = new LocalAiProvider();
  const companyIds = COMPANIES.map(() => newId("cmp"));
  const rows: Omit<typeof needsAnalyses.$inferInsert, "tenantId">[] = [];
  for (const a of ANALYSES) {
    let enrollmentId: string | null = null;
    let createdAt = new Date(now.getTime() - a.daysAgo * DAY);
    if (a.learner) {
      const [e] = await db
        .select({ id: enrollments.id, enrolledAt: enrollments.enrolledAt })
        .from(enrollments)
        .where(scope.where(enrollments, and(eq(enrollments.userId, people[a.learner]))))
        .orderBy(asc(enrollments.enrolledAt))
        .limit(1);
      if (e) {
        enrollmentId = e.id;
        createdAt = new Date(Math.min(e.enrolledAt.getTime() + DAY, now.getTime()));
      }
    }
    const outcome = await needsAnalysis(provider, { objectives: a.objectives, currentLevel: a.currentLevel, targetLevel: a.targetLevel, context: a.context, fundingSource: a.fundingSource, catalogue, language: catalogueLanguage(catalogue) });
    rows.push({
      id: newId("nda"),
      companyId: companyIds[a.company]!,
      enrollmentId,
      objectives: a.objectives,
      currentLevel: a.currentLevel,
      targetLevel: a.targetLevel,
      context: a.context,
      fundingSource: a.fundingSource,
      recommendations: outcome.recommendations,
      gapAnalysis: outcome.gapAnalysis,
      provider: provider.name,
      createdBy: people.admin,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(companies).values(
      scope.valuesMany(
        companies,
        COMPANIES.map((c, i) => ({ id: companyIds[i]!, ...c, createdBy: people.admin, createdAt: new Date(now.getTime() - (60 - i) * DAY), updatedAt: new Date(now.getTime() - (60 - i) * DAY) })),
      ),
    );
    await tx.insert(needsAnalyses).values(scope.valuesMany(needsAnalyses, rows));
  });
}
