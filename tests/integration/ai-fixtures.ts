import { and, asc, eq } from "drizzle-orm";
import { activityLogs, aiCreditLedger, courses, lessons, modules, questionnaires, questions, tenants } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { drainJobs } from "../helpers/jobs";
import { startApi, type ApiResponse, type TestApi } from "../helpers/api";
import { createMember, ensureCourse, tokenFor } from "../factories";
import { tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * Shared set-up of the AI tests: the demo tenants, a token per persona, courses with modules and
 * lessons inserted straight into the database (no dependency on the courses endpoints), and
 * readers of the credit balance, the ledger and the activity log.
 */
export type Who = "admin" | "creator" | "creator2" | "trainer" | "learner" | "finance" | "globexAdmin" | "globexCreator";

export type AiFixture = {
  api: TestApi;
  acmeId: string;
  globexId: string;
  userIds: Record<"admin" | "creator" | "creator2", string>;
  as(who: Who): (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
  close(): Promise<void>;
};

export async function setupAi(): Promise<AiFixture> {
  const api = await startApi({ demo: true });
  const acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  const creator2 = await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  const tokens: Record<Who, string> = {
    admin: await tokenFor(api, "acme", "admin"),
    creator: await tokenFor(api, "acme", "creator"),
    creator2: await tokenFor(api, "acme", "creator2"),
    trainer: await tokenFor(api, "acme", "trainer"),
    learner: await tokenFor(api, "acme", "learner"),
    finance: await tokenFor(api, "acme", "finance"),
    globexAdmin: await tokenFor(api, "globex", "admin"),
    globexCreator: await tokenFor(api, "globex", "creator"),
  };
  return {
    api,
    acmeId,
    globexId,
    userIds: { admin: await userIdOf(api, "admin@acme.test"), creator: await userIdOf(api, "creator@acme.test"), creator2: creator2.id },
    as: (who) => (method, path, body) => api.call(method, path, { tenant: who.startsWith("globex") ? "globex" : "acme", token: tokens[who], body }),
    close: async () => {
      await drainJobs(api.db);
      await api.close();
    },
  };
}

export type LessonSpec = { title: string; kind?: "TEXT" | "VIDEO" | "FILE" | "LIVE_SESSION" | "QUIZ"; content?: string };
export type CourseSpec = {
  title?: string;
  status?: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  fields?: Partial<typeof courses.$inferInsert>;
  modules?: { title: string; description?: string; lessons: LessonSpec[] }[];
};

let counter = 0;

/** A course with modules and lessons (QUIZ lessons get a one-question questionnaire). */
export async function buildCourse(api: TestApi, tenantId: string, creatorId: string, spec: CourseSpec = {}) {
  const scope = forTenant(tenantId);
  const n = ++counter;
  const title = spec.title ?? `Cours IA ${n}`;
  const course = await ensureCourse(api.db, tenantId, { slug: `cours-ia-${n}-${Date.now().toString(36)}`, title, creatorId, status: spec.status ?? "DRAFT", description: "Une formation pratique." });
  if (spec.fields) await api.db.update(courses).set(spec.fields).where(scope.where(courses, eq(courses.id, course.id)));
  const ids: { modules: string[]; lessons: string[][] } = { modules: [], lessons: [] };
  for (const [mi, m] of (spec.modules ?? []).entries()) {
    const moduleId = newId("mod");
    await api.db.insert(modules).values(scope.values(modules, { id: moduleId, courseId: course.id, title: m.title, description: m.description ?? "", position: mi }));
    ids.modules.push(moduleId);
    const lessonIds: string[] = [];
    for (const [li, l] of m.lessons.entries()) {
      let questionnaireId: string | null = null;
      if (l.kind === "QUIZ") {
        questionnaireId = newId("qst");
        await api.db.insert(questionnaires).values(scope.values(questionnaires, { id: questionnaireId, courseId: course.id, kind: "QUIZ" as const, title: l.title }));
        await api.db.insert(questions).values(
          scope.values(questions, {
            id: newId("qqn"),
            questionnaireId,
            kind: "TRUE_FALSE" as const,
            prompt: "Vrai ?",
            choices: [
              { id: "a", label: "Vrai", correct: true },
              { id: "b", label: "Faux", correct: false },
            ],
            position: 0,
          }),
        );
      }
      const lessonId = newId("les");
      await api.db
        .insert(lessons)
        .values(scope.values(lessons, { id: lessonId, courseId: course.id, moduleId, title: l.title, kind: l.kind ?? "TEXT", content: l.content ?? "", questionnaireId, position: li }));
      lessonIds.push(lessonId);
    }
    ids.lessons.push(lessonIds);
  }
  return { id: course.id, slug: course.slug, ...ids };
}

export async function setCredits(api: TestApi, tenantId: string, credits: number): Promise<void> {
  await api.db.update(tenants).set({ aiCredits: credits }).where(eq(tenants.id, tenantId));
}

export async function balanceOf(api: TestApi, tenantId: string): Promise<number> {
  const [row] = await api.db.select({ b: tenants.aiCredits }).from(tenants).where(eq(tenants.id, tenantId));
  return row!.b;
}

export async function ledgerOf(api: TestApi, tenantId: string, courseId?: string) {
  const rows = await api.db.select().from(aiCreditLedger).where(eq(aiCreditLedger.tenantId, tenantId)).orderBy(asc(aiCreditLedger.createdAt));
  return courseId ? rows.filter((r) => r.courseId === courseId) : rows;
}

export async function courseRow(api: TestApi, courseId: string) {
  const [row] = await api.db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

export async function lessonsOf(api: TestApi, courseId: string) {
  return api.db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position));
}

export async function aiActivity(api: TestApi, courseId: string) {
  return api.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.courseId, courseId), eq(activityLogs.action, "course.ai_generated")))
    .orderBy(asc(activityLogs.createdAt));
}

/** A course with Qualiopi fields, two modules and four lessons (two of them empty). */
export const RICH_COURSE: CourseSpec = {
  title: "Sécurité incendie en entreprise",
  fields: {
    description: "Apprenez à prévenir les départs de feu. Vous saurez utiliser un extincteur et organiser une évacuation.",
    price: 45000,
    duration: 14,
    level: "BEGINNER",
    pedagogicalObjectives: "- Identifier les risques d'incendie\n- Utiliser un extincteur\n- Organiser une évacuation",
    prerequisites: "Savoir lire le français.",
    targetAudience: "Salariés désignés équipiers de première intervention.",
    teachingMethods: "Apports théoriques et exercices sur feu réel.",
    evaluationMethods: "Quiz final et mise en situation.",
    accessibilityInfo: "Locaux accessibles aux personnes à mobilité réduite.",
    disabilityReferentContact: "handicap@acme.test",
    tags: ["sécurité", "incendie"],
  },
  modules: [
    {
      title: "Prévenir le risque",
      description: "Comprendre le triangle du feu.",
      lessons: [
        { title: "Le triangle du feu", content: "## Le triangle du feu\n\nCombustible, comburant, énergie." },
        { title: "Les classes de feu" },
      ],
    },
    {
      title: "Intervenir",
      lessons: [{ title: "Choisir son extincteur" }, { title: "Vidéo de démonstration", kind: "VIDEO", content: "Notes" }],
    },
  ],
};
