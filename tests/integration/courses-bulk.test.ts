import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, lessons, modules, questionnaires, questions } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { completeCourse, expectPublicationBlocked, minimalCourse, clearTenantNda, PUBLICATION_BLOCKERS, publishableBulk } from "../helpers/courses";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug } from "../helpers/rest";
import { tokenFor } from "../factories";

let api: TestApi;
let acmeId: string;
let creator: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await clearTenantNda(api, acmeId);
  creator = await tokenFor(api, "acme", "creator");
});
afterAll(() => api.close());

const bulk = (body: unknown, token = creator) => api.call("POST", "/courses/bulk", { tenant: "acme", token, body });
const coursesTitled = (prefix: string) => api.db.select().from(courses).where(and(eq(courses.tenantId, acmeId), like(courses.title, `${prefix}%`)));

const QUIZ = {
  title: "Quiz de fin",
  kind: "QUIZ",
  passMark: 80,
  questions: [
    { kind: "SINGLE_CHOICE", prompt: "2 + 2 ?", choices: [{ label: "4", correct: true }, { label: "5", correct: false }], explanation: "Calcul." },
    { kind: "MULTIPLE_CHOICE", prompt: "Nombres pairs ?", choices: [{ label: "2", correct: true }, { label: "3", correct: false }, { label: "4", correct: true }] },
    { kind: "TRUE_FALSE", prompt: "Le ciel est bleu.", choices: [{ label: "Vrai", correct: true }, { label: "Faux", correct: false }] },
    { kind: "FREE_TEXT", prompt: "Capitale de la France ?", expectedText: "Paris", points: 2 },
  ],
};

