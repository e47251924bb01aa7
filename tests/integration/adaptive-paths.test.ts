import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerAdaptivePaths, lessons, questionnaires, questions } from "../../server/db/schema";
import { tokenFor } from "../factories";
import type { ApiResponse } from "../helpers/api";
import { expectError, expectUnknownFields, tenantBySlug, userIdOf } from "../helpers/rest";
import { fundEnrollment } from "../factories/funders";
import { balanceOf, buildCourse, ledgerOf, setCredits, setupAi, type AiFixture } from "./ai-fixtures";
import { POSITIONING_PASS_MARK } from "../../server/services/adaptive/positioning";

/**
 * Issue #11 item 3: adaptive paths (criterion 3) through the REST surface: both variants of the
 * definition, the positioning quiz (25 credits), the individual path per enrollment (30 credits)
 * and the player and progress following it.
 */

let f: AiFixture;
let tok: Record<"learner2" | "funder", string>;
const APT = /^apt_[a-z0-9]{24}$/;
const LAP = /^lap_[a-z0-9]{24}$/;

type Course = Awaited<ReturnType<typeof buildCourse>>;
let course: Course;
let other: Course;
let globexCourse: Course;

beforeAll(async () => {
  f = await setupAi();
  tok = { learner2: await tokenFor(f.api, "acme", "learner2"), funder: await tokenFor(f.api, "acme", "funder") };
  course = await buildCourse(f.api, f.acmeId, f.userIds.creator, {
    title: "Sécurité incendie",
    status: "PUBLISHED",
    modules: [
      {
        title: "Prévenir le risque",
        lessons: [
          { title: "Le triangle du feu", content: "Un incendie réunit un combustible, un comburant et une énergie. Supprimer un côté du triangle éteint le foyer." },
          { title: "Les classes de feu", content: "La classe A désigne les feux de solides comme le bois. La classe B regroupe les liquides inflammables comme l'essence." },
        ],
      },
      {
        title: "Intervenir",
        lessons: [
          { title: "Choisir son extincteur", content: "L'extincteur à eau pulvérisée convient aux feux de papier. Le dioxyde de carbone protège les armoires électriques." },
          { title: "Évacuer", content: "Au signal sonore, chacun rejoint le point de rassemblement. Le guide-file ferme les portes derrière le groupe." },
          { title: "Renforcement : les extincteurs", content: "Une démonstration filmée montre la manipulation sûre. La goupille se retire avant de presser la poignée." },
        ],
      },
    ],
  });
  other = await buildCourse(f.api, f.acmeId, f.userIds.creator, { title: "Autre cours", status: "PUBLISHED", modules: [{ title: "M", lessons: [{ title: "Leçon d'ailleurs", content: "Une leçon d'un autre cours." }] }] });
  const globexCreator = await userIdOf(f.api, "creator@globex.test");
  globexCourse = await buildCourse(f.api, f.globexId, globexCreator, { title: "Globex", status: "PUBLISHED", modules: [{ title: "G", lessons: [{ title: "G1" }] }] });
}, 120_000);
afterAll(() => f.close());

const L = (m: number, l: number) => course.lessons[m]![l]!;
const scoreRules = (extra: Record<string, unknown> = {}) => ({
  name: "Parcours incendie",
  description: "Adapté au positionnement",
  baseCourseId: course.id,
  rules: [{ skipIfScoreAbove: 70, lessonId: L(0, 0) }],
  extraLessons: [{ triggerScore: 40, lessonId: L(1, 2) }],
  ...extra,
});
const chain = (extra: Record<string, unknown> = {}) => ({
  name: "Chaîne débutant",
  targetAudience: "BEGINNER",
  modules: [
    { courseId: course.id, order: 1, mandatory: true, unlockCondition: "SCORE_GTE_70" },
    { courseId: other.id, order: 2, mandatory: false },
  ],
  ...extra,
});

