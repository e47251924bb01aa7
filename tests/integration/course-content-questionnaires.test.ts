import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, quizAttempts } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { assignTrainer, enroll, newCourse, setupContent, type ContentFixture } from "./course-content-fixtures";

let fx: ContentFixture;
beforeAll(async () => {
  fx = await setupContent();
});
afterAll(() => fx.close());

const creator = (m: string, p: string, b?: unknown) => fx.as("creator")(m, p, b);
const QUESTIONNAIRE_KEYS = ["id", "courseId", "kind", "title", "passMark", "questionCount", "totalPoints", "lessonIds", "questions", "createdAt", "updatedAt"].sort();

const validQuestions = () => [
  { kind: "SINGLE_CHOICE", prompt: "Capitale de la France ?", choices: [{ label: "Paris", correct: true }, { label: "Lyon" }], explanation: "Paris, évidemment.", points: 2 },
  { kind: "MULTIPLE_CHOICE", prompt: "Nombres pairs ?", choices: [{ label: "2", correct: true }, { label: "3", correct: false }, { label: "4", correct: true }] },
  { kind: "TRUE_FALSE", prompt: "La Terre est plate.", correctAnswer: false },
  { kind: "TRUE_FALSE", prompt: "L'eau bout à 100 °C.", choices: [{ id: "yes", label: "Oui", correct: true }, { id: "no", label: "Non" }] },
  { kind: "FREE_TEXT", prompt: "Premier geste de secours ?", expectedText: "protéger" },
];

