import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, questionnaires, questions } from "../../server/db/schema";
import { expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { aiActivity, balanceOf, buildCourse, courseRow, ledgerOf, lessonsOf, RICH_COURSE, setCredits, setupAi, type AiFixture } from "./ai-fixtures";

let f: AiFixture;
beforeAll(async () => {
  f = await setupAi();
});
afterAll(() => f.close());

/** RICH_COURSE plus a QUIZ lesson: 2 modules, 5 lessons -> 10 + 2 x 15 + 5 x 20 = 140 credits. */
const WITH_QUIZ = {
  ...RICH_COURSE,
  modules: [RICH_COURSE.modules![0]!, { ...RICH_COURSE.modules![1]!, lessons: [...RICH_COURSE.modules![1]!.lessons, { title: "Quiz final", kind: "QUIZ" as const }] }],
};
const COST = 140;

describe("POST /courses/{id}/create-variant", () => {
  it("201: an adapted DRAFT copy with the audience as level and title suffix, structure copied, exact debit", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, { ...WITH_QUIZ, status: "PUBLISHED" });
    await setCredits(f.api, f.acmeId, 200);
    const res = await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "EXPERT", instructions: "cas industriels" });
    expect(res.status).toBe(201);
    const v = res.body.data;
    expect(v).toMatchObject({
      status: "DRAFT",
      level: "EXPERT",
      title: "Sécurité incendie en entreprise (Expert)",
      sourceCourseId: source.id,
      creatorId: f.userIds.creator,
      price: 45000,
      seoMetadata: {},
      targetAudience: expect.stringMatching(/expert/i),
    });
    expect(v.id).not.toBe(source.id);
    expect(v.slug).not.toBe(source.slug);
    expect(v.description).toContain("cas industriels");
    expect(v.modules.map((m: { title: string }) => m.title)).toEqual(["Prévenir le risque", "Intervenir"]);
    expect(v.modules.map((m: { lessons: unknown[] }) => m.lessons.length)).toEqual([2, 3]);
    const written = v.modules[0].lessons[0];
    expect(written.content).toMatch(/^> \*\*Niveau expert\*\*[\s\S]*Combustible, comburant, énergie\.$/);
    expect(v.modules[0].lessons[1].content).toBe("");
    expect(v.questionnaires).toHaveLength(1);
    const quizLesson = v.modules[1].lessons[2];
    expect(quizLesson).toMatchObject({ kind: "QUIZ", questionnaireId: v.questionnaires[0].id });
    const [copiedQuestion] = await f.api.db.select().from(questions).where(eq(questions.questionnaireId, v.questionnaires[0].id));
    expect(copiedQuestion!.prompt).toBe("Vrai ?");

    // The source is untouched.
    expect((await lessonsOf(f.api, source.id)).find((l) => l.title === "Le triangle du feu")!.content).toBe("## Le triangle du feu\n\nCombustible, comburant, énergie.");
    expect((await courseRow(f.api, source.id))!.status).toBe("PUBLISHED");

    expect(await balanceOf(f.api, f.acmeId)).toBe(200 - COST);
    expect(await ledgerOf(f.api, f.acmeId, source.id)).toMatchObject([{ delta: -COST, balanceAfter: 200 - COST, operation: "create-variant" }]);
    expect(await aiActivity(f.api, v.id)).toMatchObject([{ metadata: { operation: "create-variant", creditsConsumed: COST, sourceCourseId: source.id, targetAudience: "EXPERT" } }]);
  });

  it("gives each variant its own slug", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, { title: "Excel débutant" });
    await setCredits(f.api, f.acmeId, 100);
    const a = await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "ADVANCED" });
    const b = await f.as("admin")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "ADVANCED" });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.title).toBe("Excel débutant (Avancé)");
    expect(a.body.data.slug).not.toBe(b.body.data.slug);
    expect(b.body.data.creatorId).toBe(f.userIds.admin);
    expect(await balanceOf(f.api, f.acmeId)).toBe(80);
  });

  it("402 with a short balance: no course created, nothing debited", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, WITH_QUIZ);
    await setCredits(f.api, f.acmeId, COST - 1);
    const count = (await f.api.db.select({ id: courses.id }).from(courses)).length;
    const qnrs = (await f.api.db.select({ id: questionnaires.id }).from(questionnaires)).length;
    expectError(await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "BEGINNER" }), 402, `Insufficient AI credits: create-variant needs ${COST}, balance ${COST - 1}`);
    expect((await f.api.db.select({ id: courses.id }).from(courses)).length).toBe(count);
    expect((await f.api.db.select({ id: questionnaires.id }).from(questionnaires)).length).toBe(qnrs);
    expect(await balanceOf(f.api, f.acmeId)).toBe(COST - 1);
    expect(await ledgerOf(f.api, f.acmeId, source.id)).toEqual([]);
  });

  it("422 for an ARCHIVED course", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, { status: "ARCHIVED" });
    await setCredits(f.api, f.acmeId, 100);
    expectError(await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "BEGINNER" }), 422, "An ARCHIVED course cannot be adapted into a variant");
    expect(await balanceOf(f.api, f.acmeId)).toBe(100);
  });

  it("400 for a missing or unknown audience and for unknown fields", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    expectValidation(await f.as("creator")("POST", `/courses/${source.id}/create-variant`, {}), ["targetAudience"]);
    expectValidation(await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "GURU" }), ["targetAudience"]);
    expectUnknownFields(await f.as("creator")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "EXPERT", status: "PUBLISHED" }), ["status"]);
  });

  it("404 cross-tenant, 403 for another creator and for a learner", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    await setCredits(f.api, f.acmeId, 100);
    expectError(await f.as("globexAdmin")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "EXPERT" }), 404);
    expectError(await f.as("creator2")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "EXPERT" }), 403);
    expectError(await f.as("learner")("POST", `/courses/${source.id}/create-variant`, { targetAudience: "EXPERT" }), 403);
    expect(await balanceOf(f.api, f.acmeId)).toBe(100);
    expect(await balanceOf(f.api, f.globexId)).toBe(1000);
  });
});
