import { clock } from "../lib/clock";
import { and, asc, eq, inArray } from "drizzle-orm";
import { catalogueLanguage } from "../services/ai/local-needs-texts";
import type { Db } from "../db/client";
import { billingClients, enrollments, needsAnalyses } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { LocalAiProvider } from "../services/ai/local-provider";
import { needsAnalysis } from "../services/ai/provider";
import { publishedCatalogue } from "../services/needs/analyses";
import type { NeedsFunding, NeedsLevel } from "../services/ai/needs-types";

type People = { admin: string; creator: string; learner: string; learner2: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const COMPANIES = [
  { name: "Boulangerie Durand SARL", siret: "79845612500011", contactName: "Marc Durand", contactEmail: "marc.durand@example.com", contactPhone: "01 23 45 67 89", opcoName: "OPCO EP" },
  { name: "Transports Lefèvre", siret: "52147896600018", contactName: "Sophie Lefèvre", contactEmail: "rh@transports-lefevre.example.com", contactPhone: null, opcoName: "OPCO Mobilités" },
  { name: "Cabinet Moreau Conseil", siret: "49327168800001", contactName: "Hugo Moreau", contactEmail: "hugo@moreau-conseil.example.com", contactPhone: null, opcoName: "Atlas" },
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
 * Demo companies (billing clients of kind COMPANY) and training-needs analyses (idempotent:
 * nothing when the tenant has an analysis; a company already a client, same name, is reused). The analyses are computed by the local AI provider from the tenant's PUBLISHED
 * catalogue, as POST /needs-analysis does; two are linked to the demo learners' first
 * enrollments (a day after enrolling), so their PAF timelines start with both events.
 */
export async function seedNeeds(db: Db, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: needsAnalyses.id }).from(needsAnalyses).where(scope.where(needsAnalyses)).limit(1);
  if (existing) return;
  const known = new Map(
    (await db.select({ id: billingClients.id, name: billingClients.name }).from(billingClients).where(scope.where(billingClients, inArray(billingClients.kind, ["COMPANY", "OPCO"])))).map(
      (c) => [c.name.toLowerCase(), c.id],
    ),
  );
  const catalogue = await publishedCatalogue(db, scope);
  const provider = new LocalAiProvider();
  const companyIds = COMPANIES.map((c) => known.get(c.name.toLowerCase()) ?? newId("cli"));
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
    const fresh = COMPANIES.flatMap(({ contactEmail, ...c }, i) =>
      known.has(c.name.toLowerCase())
        ? []
        : [
            {
              id: companyIds[i]!,
              kind: "COMPANY" as const,
              ...c,
              siren: c.siret ? c.siret.slice(0, 9) : null,
              email: contactEmail,
              createdBy: people.admin,
              createdAt: new Date(now.getTime() - (60 - i) * DAY),
              updatedAt: new Date(now.getTime() - (60 - i) * DAY),
            },
          ],
    );
    if (fresh.length) await tx.insert(billingClients).values(scope.valuesMany(billingClients, fresh));
    // A company already a billing client gets the needs contact it lacks.
    for (const [i, c] of COMPANIES.entries()) {
      if (!known.has(c.name.toLowerCase())) continue;
      await tx
        .update(billingClients)
        .set({ contactName: c.contactName, contactPhone: c.contactPhone, opcoName: c.opcoName })
        .where(scope.where(billingClients, eq(billingClients.id, companyIds[i]!)));
    }
    await tx.insert(needsAnalyses).values(scope.valuesMany(needsAnalyses, rows));
  });
}