async function create(courseId: string, body: Record<string, unknown> = {}) {
  const res = await creator("POST", `/courses/${courseId}/questionnaires`, { title: "Quiz final", kind: "QUIZ", questions: validQuestions(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe("POST /courses/{id}/questionnaires", () => {
  it("creates a questionnaire with its questions and answers 201 with everything", async () => {
    const courseId = await newCourse(fx);
    const res = await creator("POST", `/courses/${courseId}/questionnaires`, { title: "Quiz final", kind: "QUIZ", passMark: 70, questions: validQuestions() });
    expect(res.status).toBe(201);
    const q = res.body.data;
    expect(Object.keys(q).sort()).toEqual(QUESTIONNAIRE_KEYS);
    expect(q).toMatchObject({ courseId, kind: "QUIZ", title: "Quiz final", passMark: 70, questionCount: 5, totalPoints: 6, lessonIds: [] });
    expect(q.id).toMatch(/^qst_[a-z0-9]{24}$/);
    expect(q.questions.map((x: { position: number; kind: string }) => [x.position, x.kind])).toEqual([
      [0, "SINGLE_CHOICE"],
      [1, "MULTIPLE_CHOICE"],
      [2, "TRUE_FALSE"],
      [3, "TRUE_FALSE"],
      [4, "FREE_TEXT"],
    ]);
    const [single, , generated, given, free] = q.questions;
    expect(single.id).toMatch(/^qqn_[a-z0-9]{24}$/);
    expect(single).toMatchObject({ prompt: "Capitale de la France ?", explanation: "Paris, évidemment.", expectedText: null, points: 2 });
    expect(single.choices.map((c: { label: string; correct: boolean }) => [c.label, c.correct])).toEqual([
      ["Paris", true],
      ["Lyon", false],
    ]);
    for (const c of single.choices) expect(c.id).toMatch(/^[a-z0-9]{8}$/);
    expect(generated.choices.map((c: { label: string; correct: boolean }) => [c.label, c.correct])).toEqual([
      ["Vrai", false],
      ["Faux", true],
    ]);
    expect(given.choices).toEqual([
      { id: "yes", label: "Oui", correct: true },
      { id: "no", label: "Non", correct: false },
    ]);
    expect(free).toMatchObject({ choices: [], expectedText: "protéger", explanation: null, points: 1 });
  });

  it("defaults passMark to 50 and accepts an empty question list", async () => {
    const courseId = await newCourse(fx);
    const res = await creator("POST", `/courses/${courseId}/questionnaires`, { title: "Positionnement", kind: "POSITIONING" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "POSITIONING", passMark: 50, questionCount: 0, totalPoints: 0, questions: [] });
  });

  it("422 with errors keyed by question and field when a rule is broken", async () => {
    const courseId = await newCourse(fx);
    const res = await creator("POST", `/courses/${courseId}/questionnaires`, {
      title: "Mauvais quiz",
      kind: "QUIZ",
      questions: [
        { kind: "SINGLE_CHOICE", prompt: "Deux bonnes réponses", choices: [{ label: "A", correct: true }, { label: "B", correct: true }] },
        { kind: "SINGLE_CHOICE", prompt: "Un seul choix", choices: [{ label: "A", correct: true }] },
        { kind: "MULTIPLE_CHOICE", prompt: "Aucune bonne réponse", choices: [{ label: "A" }, { label: "B" }] },
        { kind: "TRUE_FALSE", prompt: "Trois choix", choices: [{ label: "V", correct: true }, { label: "F" }, { label: "?" }] },
        { kind: "TRUE_FALSE", prompt: "Sans réponse" },
        { kind: "FREE_TEXT", prompt: "Avec des choix", choices: [{ label: "A" }] },
        { kind: "SINGLE_CHOICE", prompt: "Texte attendu", choices: [{ label: "A", correct: true }, { label: "a" }], expectedText: "x" },
        { kind: "MULTIPLE_CHOICE", prompt: "correctAnswer", choices: [{ label: "A", correct: true }, { label: "B" }], correctAnswer: true },
        { kind: "SINGLE_CHOICE", prompt: "Ids en double", choices: [{ id: "x", label: "A", correct: true }, { id: "x", label: "B" }] },
      ],
    });
    expectError(res, 422, "Invalid questions");
    expect(res.body.errors).toEqual({
      "questions.0.choices": ["Exactly one choice must be correct"],
      "questions.1.choices": ["At least two choices"],
      "questions.2.choices": ["At least one choice must be correct"],
      "questions.3.choices": ["Exactly two choices"],
      "questions.4.correctAnswer": ["Required for a TRUE_FALSE question without choices"],
      "questions.5.choices": ["FREE_TEXT questions have no choices"],
      "questions.6.expectedText": ["Only FREE_TEXT questions have an expected text"],
      "questions.6.choices": ["Choice labels must be distinct"],
      "questions.7.correctAnswer": ["Only TRUE_FALSE questions take correctAnswer"],
      "questions.8.choices": ["Choice ids must be distinct"],
    });
    expect((await creator("GET", `/courses/${courseId}/questionnaires`)).body.data).toEqual([]);
  });

  it("SATISFACTION questionnaires carry no correct answers", async () => {
    const courseId = await newCourse(fx);
    const ok = await creator("POST", `/courses/${courseId}/questionnaires`, {
      title: "Satisfaction",
      kind: "SATISFACTION",
      questions: [
        { kind: "SINGLE_CHOICE", prompt: "Note globale", choices: [{ label: "Très satisfait" }, { label: "Satisfait" }, { label: "Déçu" }] },
        { kind: "TRUE_FALSE", prompt: "Recommanderiez-vous la formation ?" },
        { kind: "FREE_TEXT", prompt: "Commentaires" },
      ],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.questions[1].choices.map((c: { label: string; correct: boolean }) => [c.label, c.correct])).toEqual([
      ["Vrai", false],
      ["Faux", false],
    ]);
    const bad = await creator("POST", `/courses/${courseId}/questionnaires`, {
      title: "Satisfaction",
      kind: "SATISFACTION",
      questions: [
        { kind: "SINGLE_CHOICE", prompt: "Note", choices: [{ label: "Bien", correct: true }, { label: "Mal" }] },
        { kind: "TRUE_FALSE", prompt: "Oui ?", correctAnswer: true },
        { kind: "FREE_TEXT", prompt: "Texte", expectedText: "x" },
      ],
    });
    expectValidation(bad, ["questions.0.choices", "questions.1.correctAnswer", "questions.2.expectedText"], 422);
  });

  it("400 on shape errors and unknown fields", async () => {
    const courseId = await newCourse(fx);
    const path = `/courses/${courseId}/questionnaires`;
    expectValidation(await creator("POST", path, { kind: "QUIZ" }), ["title"]);
    expectValidation(await creator("POST", path, { title: "Q" }), ["kind"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "EXAM" }), ["kind"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "QUIZ", passMark: 101 }), ["passMark"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "QUIZ", passMark: "50" }), ["passMark"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "QUIZ", questions: [{ kind: "ESSAY", prompt: "?" }] }), ["questions.0.kind"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "QUIZ", questions: [{ kind: "FREE_TEXT", prompt: "" }] }), ["questions.0.prompt"]);
    expectValidation(await creator("POST", path, { title: "Q", kind: "QUIZ", questions: [{ kind: "SINGLE_CHOICE", prompt: "?", choices: [{ label: "A", correct: "yes" }] }] }), ["questions.0.choices.0.correct"]);
    expectUnknownFields(await creator("POST", path, { title: "Q", kind: "QUIZ", courseId: "crs_x" }), ["courseId"]);
    expectUnknownFields(await creator("POST", path, { title: "Q", kind: "QUIZ", questions: [{ kind: "FREE_TEXT", prompt: "?", answer: "x" }] }), ["questions.0.answer"]);
  });

  it("401/403 on writes for others; 404 for an unknown course", async () => {
    const courseId = await newCourse(fx);
    const body = { title: "Q", kind: "QUIZ" };
    expectError(await fx.api.call("POST", `/courses/${courseId}/questionnaires`, { tenant: "acme", body }), 401);
    for (const who of ["learner", "trainer", "creator2"] as const) expectError(await fx.as(who)("POST", `/courses/${courseId}/questionnaires`, body), 403);
    expect((await fx.as("admin")("POST", `/courses/${courseId}/questionnaires`, body)).status).toBe(201);
    expectError(await creator("POST", "/courses/crs_unknown/questionnaires", body), 404, "Course not found");
  });
});