async function create(body: unknown, who: "creator" | "admin" = "creator"): Promise<string> {
  const res = await f.as(who)("POST", "/adaptive-paths", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toEqual({ data: { id: expect.stringMatching(APT) } });
  return res.body.data.id;
}

describe("POST /adaptive-paths and GET /adaptive-paths/{id}", () => {
  it("score-rule body: 201 {id}; GET gives the definition", async () => {
    const id = await create(scoreRules());
    const res = await f.as("creator")("GET", `/adaptive-paths/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id,
      variant: "SCORE_RULES",
      name: "Parcours incendie",
      description: "Adapté au positionnement",
      baseCourseId: course.id,
      courseIds: [course.id],
      rules: [{ skipIfScoreAbove: 70, lessonId: L(0, 0) }],
      extraLessons: [{ triggerScore: 40, lessonId: L(1, 2) }],
      learnerPathsCount: 0,
      createdBy: f.userIds.creator,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("module-chain body: 201 {id}; GET gives the chain in order", async () => {
    const [quiz] = await f.api.db.select({ id: questionnaires.id }).from(questionnaires).where(eq(questionnaires.courseId, other.id));
    const id = await create(chain({ modules: [...chain().modules].reverse(), prerequisiteAssessmentId: quiz?.id }));
    const res = await f.as("admin")("GET", `/adaptive-paths/${id}`);
    expect(res.body.data).toEqual({
      id,
      variant: "MODULE_CHAIN",
      name: "Chaîne débutant",
      description: null,
      targetAudience: "BEGINNER",
      modules: chain().modules,
      prerequisiteAssessmentId: quiz?.id ?? null,
      courseIds: [other.id, course.id],
      createdBy: f.userIds.creator,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("400 when the course is not the tenant's, naming the field", async () => {
    const res = await f.as("creator")("POST", "/adaptive-paths", scoreRules({ baseCourseId: globexCourse.id, rules: [], extraLessons: [] }));
    expectError(res, 400, "Validation failed");
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.errors).toEqual({ baseCourseId: ["Course not found"] });
    const chained = await f.as("creator")("POST", "/adaptive-paths", chain({ modules: [{ courseId: course.id, order: 1, mandatory: true }, { courseId: "crs_nope", order: 2, mandatory: true }], prerequisiteAssessmentId: "qst_nope" }));
    expectError(chained, 400, "Validation failed");
    expect(chained.body.errors).toEqual({ "modules.1.courseId": ["Course not found"], prerequisiteAssessmentId: ["Questionnaire not found"] });
  });

  it("400 when a lesson is outside the base course", async () => {
    const res = await f.as("creator")("POST", "/adaptive-paths", scoreRules({ rules: [{ skipIfScoreAbove: 50, lessonId: other.lessons[0]![0]! }], extraLessons: [{ triggerScore: 10, lessonId: globexCourse.lessons[0]![0]! }] }));
    expectError(res, 400, "Validation failed");
    expect(res.body.errors).toEqual({ "rules.0.lessonId": ["Lesson not found in the base course"], "extraLessons.0.lessonId": ["Lesson not found in the base course"] });
  });

  it("400 for a malformed body: missing fields, percentages out of range, mixed variants, unknown fields", async () => {
    const none = await f.as("creator")("POST", "/adaptive-paths", { name: "Sans variante" });
    expectError(none, 400, "Validation failed");
    expect(Object.keys(none.body.errors)).toEqual(["baseCourseId"]);
    const range = await f.as("creator")("POST", "/adaptive-paths", scoreRules({ rules: [{ skipIfScoreAbove: 120, lessonId: L(0, 0) }] }));
    expectError(range, 400);
    expect(Object.keys(range.body.errors)).toEqual(["rules.0.skipIfScoreAbove"]);
    expectUnknownFields(await f.as("creator")("POST", "/adaptive-paths", { ...scoreRules(), modules: chain().modules }), ["modules"]);
    expectUnknownFields(await f.as("creator")("POST", "/adaptive-paths", { ...scoreRules(), tenantId: "x" }), ["tenantId"]);
    const noName = await f.as("creator")("POST", "/adaptive-paths", { ...chain(), name: "" });
    expectError(noName, 400);
    expect(Object.keys(noName.body.errors)).toEqual(["name"]);
  });

  it("roles: LEARNER, TRAINER and FINANCIER may not write (403); another CREATOR's course: 403 COURSE_NOT_OWNED; ADMIN may", async () => {
    for (const who of ["learner", "trainer", "finance"] as const) expectError(await f.as(who)("POST", "/adaptive-paths", scoreRules()), 403);
    const notOwner = await f.as("creator2")("POST", "/adaptive-paths", scoreRules());
    expectError(notOwner, 403);
    expect(notOwner.body.code).toBe("COURSE_NOT_OWNED");
    await create(scoreRules({ name: "Par l'admin" }), "admin");
    expectError(await f.api.call("POST", "/adaptive-paths", { tenant: "acme", body: scoreRules() }), 401);
  });
});

describe("GET /adaptive-paths", () => {
  it("lists both variants newest first with meta {total, page, perPage}; courseId filters", async () => {
    const a = await create(scoreRules({ name: "Liste A" }));
    const b = await create(chain({ name: "Liste B", modules: [{ courseId: other.id, order: 1, mandatory: true }] }));
    const all = await f.as("trainer")("GET", "/adaptive-paths?perPage=2");
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([b, a]);
    expect(all.body.meta).toEqual({ total: expect.any(Number), page: 1, perPage: 2 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(5);
    const ofOther = await f.as("creator")("GET", `/adaptive-paths?courseId=${other.id}`);
    const ids = ofOther.body.data.map((p: { id: string }) => p.id);
    expect(ids).toContain(b);
    expect(ids).not.toContain(a);
    for (const p of ofOther.body.data) expect(p.courseIds).toContain(other.id);
    expect(ofOther.body.meta).toEqual({ total: ids.length, page: 1, perPage: 20 });
  });

  it("LEARNER 403, no token 401; another tenant sees none of them and gets 404 on their ids", async () => {
    const id = await create(scoreRules({ name: "Isolée" }));
    expectError(await f.as("learner")("GET", "/adaptive-paths"), 403);
    expectError(await f.api.call("GET", "/adaptive-paths", { tenant: "acme" }), 401);
    const globex = await f.as("globexAdmin")("GET", "/adaptive-paths");
    expect(globex.body.data.map((p: { id: string }) => p.id)).not.toContain(id);
    for (const [method, body] of [["GET"], ["PATCH", { name: "x" }], ["DELETE"]] as const) {
      const res = await f.as("globexAdmin")(method, `/adaptive-paths/${id}`, body);
      expectError(res, 404, "Adaptive path not found");
      expect(res.body.code).toBe("ADAPTIVE_PATH_NOT_FOUND");
    }
    expect((await f.as("creator")("GET", `/adaptive-paths/${id}`)).status).toBe(200);
  });
});

describe("PATCH /adaptive-paths/{id}", () => {
  it("partial: rules replaced, other fields kept; 200 {id}", async () => {
    const id = await create(scoreRules());
    const res = await f.as("creator")("PATCH", `/adaptive-paths/${id}`, { rules: [{ skipIfScoreAbove: 80, lessonId: L(0, 1) }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { id } });
    const after = (await f.as("creator")("GET", `/adaptive-paths/${id}`)).body.data;
    expect(after).toMatchObject({ name: "Parcours incendie", rules: [{ skipIfScoreAbove: 80, lessonId: L(0, 1) }], extraLessons: [{ triggerScore: 40, lessonId: L(1, 2) }] });
    const chainId = await create(chain());
    expect((await f.as("creator")("PATCH", `/adaptive-paths/${chainId}`, { targetAudience: "EXPERT", description: "Pour experts" })).status).toBe(200);
    expect((await f.as("creator")("GET", `/adaptive-paths/${chainId}`)).body.data).toMatchObject({ targetAudience: "EXPERT", description: "Pour experts" });
  });

  it("400 for a lesson outside the course, another variant's field, or a new base course the rules do not fit", async () => {
    const id = await create(scoreRules());
    const outside = await f.as("creator")("PATCH", `/adaptive-paths/${id}`, { extraLessons: [{ triggerScore: 30, lessonId: other.lessons[0]![0]! }] });
    expectError(outside, 400);
    expect(outside.body.errors).toEqual({ "extraLessons.0.lessonId": ["Lesson not found in the base course"] });
    const wrong = await f.as("creator")("PATCH", `/adaptive-paths/${id}`, { targetAudience: "EXPERT" });
    expectError(wrong, 400);
    expect(wrong.body.errors).toEqual({ targetAudience: ["Not a field of the score-rule variant"] });
    const moved = await f.as("creator")("PATCH", `/adaptive-paths/${id}`, { baseCourseId: other.id });
    expectError(moved, 400);
    expect(Object.keys(moved.body.errors).sort()).toEqual(["extraLessons.0.lessonId", "rules.0.lessonId"]);
  });

  it("404 unknown; 403 for another creator and a learner", async () => {
    const id = await create(scoreRules());
    expectError(await f.as("creator")("PATCH", "/adaptive-paths/apt_unknown", { name: "x" }), 404);
    expectError(await f.as("creator2")("PATCH", `/adaptive-paths/${id}`, { name: "x" }), 403);
    expectError(await f.as("learner")("PATCH", `/adaptive-paths/${id}`, { name: "x" }), 403);
    expect((await f.as("admin")("PATCH", `/adaptive-paths/${id}`, { name: "Renommé" })).status).toBe(200);
  });
});

// ---- positioning quiz

const generate = (courseId: string, body: Record<string, unknown> = {}, who: "creator" | "admin" | "creator2" | "learner" | "globexCreator" = "creator") =>
  f.as(who)("POST", `/courses/${courseId}/positioning-quiz/generate`, { questionCount: 6, difficultyMix: { easy: 0.5, medium: 0.3, hard: 0.2 }, topics: ["Prévention", "Intervention"], ...body });

let positioning: { questionnaireId: string; lessonId: string };

describe("POST /courses/{courseId}/positioning-quiz/generate", () => {
  it("402 before any work when credits are short (24 < 25): nothing created, nothing debited", async () => {
    await setCredits(f.api, f.acmeId, 24);
    const before = (await f.api.db.select().from(questionnaires).where(eq(questionnaires.courseId, course.id))).length;
    const res = await generate(course.id);
    expectError(res, 402);
    expect(res.body.code).toBe("INSUFFICIENT_CREDITS");
    expect(await balanceOf(f.api, f.acmeId)).toBe(24);
    expect((await f.api.db.select().from(questionnaires).where(eq(questionnaires.courseId, course.id))).length).toBe(before);
  });

  it("201 {questionnaireId, type POSITIONING, questionCount, creditsConsumed 25}: the questionnaire, its questions by difficulty, the lesson first in the course", async () => {
    await setCredits(f.api, f.acmeId, 1000);
    const res = await generate(course.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ questionnaireId: expect.stringMatching(/^qst_/), type: "POSITIONING", questionCount: 6, creditsConsumed: 25, lessonId: expect.stringMatching(/^les_/) });
    positioning = res.body.data;
    expect(await balanceOf(f.api, f.acmeId)).toBe(975);
    const ledger = await ledgerOf(f.api, f.acmeId, course.id);
    expect(ledger.at(-1)).toMatchObject({ delta: -25, operation: "positioning-quiz", userId: f.userIds.creator });
    const [q] = await f.api.db.select().from(questionnaires).where(eq(questionnaires.id, positioning.questionnaireId));
    expect(q).toMatchObject({ kind: "POSITIONING", passMark: POSITIONING_PASS_MARK, courseId: course.id });
    const qs = await f.api.db.select().from(questions).where(eq(questions.questionnaireId, positioning.questionnaireId)).orderBy(asc(questions.position));
    expect(qs.map((x) => x.kind)).toEqual(["TRUE_FALSE", "TRUE_FALSE", "TRUE_FALSE", "SINGLE_CHOICE", "SINGLE_CHOICE", "MULTIPLE_CHOICE"]);
    expect(qs.map((x) => x.explanation)).toEqual(expect.arrayContaining([expect.stringContaining("Thème : Prévention."), expect.stringContaining("Thème : Intervention.")]));
    const first = await f.api.db.select().from(lessons).where(eq(lessons.moduleId, course.modules[0]!)).orderBy(asc(lessons.position));
    expect(first.map((l) => l.id)).toEqual([positioning.lessonId, L(0, 0), L(0, 1)]);
    expect(first[0]).toMatchObject({ kind: "QUIZ", questionnaireId: positioning.questionnaireId, position: 0 });
  });

  it("400 for a mix that does not sum to 1, a bad count or an unknown field", async () => {
    const mix = await generate(course.id, { difficultyMix: { easy: 0.5, medium: 0.5, hard: 0.5 } });
    expectError(mix, 400);
    expect(Object.keys(mix.body.errors)).toEqual(["difficultyMix"]);
    const count = await generate(course.id, { questionCount: 0 });
    expect(Object.keys(count.body.errors)).toEqual(["questionCount"]);
    expectUnknownFields(await generate(course.id, { level: "x" }), ["level"]);
  });

  it("404 for an unknown course or another tenant's; 403 for a learner and another creator", async () => {
    expectError(await generate("crs_unknown"), 404, "Course not found");
    expectError(await generate(course.id, {}, "globexCreator"), 404, "Course not found");
    expectError(await generate(course.id, {}, "learner"), 403);
    expectError(await generate(course.id, {}, "creator2"), 403);
  });
});

// ---- individual paths

async function enroll(userId: string): Promise<string> {
  const res = await f.as("creator")("POST", "/enrollments", { courseId: course.id, userId, paymentMethod: "FREE" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** Answers the positioning quiz right (all) or wrong (none). */
async function answerPositioning(enrollmentId: string, token: string, right: boolean) {
  const qs = await f.api.db.select().from(questions).where(eq(questions.questionnaireId, positioning.questionnaireId));
  const answers = qs.map((q) => ({ questionId: q.id, choiceIds: right ? q.choices.filter((c) => c.correct).map((c) => c.id) : [q.choices.find((c) => !c.correct)!.id] }));
  const res = await f.api.call("POST", `/enrollments/${enrollmentId}/quiz-attempts/${positioning.lessonId}`, { tenant: "acme", token, body: { answers } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const asToken = (token: string) => (method: string, path: string, body?: unknown): Promise<ApiResponse> => f.api.call(method, path, { tenant: "acme", token, body });

let definitionId: string;
let strong: string; // learner: 100 %
let weak: string; // learner2: 0 %

describe("POST /enrollments/{id}/adaptive-path (individual path, 30 credits)", () => {
  it("422 before a positioning attempt, and when the course has no score-rule definition", async () => {
    strong = await enroll(await userIdOf(f.api, "learner@acme.test"));
    const none = await f.as("learner")("POST", `/enrollments/${strong}/adaptive-path`, {});
    // the course already has score-rule definitions (created above): the score is what is missing
    expectError(none, 422);
    expect(none.body.code).toBe("POSITIONING_SCORE_MISSING");
    definitionId = await create(scoreRules({ name: "Parcours appliqué" }));
    const chainId = await create(chain());
    const wrongKind = await f.as("admin")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: chainId });
    expectError(wrongKind, 422);
    expect(wrongKind.body.code).toBe("ADAPTIVE_PATH_NOT_APPLICABLE");
  });

  it("402 before any work when credits are short (29 < 30)", async () => {
    await answerPositioning(strong, (await learnerToken()), true);
    await setCredits(f.api, f.acmeId, 29);
    const res = await f.as("learner")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: definitionId });
    expectError(res, 402);
    expect(res.body.code).toBe("INSUFFICIENT_CREDITS");
    expect(await balanceOf(f.api, f.acmeId)).toBe(29);
    expect(await f.api.db.select().from(learnerAdaptivePaths).where(eq(learnerAdaptivePaths.enrollmentId, strong))).toHaveLength(0);
    await setCredits(f.api, f.acmeId, 1000);
  });

  it("the learner generates their own after the test: score 100 > 70 skips the rule's lesson; the extra lesson (trigger 40) is left out", async () => {
    const res = await f.as("learner")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: definitionId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(LAP),
      enrollmentId: strong,
      courseId: course.id,
      adaptivePathId: definitionId,
      name: "Parcours appliqué",
      definitionExists: true,
      positioningScore: 100,
      positioningAttemptAt: expect.any(String),
      skippedLessons: [{ lessonId: L(0, 0), title: "Le triangle du feu" }],
      extraLessons: [],
      hiddenLessonIds: [L(1, 2)],
      summary: expect.stringContaining("100 %"),
      creditsConsumed: 30,
      generatedBy: await userIdOf(f.api, "learner@acme.test"),
      generatedAt: expect.any(String),
    });
    expect(await balanceOf(f.api, f.acmeId)).toBe(970);
    expect((await ledgerOf(f.api, f.acmeId, course.id)).at(-1)).toMatchObject({ delta: -30, operation: "adaptive-path" });
    expect((await f.as("learner")("GET", `/enrollments/${strong}/adaptive-path`)).body.data).toEqual(res.body.data);
    expect((await f.as("creator")("GET", `/adaptive-paths/${definitionId}`)).body.data.learnerPathsCount).toBe(1);
  });

  it("the learner may not regenerate from the same attempt (409); the course's creator may (replaces it)", async () => {
    const again = await f.as("learner")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: definitionId });
    expectError(again, 409);
    expect(again.body.code).toBe("LEARNER_PATH_UP_TO_DATE");
    const staff = await f.as("creator")("POST", `/enrollments/${strong}/adaptive-path`, {});
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    // default: the course's most recent score-rule definition (the module chain created after it does not count)
    expect(staff.body.data).toMatchObject({ adaptivePathId: definitionId, generatedBy: f.userIds.creator });
    const back = await f.as("admin")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: definitionId });
    expect(back.status).toBe(201);
    expect(await f.api.db.select().from(learnerAdaptivePaths).where(eq(learnerAdaptivePaths.enrollmentId, strong))).toHaveLength(1);
  });

  it("who: FUNDER reads the enrollment (funded by their funder) but may not generate (403); another creator, a FINANCIER and another tenant get 404", async () => {
    await fundEnrollment(f.api.db, (await tenantBySlug(f.api, "acme")).id, strong);
    expectError(await asToken(tok.funder)("POST", `/enrollments/${strong}/adaptive-path`, {}), 403);
    expect((await asToken(tok.funder)("GET", `/enrollments/${strong}/adaptive-path`)).status).toBe(200);
    for (const who of ["creator2", "finance", "globexAdmin"] as const) {
      expectError(await f.as(who)("POST", `/enrollments/${strong}/adaptive-path`, {}), 404);
      expectError(await f.as(who)("GET", `/enrollments/${strong}/adaptive-path`), 404);
    }
    const unknownDef = await f.as("admin")("POST", `/enrollments/${strong}/adaptive-path`, { adaptivePathId: "apt_unknown" });
    expectError(unknownDef, 404, "Adaptive path not found");
  });

  it("a weak score (0 <= 40) adds the extra lesson and skips nothing", async () => {
    weak = await enroll(await userIdOf(f.api, "learner2@acme.test"));
    expectError(await asToken(tok.learner2)("GET", `/enrollments/${weak}/adaptive-path`), 404);
    // the player offers the learner to personalise their path: the course has a score-rule definition
    expect((await asToken(tok.learner2)("GET", `/enrollments/${weak}`)).body.data).toMatchObject({ adaptivePath: null, adaptivePathAvailable: true });
    await answerPositioning(weak, tok.learner2, false);
    const res = await asToken(tok.learner2)("POST", `/enrollments/${weak}/adaptive-path`, { adaptivePathId: definitionId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ positioningScore: 0, skippedLessons: [], extraLessons: [{ lessonId: L(1, 2), title: "Renforcement : les extincteurs" }], hiddenLessonIds: [] });
  });
});

async function learnerToken() {
  return tokenFor(f.api, "acme", "learner");
}

describe("the player and progress follow the individual path", () => {
  const lessonsOf = (detail: { modules: { lessons: { id: string; pathRole: string }[] }[] }) => detail.modules.flatMap((m) => m.lessons.map((l) => [l.id, l.pathRole]));

  it("GET /enrollments/{id}: skipped lesson marked, untriggered extra left out, totals over the path", async () => {
    const detail = (await f.as("learner")("GET", `/enrollments/${strong}`)).body.data;
    expect(lessonsOf(detail)).toEqual([
      [positioning.lessonId, "CORE"],
      [L(0, 0), "SKIPPED"],
      [L(0, 1), "CORE"],
      [L(1, 0), "CORE"],
      [L(1, 1), "CORE"],
    ]);
    // the positioning lesson is completed (any attempt completes it); the skipped lesson does not count
    expect(detail.progress).toEqual({ percentage: 25, completedLessons: 1, totalLessons: 4 });
    expect(detail.adaptivePath).toMatchObject({ name: "Parcours appliqué", positioningScore: 100, skippedLessons: 1, extraLessons: 0 });
    const weakDetail = (await asToken(tok.learner2)("GET", `/enrollments/${weak}`)).body.data;
    expect(lessonsOf(weakDetail).find(([id]) => id === L(1, 2))).toEqual([L(1, 2), "EXTRA"]);
    expect(weakDetail.progress).toEqual({ percentage: 16, completedLessons: 1, totalLessons: 6 });
    const summary = (await f.as("learner")("GET", `/enrollments/${strong}/progress`)).body.data;
    expect(summary).toMatchObject({ completedLessons: 1, totalLessons: 4 });
    expect(summary.modules.map((m: { total: number }) => m.total)).toEqual([2, 2]);
  });

  it("completing the path's lessons completes the enrollment without the skipped one; the lists agree", async () => {
    const token = await learnerToken();
    for (const lessonId of [L(0, 1), L(1, 0), L(1, 1)]) {
      const res = await f.api.call("POST", `/enrollments/${strong}/progress/${lessonId}`, { tenant: "acme", token, body: { status: "COMPLETED" } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const detail = (await f.as("learner")("GET", `/enrollments/${strong}`)).body.data;
    expect(detail.status).toBe("COMPLETED");
    expect(detail.progress).toEqual({ percentage: 100, completedLessons: 4, totalLessons: 4 });
    const mine = (await f.as("learner")("GET", "/enrollments/me")).body.data.find((e: { id: string }) => e.id === strong);
    expect(mine?.progress ?? mine).toMatchObject({ completedLessons: 4, totalLessons: 4 });
  });

  it("the course's public statistics count each enrollment's path", async () => {
    const stats = (await f.as("creator")("GET", `/courses/${course.id}/public-stats`)).body.data;
    // strong: 4/4 (COMPLETED); weak: 1/6 (positioning only) -> 5 / 10
    expect(stats.averageProgress).toBe(0.5);
  });

  it("the weak learner must also do the extra lesson", async () => {
    for (const lessonId of [L(0, 0), L(0, 1), L(1, 0), L(1, 1)]) {
      expect((await asToken(tok.learner2)("POST", `/enrollments/${weak}/progress/${lessonId}`, { status: "COMPLETED" })).status).toBe(201);
    }
    expect((await asToken(tok.learner2)("GET", `/enrollments/${weak}`)).body.data).toMatchObject({ status: "ACTIVE", progress: { completedLessons: 5, totalLessons: 6 } });
    expect((await asToken(tok.learner2)("POST", `/enrollments/${weak}/progress/${L(1, 2)}`, { status: "COMPLETED" })).body.data.enrollment).toMatchObject({ status: "COMPLETED", percentage: 100 });
  });
});

describe("DELETE /adaptive-paths/{id}", () => {
  it("204; the definition is gone (404) and the individual paths generated from it remain", async () => {
    expectError(await f.as("creator2")("DELETE", `/adaptive-paths/${definitionId}`), 403);
    expectError(await f.as("trainer")("DELETE", `/adaptive-paths/${definitionId}`), 403);
    const res = await f.as("creator")("DELETE", `/adaptive-paths/${definitionId}`);
    expect(res.status).toBe(204);
    expectError(await f.as("creator")("GET", `/adaptive-paths/${definitionId}`), 404);
    expectError(await f.as("creator")("DELETE", `/adaptive-paths/${definitionId}`), 404);
    const path = await f.as("learner")("GET", `/enrollments/${strong}/adaptive-path`);
    expect(path.status).toBe(200);
    expect(path.body.data).toMatchObject({ adaptivePathId: definitionId, definitionExists: false, name: "Parcours appliqué", skippedLessons: [{ lessonId: L(0, 0) }] });
    const rows = await f.api.db.select().from(learnerAdaptivePaths).where(and(eq(learnerAdaptivePaths.adaptivePathId, definitionId)));
    expect(rows).toHaveLength(2);
    // the player still follows it
    expect((await f.as("learner")("GET", `/enrollments/${strong}`)).body.data.progress).toEqual({ percentage: 100, completedLessons: 4, totalLessons: 4 });
  });
});