describe("POST /courses/bulk", () => {
  it("creates the course, modules, lessons and questionnaires in one call (DRAFT)", async () => {
    const res = await bulk(
      completeCourse({
        title: "Bulk complet",
        seoMetadata: { metaTitle: "Bulk", keywords: ["a", "b"], faq: [{ question: "Q ?", answer: "R." }] },
        modules: [
          { title: "Introduction", description: "Pour commencer", lessons: [{ title: "Bienvenue", kind: "TEXT", content: "# Bienvenue" }, { title: "Vidéo", kind: "VIDEO", durationMinutes: 12 }] },
          { title: "Évaluation", lessons: [{ title: "Quiz", kind: "QUIZ" }, { title: "Satisfaction", kind: "QUIZ", questionnaireIndex: 1 }] },
        ],
        questionnaires: [QUIZ, { title: "Satisfaction", kind: "SATISFACTION", questions: [{ kind: "FREE_TEXT", prompt: "Un avis ?" }] }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({ title: "Bulk complet", slug: "bulk-complet", status: "DRAFT", moduleCount: 2, lessonCount: 4, seoMetadata: { metaTitle: "Bulk", keywords: ["a", "b"], faq: [{ question: "Q ?", answer: "R." }] } });
    expect(c.modules.map((m: { title: string; position: number; lessons: { title: string; position: number }[] }) => [m.title, m.position, m.lessons.map((l) => [l.title, l.position])])).toEqual([
      ["Introduction", 0, [["Bienvenue", 0], ["Vidéo", 1]]],
      ["Évaluation", 1, [["Quiz", 0], ["Satisfaction", 1]]],
    ]);
    expect(c.modules[0].description).toBe("Pour commencer");
    expect(c.modules[0].lessons[1].durationMinutes).toBe(12);
    expect(c.questionnaires.map((q: { title: string; kind: string; questionCount: number; passMark: number }) => [q.title, q.kind, q.questionCount, q.passMark])).toEqual([
      ["Quiz de fin", "QUIZ", 4, 80],
      ["Satisfaction", "SATISFACTION", 1, 50],
    ]);
    const [quiz, satisfaction] = c.questionnaires;
    expect(c.modules[1].lessons.map((l: { questionnaireId: string }) => l.questionnaireId)).toEqual([quiz.id, satisfaction.id]);
    const qs = await api.db.select().from(questions).where(eq(questions.questionnaireId, quiz.id)).orderBy(questions.position);
    expect(qs.map((q) => q.kind)).toEqual(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]);
    expect(qs[0]!.choices).toEqual([
      { id: expect.any(String), label: "4", correct: true },
      { id: expect.any(String), label: "5", correct: false },
    ]);
    expect(qs[0]!.explanation).toBe("Calcul.");
    expect(qs[3]).toMatchObject({ expectedText: "Paris", points: 2, choices: [] });
    expect(new Set(qs[1]!.choices.map((ch) => ch.id)).size).toBe(3);
  });

  it("publishes at once with publish: true (event course.published)", async () => {
    const res = await bulk(publishableBulk({ title: "Bulk publié", publish: true }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "PUBLISHED", publishedAt: expect.any(String) });
    expect((await eventRows(api, acmeId, "course.published")).some((e) => (e.data as { courseId: string }).courseId === res.body.data.id)).toBe(true);
  });

  it("with publish: true and missing requirements answers 422 and saves nothing", async () => {
    const before = (await api.db.select().from(modules)).length;
    const questionnairesBefore = (await api.db.select().from(questionnaires)).length;
    const res = await bulk(minimalCourse({ title: "Bulk atomique", publish: true, modules: [{ title: "M", lessons: [{ title: "L", kind: "TEXT" }] }], questionnaires: [QUIZ] }));
    expectPublicationBlocked(res, PUBLICATION_BLOCKERS.filter((m) => !m.startsWith("modules")));
    expect(await coursesTitled("Bulk atomique")).toEqual([]);
    expect((await api.db.select().from(modules)).length).toBe(before);
    expect((await api.db.select().from(questionnaires)).length).toBe(questionnairesBefore);
    const noModules = await bulk(completeCourse({ title: "Bulk sans module", publish: true, modules: [{ title: "Vide", lessons: [] }] }));
    expectPublicationBlocked(noModules, ["modules: at least one module with at least one lesson is required"]);
    expect(await coursesTitled("Bulk sans module")).toEqual([]);
  });

  it("an invalid lesson or question anywhere answers 422 and saves nothing", async () => {
    const lessonsBefore = (await api.db.select().from(lessons)).length;
    const res = await bulk(publishableBulk({ title: "Bulk invalide", modules: [{ title: "M", lessons: [{ title: "OK", kind: "TEXT" }, { title: "KO", kind: "PODCAST" }] }] }));
    expectValidation(res, ["modules.0.lessons.1.kind"], 422);
    expectValidation(await bulk(publishableBulk({ title: "Bulk invalide", modules: [{ title: "M", lessons: [{ title: "", kind: "TEXT" }] }] })), ["modules.0.lessons.0.title"], 422);
    const badQuestions = await bulk(
      publishableBulk({
        title: "Bulk invalide",
        questionnaires: [
          {
            title: "Q",
            kind: "QUIZ",
            questions: [
              { kind: "SINGLE_CHOICE", prompt: "Deux bonnes ?", choices: [{ label: "a", correct: true }, { label: "b", correct: true }] },
              { kind: "MULTIPLE_CHOICE", prompt: "Aucune ?", choices: [{ label: "a", correct: false }, { label: "b", correct: false }] },
              { kind: "TRUE_FALSE", prompt: "Trois ?", choices: [{ label: "a", correct: true }, { label: "b", correct: false }, { label: "c", correct: false }] },
              { kind: "FREE_TEXT", prompt: "Des choix ?", choices: [{ label: "a", correct: true }] },
            ],
          },
        ],
      }),
    );
    expectValidation(badQuestions, ["questionnaires.0.questions.0.choices", "questionnaires.0.questions.1.choices", "questionnaires.0.questions.2.choices", "questionnaires.0.questions.3.choices"], 422);
    const badIndex = await bulk(publishableBulk({ title: "Bulk invalide", modules: [{ title: "M", lessons: [{ title: "Q", kind: "QUIZ", questionnaireIndex: 3 }, { title: "T", kind: "TEXT", questionnaireIndex: 0 }] }], questionnaires: [QUIZ] }));
    expectValidation(badIndex, ["modules.0.lessons.0.questionnaireIndex", "modules.0.lessons.1.questionnaireIndex"], 422);
    expectUnknownFields(await bulk(publishableBulk({ title: "Bulk invalide", modules: [{ title: "M", lessons: [{ title: "L", kind: "TEXT", mediaUrl: "http://x" }] }] })), ["modules.0.lessons.0.mediaUrl"]);
    expectValidation(await bulk(completeCourse({ title: "Bulk invalide" })), ["modules"], 422);
    expect(await coursesTitled("Bulk invalide")).toEqual([]);
    expect((await api.db.select().from(lessons)).length).toBe(lessonsBefore);
  });

  it("answers 401 and 403", async () => {
    expectError(await api.call("POST", "/courses/bulk", { tenant: "acme", body: publishableBulk() }), 401);
    expectError(await bulk(publishableBulk(), await tokenFor(api, "acme", "learner")), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await bulk(publishableBulk(), await tokenFor(api, "acme", "trainer")), 403);
  });
});