describe("GET /courses/{id}/questionnaires and /{questionnaireId}", () => {
  it("lists summaries oldest first with counts and the lessons using them; reads one with its answers", async () => {
    const courseId = await newCourse(fx);
    const first = await create(courseId, { title: "Premier" });
    const second = await create(courseId, { title: "Second", kind: "SATISFACTION", questions: [{ kind: "FREE_TEXT", prompt: "Avis ?" }] });
    const moduleId = (await creator("POST", `/courses/${courseId}/modules`, { title: "M" })).body.data.id;
    const lesson = (await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "Quiz", kind: "QUIZ", questionnaireId: first.id })).body.data;

    const list = await creator("GET", `/courses/${courseId}/questionnaires`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: first.id, title: "Premier", questionCount: 5, totalPoints: 6, lessonIds: [lesson.id] }),
      expect.objectContaining({ id: second.id, kind: "SATISFACTION", questionCount: 1, totalPoints: 1, lessonIds: [] }),
    ]);
    for (const item of list.body.data) expect(item).not.toHaveProperty("questions");

    const one = await creator("GET", `/courses/${courseId}/questionnaires/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: first.id, lessonIds: [lesson.id], questionCount: 5 });
    expect(one.body.data.questions[0].choices[0]).toMatchObject({ label: "Paris", correct: true });
  });

  it("is readable by the owner, an ADMIN and an assigned trainer; 403 for learners (even enrolled) and other creators", async () => {
    const courseId = await newCourse(fx, { status: "PUBLISHED" });
    const q = await create(courseId);
    await enroll(fx, courseId, fx.userIds.learner);
    for (const path of [`/courses/${courseId}/questionnaires`, `/courses/${courseId}/questionnaires/${q.id}`]) {
      expect((await fx.as("admin")("GET", path)).status).toBe(200);
      expectError(await fx.as("learner")("GET", path), 403);
      expectError(await fx.as("creator2")("GET", path), 403);
      expectError(await fx.as("trainer")("GET", path), 403);
    }
    await assignTrainer(fx, courseId, fx.userIds.trainer);
    expect((await fx.as("trainer")("GET", `/courses/${courseId}/questionnaires/${q.id}`)).status).toBe(200);
  });

  it("404 for a questionnaire of another course", async () => {
    const courseId = await newCourse(fx);
    const other = await create(await newCourse(fx));
    expectError(await creator("GET", `/courses/${courseId}/questionnaires/${other.id}`), 404, "Questionnaire not found");
  });
});

describe("PATCH /courses/{id}/questionnaires/{questionnaireId}", () => {
  it("changes title and pass mark", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const res = await creator("PATCH", `/courses/${courseId}/questionnaires/${q.id}`, { title: "Renommé", passMark: 80 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: q.id, title: "Renommé", passMark: 80, kind: "QUIZ", questionCount: 5 });
  });

  it("re-checks the questions when the kind changes (422), and accepts a compatible change", async () => {
    const courseId = await newCourse(fx);
    const survey = await create(courseId, {
      kind: "SATISFACTION",
      questions: [
        { kind: "SINGLE_CHOICE", prompt: "Note", choices: [{ label: "Bien" }, { label: "Mal" }] },
        { kind: "FREE_TEXT", prompt: "Avis" },
      ],
    });
    const res = await creator("PATCH", `/courses/${courseId}/questionnaires/${survey.id}`, { kind: "QUIZ" });
    expectError(res, 422, "The questions do not fit a QUIZ questionnaire: fix them first");
    expect(res.body.errors).toEqual({ kind: ["Incompatible with the current questions"], "questions.0.choices": ["Exactly one choice must be correct"] });
    const quiz = await create(courseId);
    expect((await creator("PATCH", `/courses/${courseId}/questionnaires/${quiz.id}`, { kind: "POSITIONING" })).body.data.kind).toBe("POSITIONING");
  });

  it("400 on questions (replaced through PUT) and unknown fields; 403 for others", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const path = `/courses/${courseId}/questionnaires/${q.id}`;
    expectUnknownFields(await creator("PATCH", path, { questions: [] }), ["questions"]);
    expectValidation(await creator("PATCH", path, { passMark: -1 }), ["passMark"]);
    expectError(await fx.as("creator2")("PATCH", path, { title: "X" }), 403);
    expectError(await fx.as("learner")("PATCH", path, { title: "X" }), 403);
  });
});

describe("PUT /courses/{id}/questionnaires/{questionnaireId}/questions", () => {
  it("replaces the list in order; ids sent back stay stable, missing questions are deleted", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const [single, multiple, , given] = q.questions;
    const body = {
      questions: [
        { id: given.id, kind: "TRUE_FALSE", prompt: "L'eau bout à 100 °C au niveau de la mer.", choices: given.choices },
        {
          id: single.id,
          kind: "SINGLE_CHOICE",
          prompt: single.prompt,
          choices: [{ id: single.choices[0].id, label: "Paris", correct: true }, { id: single.choices[1].id, label: "Lyon" }, { label: "Marseille" }],
          points: 3,
        },
        { kind: "FREE_TEXT", prompt: "Nouvelle question" },
      ],
    };
    const res = await creator("PUT", `/courses/${courseId}/questionnaires/${q.id}/questions`, body);
    expect(res.status).toBe(200);
    const out = res.body.data;
    expect(out).toMatchObject({ questionCount: 3, totalPoints: 5 });
    expect(out.questions.map((x: { id: string; position: number }) => [x.id, x.position])).toEqual([
      [given.id, 0],
      [single.id, 1],
      [expect.stringMatching(/^qqn_/), 2],
    ]);
    expect(out.questions[0]).toMatchObject({ prompt: "L'eau bout à 100 °C au niveau de la mer.", choices: given.choices });
    expect(out.questions[1].choices.slice(0, 2)).toEqual(single.choices);
    expect(out.questions[1].choices[2]).toMatchObject({ label: "Marseille", correct: false, id: expect.stringMatching(/^[a-z0-9]{8}$/) });
    expect(out.questions.map((x: { id: string }) => x.id)).not.toContain(multiple.id);
    const again = await creator("GET", `/courses/${courseId}/questionnaires/${q.id}`);
    expect(again.body.data.questions).toEqual(out.questions);
  });

  it("422 for an id that is not one of this questionnaire's questions, and for rule violations; nothing changes", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const other = await create(courseId, { title: "Autre" });
    const path = `/courses/${courseId}/questionnaires/${q.id}/questions`;
    const res = await creator("PUT", path, {
      questions: [
        { id: other.questions[4].id, kind: "FREE_TEXT", prompt: "Volée" },
        { kind: "MULTIPLE_CHOICE", prompt: "Pas de bonne réponse", choices: [{ label: "A" }, { label: "B" }] },
      ],
    });
    expectValidation(res, ["questions.0.id", "questions.1.choices"], 422);
    expect(res.body.errors["questions.0.id"]).toEqual(["Not a question of this questionnaire"]);
    const dup = await creator("PUT", path, { questions: [q.questions[4], q.questions[4]].map((x) => ({ id: x.id, kind: x.kind, prompt: x.prompt })) });
    expect(dup.body.errors).toEqual({ "questions.1.id": ["Duplicate question id"] });
    expect((await creator("GET", `/courses/${courseId}/questionnaires/${q.id}`)).body.data.questions).toEqual(q.questions);
  });

  it("an empty list deletes every question", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const res = await creator("PUT", `/courses/${courseId}/questionnaires/${q.id}/questions`, { questions: [] });
    expect(res.body.data).toMatchObject({ questionCount: 0, totalPoints: 0, questions: [] });
  });

  it("400 without questions or with unknown fields; 403 for others; 404 for another course's questionnaire", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const path = `/courses/${courseId}/questionnaires/${q.id}/questions`;
    expectValidation(await creator("PUT", path, {}), ["questions"]);
    expectUnknownFields(await creator("PUT", path, { questions: [], title: "x" }), ["title"]);
    expectError(await fx.as("creator2")("PUT", path, { questions: [] }), 403);
    expectError(await fx.as("trainer")("PUT", path, { questions: [] }), 403);
    const foreign = await create(await newCourse(fx));
    expectError(await creator("PUT", `/courses/${courseId}/questionnaires/${foreign.id}/questions`, { questions: [] }), 404, "Questionnaire not found");
  });
});

describe("DELETE /courses/{id}/questionnaires/{questionnaireId}", () => {
  it("deletes an unused questionnaire", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    const res = await creator("DELETE", `/courses/${courseId}/questionnaires/${q.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: q.id, deleted: true } });
    expectError(await creator("GET", `/courses/${courseId}/questionnaires/${q.id}`), 404);
  });

  it("409 while a lesson uses it, and once learners have attempts on it", async () => {
    const courseId = await newCourse(fx, { status: "PUBLISHED" });
    const q = await create(courseId);
    const moduleId = (await creator("POST", `/courses/${courseId}/modules`, { title: "M" })).body.data.id;
    const lesson = (await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "Quiz", kind: "QUIZ", questionnaireId: q.id })).body.data;
    expectError(await creator("DELETE", `/courses/${courseId}/questionnaires/${q.id}`), 409, `Questionnaire is used by lesson ${lesson.id}: change or delete the lesson first`);

    const enrollmentId = await enroll(fx, courseId, fx.userIds.learner);
    await fx.api.db.insert(quizAttempts).values({
      id: newId("qat"),
      tenantId: fx.acmeId,
      enrollmentId,
      lessonId: lesson.id,
      questionnaireId: q.id,
      answers: [],
      score: 1,
      maxScore: 6,
      percentage: 17,
      passed: false,
    });
    const second = await create(courseId, { title: "Remplaçant" });
    expect((await creator("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { questionnaireId: second.id })).status).toBe(200);
    expectError(await creator("DELETE", `/courses/${courseId}/questionnaires/${q.id}`), 409, "Questionnaire has quiz attempts: it cannot be deleted");
  });

  it("403 for others", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    expectError(await fx.as("creator2")("DELETE", `/courses/${courseId}/questionnaires/${q.id}`), 403);
    expectError(await fx.as("learner")("DELETE", `/courses/${courseId}/questionnaires/${q.id}`), 403);
  });
});

