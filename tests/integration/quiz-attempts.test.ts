import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, enrollments, memberships, quizAttempts } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment, rightChoices, wrongChoices, type SeededCourse, type SeededLesson } from "../factories/learning";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let globexId: string;
let creatorId: string;
let learnerId: string;
const t: Record<string, string> = {};
let course: SeededCourse;
let quiz: SeededLesson;
let textLesson: SeededLesson;
let enrollmentId: string;
let globexCourse: SeededCourse;
let globexEnrollmentId: string;

/** Course: module 1 = a text lesson and a 5-question quiz (pass mark 60); module 2 = a one-question quiz. */
beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  creatorId = await userIdOf(api, "creator@acme.test");
  learnerId = (await createMember(api.db, acmeId, "LEARNER", "quiz.taker@acme.test")).id;
  course = await createLearningCourse(api.db, acmeId, {
    creatorId,
    modules: [
      {
        lessons: [
          { title: "Read me" },
          {
            title: "Checkpoint",
            quiz: {
              title: "Premiers secours",
              passMark: 60,
              questions: [
                { kind: "SINGLE_CHOICE", prompt: "Numéro d'urgence ?", choices: [["15", true], ["17", false], ["18", false]], points: 2, explanation: "Le SAMU est le 15." },
                { kind: "MULTIPLE_CHOICE", choices: [["A", true], ["B", true], ["C", false]] },
                { kind: "TRUE_FALSE", choices: [["Vrai", false], ["Faux", true]] },
                { kind: "FREE_TEXT", expectedText: "Sécurité", explanation: "Protéger d'abord." },
                { kind: "FREE_TEXT", expectedText: null },
              ],
            },
          },
        ],
      },
      { lessons: [{ quiz: { title: "Final", passMark: 100, questions: [{ kind: "SINGLE_CHOICE", choices: [["yes", true], ["no", false]] }] } }] },
    ],
  });
  textLesson = course.lessons[0]!;
  quiz = course.lessons[1]!;
  enrollmentId = (await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: learnerId })).id;
  globexCourse = await createLearningCourse(api.db, globexId, {
    creatorId: await userIdOf(api, "creator@globex.test"),
    modules: [{ lessons: [{ quiz: { questions: [{ kind: "TRUE_FALSE", choices: [["T", true], ["F", false]] }] } }] }],
  });
  globexEnrollmentId = (await insertEnrollment(api.db, globexId, { courseId: globexCourse.id, userId: await userIdOf(api, "learner@globex.test") })).id;
  t.me = (await login(api, "acme", "quiz.taker@acme.test")).accessToken;
  for (const local of ["learner2", "admin", "creator", "funder"]) t[local] = await tokenFor(api, "acme", local);
});
afterAll(() => api.close());

const submit = (enrollment: string, lessonId: string, body: unknown, who = "me") =>
  api.call("POST", `/enrollments/${enrollment}/quiz-attempts/${lessonId}`, { tenant: "acme", token: t[who], body });
const get = (path: string, who = "me") => api.call("GET", path, { tenant: "acme", token: t[who] });
const q = (i: number) => quiz.questions[i]!;

