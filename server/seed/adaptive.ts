import { clock } from "../lib/clock";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { adaptivePaths, courses, enrollments, learnerAdaptivePaths, lessons } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { newId } from "../lib/ids";

type People = { creator: string; learner2: string; learner3?: string };

/**
 * Demo adaptive paths (idempotent: nothing when the tenant has a definition): on the SST course,
 * a score-rule definition (the two "framework" lessons skipped above 75 %, the memo sheet as an
 * extra lesson at or below 50 %) and a module chain (SST then Excel) for beginners; individual
 * paths for learner3 (82 %: skips the framework, the memo sheet left out) and learner2 (35 %: the
 * memo sheet added). Written directly: no AI credits are spent by the seed.
 */
export async function seedAdaptive(db: Db, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: adaptivePaths.id }).from(adaptivePaths).where(scope.where(adaptivePaths)).limit(1);
  if (existing) return;
  const [sst] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses, eq(courses.slug, "sauveteur-secouriste-du-travail"))).limit(1);
  const [excel] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses, eq(courses.slug, "excel-tableaux-croises-dynamiques"))).limit(1);
  if (!sst) return;
  const all = await db.select({ id: lessons.id, title: lessons.title }).from(lessons).where(scope.where(lessons, eq(lessons.courseId, sst.id))).orderBy(asc(lessons.position));
  const byTitle = (t: string) => all.find((l) => l.title === t)?.id;
  const skip = [byTitle("Le rôle du SST dans l'entreprise"), byTitle("Le cadre juridique")].filter((x): x is string => Boolean(x));
  const memo = byTitle("Fiche mémo à télécharger");
  const rules = skip.map((lessonId) => ({ skipIfScoreAbove: 75, lessonId }));
  const extraLessons = memo ? [{ triggerScore: 50, lessonId: memo }] : [];
  const definition = { name: "SST : parcours selon le positionnement", description: "Les stagiaires déjà formés passent le cadre de l'intervention ; les plus fragiles reçoivent la fiche mémo en renfort.", rules, extraLessons };
  const day = 86_400_000;

  await db.transaction(async (tx) => {
    const aptId = newId("apt");
    await tx.insert(adaptivePaths).values(
      scope.valuesMany(adaptivePaths, [
        { id: aptId, variant: "SCORE_RULES" as const, ...definition, baseCourseId: sst.id, courseIds: [sst.id], createdBy: people.creator, createdAt: new Date(now.getTime() - 14 * day), updatedAt: new Date(now.getTime() - 14 * day) },
        ...(excel
          ? [
              {
                id: newId("apt"),
                variant: "MODULE_CHAIN" as const,
                name: "Parcours débutant : sécurité puis bureautique",
                description: "Enchaîner le SST puis Excel, le second débloqué par la réussite du premier.",
                targetAudience: "BEGINNER",
                modules: [
                  { courseId: sst.id, order: 1, mandatory: true, unlockCondition: "COMPLETION" as const },
                  { courseId: excel.id, order: 2, mandatory: false },
                ],
                courseIds: [sst.id, excel.id],
                createdBy: people.creator,
                createdAt: new Date(now.getTime() - 13 * day),
                updatedAt: new Date(now.getTime() - 13 * day),
              },
            ]
          : []),
      ]),
    );
    const learners = [
      { userId: people.learner3, score: 82 },
      { userId: people.learner2, score: 35 },
    ];
    for (const l of learners) {
      if (!l.userId) continue;
      const [enr] = await tx.select({ id: enrollments.id }).from(enrollments).where(scope.where(enrollments, and(eq(enrollments.courseId, sst.id), eq(enrollments.userId, l.userId)))).limit(1);
      if (!enr) continue;
      const extra = extraLessons.filter((e) => l.score <= e.triggerScore).map((e) => e.lessonId);
      const skipped = rules.filter((r) => l.score > r.skipIfScoreAbove).map((r) => r.lessonId).filter((id) => !extra.includes(id));
      const hidden = extraLessons.map((e) => e.lessonId).filter((id) => !extra.includes(id) && !skipped.includes(id));
      await tx.insert(learnerAdaptivePaths).values(
        scope.values(learnerAdaptivePaths, {
          id: newId("lap"),
          enrollmentId: enr.id,
          courseId: sst.id,
          adaptivePathId: aptId,
          definition: { ...definition },
          positioningScore: l.score,
          skippedLessonIds: skipped,
          extraLessonIds: extra,
          hiddenLessonIds: hidden,
          summary:
            l.score > 75
              ? `Votre score au test de positionnement est de ${l.score} %. Vous pouvez passer le cadre de l'intervention : vous le maîtrisez déjà.`
              : `Votre score au test de positionnement est de ${l.score} %. La fiche mémo a été ajoutée à votre parcours pour consolider les gestes.`,
          creditsConsumed: 30,
          generatedBy: people.creator,
          generatedAt: new Date(now.getTime() - 2 * day),
        }),
      );
    }
  });
}