describe("ARCHIVED courses", () => {
  it("409 on questionnaire writes; reads still work", async () => {
    const courseId = await newCourse(fx);
    const q = await create(courseId);
    await fx.api.db.update(courses).set({ status: "ARCHIVED" }).where(eq(courses.id, courseId));
    expectError(await creator("POST", `/courses/${courseId}/questionnaires`, { title: "Q", kind: "QUIZ" }), 409);
    expectError(await creator("PATCH", `/courses/${courseId}/questionnaires/${q.id}`, { title: "Q" }), 409);
    expectError(await creator("PUT", `/courses/${courseId}/questionnaires/${q.id}/questions`, { questions: [] }), 409);
    expectError(await creator("DELETE", `/courses/${courseId}/questionnaires/${q.id}`), 409);
    expect((await creator("GET", `/courses/${courseId}/questionnaires/${q.id}`)).body.data.questionCount).toBe(5);
  });
});

describe("cross-tenant: acme callers with globex ids", () => {
  it("404 on every questionnaire operation; globex's questionnaire is unchanged", async () => {
    const globexCourse = await newCourse(fx, { tenant: "globex" });
    const g = fx.as("globexCreator");
    const created = await g("POST", `/courses/${globexCourse}/questionnaires`, { title: "Globex", kind: "QUIZ", questions: validQuestions() });
    expect(created.status).toBe(201);
    const gq = created.body.data;
    const acmeCourse = await newCourse(fx);
    for (const who of ["admin", "creator"] as const) {
      const call = fx.as(who);
      expectError(await call("GET", `/courses/${globexCourse}/questionnaires`), 404, "Course not found");
      expectError(await call("POST", `/courses/${globexCourse}/questionnaires`, { title: "X", kind: "QUIZ" }), 404);
      expectError(await call("GET", `/courses/${globexCourse}/questionnaires/${gq.id}`), 404);
      expectError(await call("PATCH", `/courses/${globexCourse}/questionnaires/${gq.id}`, { title: "X" }), 404);
      expectError(await call("PUT", `/courses/${globexCourse}/questionnaires/${gq.id}/questions`, { questions: [] }), 404);
      expectError(await call("DELETE", `/courses/${globexCourse}/questionnaires/${gq.id}`), 404);
      expectError(await call("GET", `/courses/${acmeCourse}/questionnaires/${gq.id}`), 404, "Questionnaire not found");
      expectError(await call("PUT", `/courses/${acmeCourse}/questionnaires/${gq.id}/questions`, { questions: [] }), 404, "Questionnaire not found");
    }
    // an acme QUIZ lesson cannot point at globex's questionnaire
    const moduleId = (await creator("POST", `/courses/${acmeCourse}/modules`, { title: "M" })).body.data.id;
    const res = await creator("POST", `/courses/${acmeCourse}/modules/${moduleId}/lessons`, { title: "Q", kind: "QUIZ", questionnaireId: gq.id });
    expectValidation(res, ["questionnaireId"], 422);
    const still = await fx.as("globexAdmin")("GET", `/courses/${globexCourse}/questionnaires/${gq.id}`);
    expect(still.body.data).toMatchObject({ title: "Globex", questionCount: 5 });
  });
});