describe("POST /enrollments/{id}/quiz-attempts/{lessonId}", () => {
  it("before any attempt: quiz-feedback is 404 and quiz-scores lists the quizzes unattempted", async () => {
    expectError(await get(`/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`), 404, "Quiz attempt not found");
    const scores = await get(`/enrollments/${enrollmentId}/quiz-scores`);
    expect(scores.status).toBe(200);
    expect(scores.body.data).toEqual({
      scores: [
        { lessonId: quiz.id, questionnaireId: quiz.questionnaireId, title: "Premiers secours", bestPercentage: null, lastPercentage: null, attempts: 0, passed: false },
        { lessonId: course.lessons[2]!.id, questionnaireId: course.lessons[2]!.questionnaireId, title: "Final", bestPercentage: null, lastPercentage: null, attempts: 0, passed: false },
      ],
      average: null,
      passRate: null,
    });
  });

  it("scores a failed attempt on the server (201); the lesson is IN_PROGRESS; unanswered questions score 0", async () => {
    const res = await submit(enrollmentId, quiz.id, {
      answers: [
        { questionId: q(0).id, choiceIds: rightChoices(q(0)) }, // 2 points
        { questionId: q(1).id, choiceIds: [rightChoices(q(1))[0]!] }, // incomplete set: 0
        { questionId: q(2).id, choiceIds: wrongChoices(q(2)) }, // 0
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      attemptId: expect.stringMatching(/^qat_/),
      lessonId: quiz.id,
      questionnaireId: quiz.questionnaireId,
      score: 2,
      maxScore: 5, // 2 + 1 + 1 + 1; the free-text question without an expected answer is not scored
      percentage: 40,
      passMark: 60,
      passed: false,
      createdAt: expect.any(String),
      lessonStatus: "IN_PROGRESS",
      enrollmentStatus: "ACTIVE",
    });
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, enrollmentId), eq(activityLogs.action, "quiz.submitted")));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.metadata).toMatchObject({ attemptId: res.body.data.attemptId, score: 2, maxScore: 5, passed: false });
  });

  it("passes with every answer right: exact multiple-choice set, free text ignoring case and accents; the lesson is COMPLETED", async () => {
    const res = await submit(enrollmentId, quiz.id, {
      answers: [
        { questionId: q(0).id, choiceIds: rightChoices(q(0)) },
        { questionId: q(1).id, choiceIds: [...rightChoices(q(1))].reverse() },
        { questionId: q(2).id, choiceIds: rightChoices(q(2)) },
        { questionId: q(3).id, text: "  SECURITE " },
        { questionId: q(4).id, text: "Anything goes" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ score: 5, maxScore: 5, percentage: 100, passed: true, lessonStatus: "COMPLETED", enrollmentStatus: "ACTIVE" });
    const detail = await get(`/enrollments/${enrollmentId}`);
    expect(detail.body.data.modules[0].lessons[1]).toMatchObject({ id: quiz.id, status: "COMPLETED" });
  });

  it("a multiple-choice answer with an extra wrong choice scores 0; percentage is rounded (scorePercentage); passing is exact", async () => {
    const res = await submit(enrollmentId, quiz.id, {
      answers: [
        { questionId: q(0).id, choiceIds: rightChoices(q(0)) },
        { questionId: q(1).id, choiceIds: q(1).choices.map((c) => c.id) },
        { questionId: q(3).id, text: "securite" },
      ],
    });
    // 3 of 5 = 60 % = the pass mark.
    expect(res.body.data).toMatchObject({ score: 3, percentage: 60, passed: true, lessonStatus: "COMPLETED" });
  });

  it("quiz-scores: best, last, attempts, passed; average and pass rate over attempted quizzes", async () => {
    const res = await get(`/enrollments/${enrollmentId}/quiz-scores`);
    expect(res.body.data.scores[0]).toEqual({ lessonId: quiz.id, questionnaireId: quiz.questionnaireId, title: "Premiers secours", bestPercentage: 100, lastPercentage: 60, attempts: 3, passed: true });
    expect(res.body.data).toMatchObject({ average: 100, passRate: 100 });
    const final = course.lessons[2]!;
    expect((await submit(enrollmentId, final.id, { answers: [{ questionId: final.questions[0]!.id, choiceIds: wrongChoices(final.questions[0]!) }] })).body.data.passed).toBe(false);
    const after = await get(`/enrollments/${enrollmentId}/quiz-scores`);
    expect(after.body.data.scores[1]).toMatchObject({ bestPercentage: 0, lastPercentage: 0, attempts: 1, passed: false });
    expect(after.body.data).toMatchObject({ average: 50, passRate: 50 });
  });

  it("quiz-feedback: the last attempt's answers, the correct answers and the explanations", async () => {
    const res = await get(`/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ lessonId: quiz.id, questionnaireId: quiz.questionnaireId, title: "Premiers secours", score: 3, maxScore: 5, percentage: 60, passMark: 60, passed: true });
    expect(d.questions).toHaveLength(5);
    expect(d.questions[0]).toEqual({
      questionId: q(0).id,
      kind: "SINGLE_CHOICE",
      prompt: "Numéro d'urgence ?",
      points: 2,
      choices: q(0).choices,
      answer: { choiceIds: rightChoices(q(0)), text: null },
      correct: true,
      pointsAwarded: 2,
      correctChoiceIds: rightChoices(q(0)),
      expectedText: null,
      explanation: "Le SAMU est le 15.",
    });
    expect(d.questions[1]).toMatchObject({ correct: false, pointsAwarded: 0, correctChoiceIds: rightChoices(q(1)) });
    expect(d.questions[2]).toMatchObject({ answer: null, correct: false });
    expect(d.questions[3]).toMatchObject({ answer: { choiceIds: [], text: "securite" }, correct: true, expectedText: "Sécurité", explanation: "Protéger d'abord." });
    expect(d.questions[4]).toMatchObject({ answer: null, correct: null });
  });

  it("quiz-feedback is readable by the course's creator and ADMIN; FUNDER and other learners get 404", async () => {
    for (const who of ["creator", "admin"]) expect((await get(`/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`, who)).status).toBe(200);
    for (const who of ["funder", "learner2"]) expectError(await get(`/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`, who), 404);
    // issue #20 item 5: a FUNDER reads the quiz scores of the enrollments its funder finances only
    expectError(await get(`/enrollments/${enrollmentId}/quiz-scores`, "funder"), 404);
    const [m] = await api.db.select({ funderId: memberships.funderId }).from(memberships).where(and(eq(memberships.tenantId, acmeId), eq(memberships.userId, await userIdOf(api, "funder@acme.test"))));
    expect(m?.funderId).toBeTruthy();
    await api.db.update(enrollments).set({ funderId: m!.funderId }).where(eq(enrollments.id, enrollmentId));
    try {
      expect((await get(`/enrollments/${enrollmentId}/quiz-scores`, "funder")).status).toBe(200);
      // the answers' feedback stays with the learner and the teaching side, funded or not
      expectError(await get(`/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`, "funder"), 404);
    } finally {
      await api.db.update(enrollments).set({ funderId: null }).where(eq(enrollments.id, enrollmentId));
    }
    expectError(await get(`/enrollments/${enrollmentId}/quiz-scores`, "learner2"), 404);
    expectError(await get(`/enrollments/${enrollmentId}/quiz-feedback/les_doesnotexist`), 404, "Lesson not found");
  });

  it("passing the last quiz completes the enrollment through the progress cascade (event once)", async () => {
    expect((await api.call("POST", `/enrollments/${enrollmentId}/progress/${textLesson.id}`, { tenant: "acme", token: t.me, body: { status: "COMPLETED" } })).status).toBe(201);
    const final = course.lessons[2]!;
    const res = await submit(enrollmentId, final.id, { answers: [{ questionId: final.questions[0]!.id, choiceIds: rightChoices(final.questions[0]!) }] });
    expect(res.body.data).toMatchObject({ passed: true, lessonStatus: "COMPLETED", enrollmentStatus: "COMPLETED" });
    const events = (await eventRows(api, acmeId, "enrollment.completed")).filter((e) => (e.data as { enrollmentId: string }).enrollmentId === enrollmentId);
    expect(events).toHaveLength(1);
    // COMPLETED: no more attempts.
    expectError(await submit(enrollmentId, final.id, { answers: [] }), 422, "Enrollment is not active");
  });
});

describe("quiz attempts: errors", () => {
  let active: string;
  beforeAll(async () => {
    const c = await createLearningCourse(api.db, acmeId, { creatorId });
    active = (await insertEnrollment(api.db, acmeId, { courseId: c.id, userId: learnerId, enrolledAt: new Date("2025-01-01T00:00:00Z") })).id;
  });

  it("unknown question, unknown choice, duplicate question -> 400 with errors[answers.N.*]; nothing stored", async () => {
    const e = (await createMember(api.db, acmeId, "LEARNER", "quiz.errors@acme.test")).id;
    const enr = (await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: e })).id;
    const token = (await login(api, "acme", "quiz.errors@acme.test")).accessToken;
    const send = (body: unknown) => api.call("POST", `/enrollments/${enr}/quiz-attempts/${quiz.id}`, { tenant: "acme", token, body });
    const res = await send({ answers: [{ questionId: q(0).id, choiceIds: rightChoices(q(0)) }, { questionId: "qqn_unknown" }] });
    expectValidation(res, ["answers.1.questionId"]);
    expectValidation(await send({ answers: [{ questionId: q(0).id, choiceIds: ["chc_nope"] }, { questionId: q(0).id }] }), ["answers.0.choiceIds", "answers.1.questionId"]);
    expectValidation(await send({ answers: [{ questionId: globexCourse.lessons[0]!.questions[0]!.id }] }), ["answers.0.questionId"]);
    expectValidation(await send({}), ["answers"]);
    expectValidation(await send({ answers: [{ choiceIds: "x" }] }), ["answers.0.questionId", "answers.0.choiceIds"]);
    expectUnknownFields(await send({ answers: [], score: 100 }), ["score"]);
    expectUnknownFields(await send({ answers: [{ questionId: q(0).id, correct: true }] }), ["answers.0.correct"]);
    expect(await api.db.select().from(quizAttempts).where(eq(quizAttempts.enrollmentId, enr))).toEqual([]);
  });

  it("a lesson that is not a quiz -> 422; a lesson of another course -> 422; unknown or globex lesson -> 404", async () => {
    const e = (await createMember(api.db, acmeId, "LEARNER", "quiz.kinds@acme.test")).id;
    const enr = (await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: e })).id;
    const token = (await login(api, "acme", "quiz.kinds@acme.test")).accessToken;
    const send = (lessonId: string) => api.call("POST", `/enrollments/${enr}/quiz-attempts/${lessonId}`, { tenant: "acme", token, body: { answers: [] } });
    expectError(await send(textLesson.id), 422, "Lesson is not a quiz");
    const other = await createLearningCourse(api.db, acmeId, { creatorId, modules: [{ lessons: [{ quiz: { questions: [{ kind: "TRUE_FALSE", choices: [["T", true], ["F", false]] }] } }] }] });
    expectError(await send(other.lessons[0]!.id), 422, "Lesson is not part of this course");
    expectError(await send("les_doesnotexist"), 404);
    expectError(await send(globexCourse.lessons[0]!.id), 404);
  });

  it("someone else's enrollment -> 403; ADMIN -> 403; globex's enrollment -> 404; CANCELLED -> 422", async () => {
    expectError(await submit(active, quiz.id, { answers: [] }, "learner2"), 403, "Forbidden: not your enrollment");
    expectError(await submit(active, quiz.id, { answers: [] }, "admin"), 403, "Forbidden: LEARNER required");
    expectError(await submit(globexEnrollmentId, globexCourse.lessons[0]!.id, { answers: [] }), 404, "Enrollment not found");
    expect(await api.db.select().from(quizAttempts).where(eq(quizAttempts.enrollmentId, globexEnrollmentId))).toEqual([]);
    const e = (await createMember(api.db, acmeId, "LEARNER", "quiz.cancelled@acme.test")).id;
    const enr = (await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: e, status: "CANCELLED" })).id;
    const token = (await login(api, "acme", "quiz.cancelled@acme.test")).accessToken;
    const res = await api.call("POST", `/enrollments/${enr}/quiz-attempts/${quiz.id}`, { tenant: "acme", token, body: { answers: [] } });
    expectError(res, 422, "Enrollment is not active");
  });

  it("quiz-scores and quiz-feedback of globex's enrollment -> 404; 401 without a token", async () => {
    expectError(await get(`/enrollments/${globexEnrollmentId}/quiz-scores`, "admin"), 404);
    expectError(await get(`/enrollments/${globexEnrollmentId}/quiz-feedback/${globexCourse.lessons[0]!.id}`, "admin"), 404);
    expectError(await api.call("GET", `/enrollments/${enrollmentId}/quiz-scores`, { tenant: "acme" }), 401);
    expectError(await api.call("GET", `/enrollments/${enrollmentId}/quiz-feedback/${quiz.id}`, { tenant: "acme" }), 401);
    expectError(await api.call("POST", `/enrollments/${enrollmentId}/quiz-attempts/${quiz.id}`, { tenant: "acme", body: { answers: [] } }), 401);
  });
});
