import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, lessons, questionnaires, questions, quizAttempts } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { loadCourseTree, toCourseContext } from "../../server/services/ai/course-tree";
import { localPositioningQuiz } from "../../server/services/ai/local-positioning";
import { difficultyCounts, POSITIONING_PASS_MARK } from "../../server/services/adaptive/positioning";
import { scoreAnswers } from "../../server/services/enrollments/scoring";
import { seedQuizAttempt } from "../../server/seed/audit";
import { startApi, type TestApi } from "../helpers/api";
import { drainJobs } from "../helpers/jobs";
import { createMember, login, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment } from "../factories/learning";
import { expectError, tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * Issue #23 item 5, learning that means something: the offline positioning test is built from
 * the demo course's lesson content (distinct questions, distractors from other lessons, a pass
 * mark), an empty lesson cannot be completed (nor complete its course), and the demo records
 * agree with themselves (the quiz attempt's answers give its score; completed enrollments are at 100 %).
 */
let api: TestApi;
let acmeId: string;
let creatorId: string;
const t: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  creatorId = await userIdOf(api, "creator@acme.test");
  for (const local of ["admin", "creator"]) t[local] = await tokenFor(api, "acme", local);
}, 120_000);
afterAll(async () => {
  await drainJobs(api.db);
  await api.close();
}, 180_000);

const as = (who: string) => (method: string, path: string, body?: unknown) => api.call(method, path, { tenant: "acme", token: t[who], body });

async function demoSst() {
  const [course] = await api.db.select().from(courses).where(and(eq(courses.tenantId, acmeId), eq(courses.slug, "sauveteur-secouriste-du-travail")));
  return course!;
}

describe("the offline positioning test of the demo course", () => {
  it("asks distinct questions taken from the lessons' content, each with distractors from other lessons", async () => {
    const tree = await loadCourseTree(api.db, forTenant(acmeId), (await demoSst()).id);
    const context = toCourseContext(tree);
    // The builder's default form: 10 questions, 40 % easy, 40 % medium, 20 % hard.
    const quiz = localPositioningQuiz(context, difficultyCounts(10, { easy: 0.4, medium: 0.4, hard: 0.2 }), []);
    if (process.env.SHOW_QUIZ) console.log(JSON.stringify(quiz.questions, null, 1));
    expect(quiz.questions).toHaveLength(10);
    const prompts = quiz.questions.map((q) => q.prompt.toLowerCase());
    expect(new Set(prompts).size).toBe(prompts.length);
    expect(new Set(quiz.questions.map((q) => q.kind))).toEqual(new Set(["TRUE_FALSE", "SINGLE_CHOICE", "MULTIPLE_CHOICE"]));
    // Each lesson's words (whole words, lower case): where a choice comes from.
    const content = context.modules.flatMap((m) => m.lessons.filter((l) => l.kind !== "QUIZ")).map((l) => ({ title: l.title, words: new Set(l.content.toLowerCase().split(/[^\p{L}\p{N}-]+/u)) }));
    for (const q of quiz.questions) {
      expect(q.choices.some((c) => c.correct), q.prompt).toBe(true);
      expect(q.choices.some((c) => !c.correct), q.prompt).toBe(true);
      if (q.kind === "TRUE_FALSE") continue;
      // Choice questions: at least two distractors, each a word of the content of a lesson other than the one the right answer comes from.
      const wrong = q.choices.filter((c) => !c.correct).map((c) => c.label.toLowerCase());
      expect(wrong.length, q.prompt).toBeGreaterThanOrEqual(2);
      const right = q.choices.filter((c) => c.correct).map((c) => c.label.toLowerCase());
      const home = content.filter((l) => right.every((r) => l.words.has(r)));
      expect(home.length, q.prompt).toBeGreaterThanOrEqual(1);
      for (const d of wrong) {
        expect(
          content.some((l) => !home.includes(l) && l.words.has(d)),
          `${q.prompt}: ${d}`,
        ).toBe(true);
        expect(home.some((l) => l.words.has(d)), `${q.prompt}: ${d} is also in the right lesson`).toBe(false);
      }
    }
    // Deterministic: the same course gives the same test.
    expect(localPositioningQuiz(context, difficultyCounts(10, { easy: 0.4, medium: 0.4, hard: 0.2 }), [])).toEqual(quiz);
  });

  it("is saved with a real pass mark, and an attempt completes its lesson whatever the score", async () => {
    const sst = await demoSst();
    const res = await as("creator")("POST", `/courses/${sst.id}/positioning-quiz/generate`, { questionCount: 6, difficultyMix: { easy: 0.5, medium: 0.3, hard: 0.2 }, topics: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [q] = await api.db.select().from(questionnaires).where(eq(questionnaires.id, res.body.data.questionnaireId));
    expect(q).toMatchObject({ kind: "POSITIONING", passMark: POSITIONING_PASS_MARK });
    expect(POSITIONING_PASS_MARK).toBeGreaterThan(0);
    const qs = await api.db.select().from(questions).where(eq(questions.questionnaireId, q!.id)).orderBy(asc(questions.position));
    expect(new Set(qs.map((x) => x.prompt)).size).toBe(6);

    const learner = await createMember(api.db, acmeId, "LEARNER", "positioning.learner@acme.test");
    const enrollment = await insertEnrollment(api.db, acmeId, { courseId: sst.id, userId: learner.id });
    const token = (await login(api, "acme", "positioning.learner@acme.test")).accessToken;
    const answers = qs.map((x) => ({ questionId: x.id, choiceIds: [x.choices.find((c) => !c.correct)!.id] }));
    const attempt = await api.call("POST", `/enrollments/${enrollment.id}/quiz-attempts/${res.body.data.lessonId}`, { tenant: "acme", token, body: { answers } });
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(201);
    expect(attempt.body.data).toMatchObject({ percentage: 0, passMark: POSITIONING_PASS_MARK, passed: false, lessonStatus: "COMPLETED" });
  });

  it("says so (422 NOT_ENOUGH_CONTENT, nothing debited) when the lessons hold too little content", async () => {
    const thin = await createLearningCourse(api.db, acmeId, {
      creatorId,
      status: "DRAFT",
      modules: [{ lessons: [{ title: "Seule leçon", content: "Une seule phrase de contenu dans cette leçon." }, { title: "Vide", content: "" }] }],
    });
    const before = await as("creator")("GET", "/ai/credits");
    const res = await as("creator")("POST", `/courses/${thin.id}/positioning-quiz/generate`, { questionCount: 5, difficultyMix: { easy: 0.4, medium: 0.4, hard: 0.2 }, topics: [] });
    expectError(res, 422);
    expect(res.body.code).toBe("NOT_ENOUGH_CONTENT");
    expect(Object.keys(res.body.errors)).toEqual(["questionCount"]);
    expect((await api.db.select().from(questionnaires).where(eq(questionnaires.courseId, thin.id))).length).toBe(0);
    if (before.status === 200) expect((await as("creator")("GET", "/ai/credits")).body).toEqual(before.body);
  });
});

describe("a lesson without content cannot be completed", () => {
  it("422 LESSON_EMPTY for an empty text, a video without media and a document without file; the course does not complete", async () => {
    const course = await createLearningCourse(api.db, acmeId, {
      creatorId,
      modules: [
        {
          lessons: [
            { title: "Avec contenu", content: "Le contenu réel de la leçon." },
            { title: "Texte vide", content: "  " },
            { title: "Vidéo sans média", kind: "VIDEO", mediaUrl: null, content: "Notes seules." },
            { title: "Document sans fichier", kind: "FILE", mediaUrl: null, content: "Fiche mémo PDF." },
          ],
        },
      ],
    });
    const learner = await createMember(api.db, acmeId, "LEARNER", "empty.learner@acme.test");
    const enrollment = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: learner.id });
    const token = (await login(api, "acme", "empty.learner@acme.test")).accessToken;
    const progress = (lessonId: string, status: string) => api.call("POST", `/enrollments/${enrollment.id}/progress/${lessonId}`, { tenant: "acme", token, body: { status } });
    const [withContent, ...empty] = course.lessons;

    const done = await progress(withContent!.id, "COMPLETED");
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    for (const lesson of empty) {
      const res = await progress(lesson.id, "COMPLETED");
      expectError(res, 422);
      expect(res.body.code).toBe("LESSON_EMPTY");
      expect(Object.keys(res.body.errors)).toEqual(["lessonId"]);
      // Opening it is still recorded.
      expect((await progress(lesson.id, "IN_PROGRESS")).status).toBe(201);
    }
    const detail = await api.call("GET", `/enrollments/${enrollment.id}`, { tenant: "acme", token });
    expect(detail.body.data.status).toBe("ACTIVE");
    expect(detail.body.data.progress).toEqual({ percentage: 25, completedLessons: 1, totalLessons: 4 });
    expect(detail.body.data.modules[0].lessons.map((l: { title: string; hasContent: boolean; status: string }) => [l.title, l.hasContent, l.status])).toEqual([
      ["Avec contenu", true, "COMPLETED"],
      ["Texte vide", false, "IN_PROGRESS"],
      ["Vidéo sans média", false, "IN_PROGRESS"],
      ["Document sans fichier", false, "IN_PROGRESS"],
    ]);
    const [row] = await api.db.select().from(enrollments).where(eq(enrollments.id, enrollment.id));
    expect(row).toMatchObject({ status: "ACTIVE", completedAt: null });
  });
});

describe("the demo records agree with themselves", () => {
  it("every demo quiz attempt's stored answers give its stored score", async () => {
    const attempts = await api.db.select().from(quizAttempts).where(eq(quizAttempts.tenantId, acmeId));
    expect(attempts.length).toBeGreaterThan(0);
    const qnrs = await api.db.select().from(questionnaires).where(inArray(questionnaires.id, [...new Set(attempts.map((a) => a.questionnaireId))]));
    const qs = await api.db.select().from(questions).where(inArray(questions.questionnaireId, qnrs.map((q) => q.id)));
    for (const a of attempts) {
      const q = qnrs.find((x) => x.id === a.questionnaireId)!;
      const scored = scoreAnswers(
        qs.filter((x) => x.questionnaireId === q.id),
        a.answers.map((x) => ({ questionId: x.questionId, ...(x.choiceIds ? { choiceIds: x.choiceIds } : {}), ...(x.text !== undefined ? { text: x.text } : {}) })),
        q.passMark,
      );
      expect("errors" in scored, a.id).toBe(false);
      if ("errors" in scored) continue;
      expect({ score: scored.score, maxScore: scored.maxScore, percentage: scored.percentage, passed: scored.passed }, a.id).toEqual({ score: a.score, maxScore: a.maxScore, percentage: a.percentage, passed: a.passed });
      expect(a.answers.length, a.id).toBe(qs.filter((x) => x.questionnaireId === q.id).length);
    }
  });

  it("the audit's demo quiz attempt (seedQuizAttempt) stores answers that give its score: one wrong, the others right", async () => {
    const sst = await demoSst();
    const scope = forTenant(acmeId);
    // The test template is seeded without documents (no seedAudit): the attempt is seeded here, on an enrollment without one.
    const learner = await createMember(api.db, acmeId, "LEARNER", "audit.quiz@acme.test");
    const enrollment = await insertEnrollment(api.db, acmeId, { courseId: sst.id, userId: learner.id });
    // The positioning attempt made above is on this course: the seed adds its attempt only to a course without any.
    const sstLessons = await api.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, sst.id));
    await api.db.delete(quizAttempts).where(inArray(quizAttempts.lessonId, sstLessons.map((l) => l.id)));
    await seedQuizAttempt(api.db, scope, sst.id, enrollment.id, new Date());
    const [attempt] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.enrollmentId, enrollment.id));
    expect(attempt).toBeDefined();
    const [quizLesson] = await api.db.select().from(lessons).where(eq(lessons.id, attempt!.lessonId));
    expect(quizLesson!.title).toBe("Quiz : les bons réflexes");
    expect(attempt!.answers).toHaveLength(attempt!.maxScore);
    expect(attempt!.answers.filter((a) => a.correct)).toHaveLength(attempt!.maxScore - 1);
    expect(attempt!.score).toBe(attempt!.maxScore - 1);
    const qs = await api.db.select().from(questions).where(eq(questions.questionnaireId, attempt!.questionnaireId));
    const [q] = await api.db.select().from(questionnaires).where(eq(questionnaires.id, attempt!.questionnaireId));
    const scored = scoreAnswers(qs, attempt!.answers.map((a) => ({ questionId: a.questionId, choiceIds: a.choiceIds ?? [] })), q!.passMark);
    expect("errors" in scored ? scored : { score: scored.score, percentage: scored.percentage, passed: scored.passed }).toEqual({ score: attempt!.score, percentage: attempt!.percentage, passed: attempt!.passed });
    // Passed: its lesson is completed, as after a real submission.
    const detail = await as("admin")("GET", `/enrollments/${enrollment.id}`);
    const lesson = detail.body.data.modules.flatMap((m: { lessons: { id: string; status: string }[] }) => m.lessons).find((l: { id: string }) => l.id === quizLesson!.id);
    expect(lesson.status).toBe(attempt!.passed ? "COMPLETED" : "NOT_STARTED");
  });

  it("no COMPLETED demo enrollment reports less than 100 %, in the list and on the learner's page alike", async () => {
    const list = await as("admin")("GET", "/enrollments?status=COMPLETED&limit=100");
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const e of list.body.data) {
      expect(e.progress.percentage, `${e.id} ${e.course.title}`).toBe(100);
      const detail = await as("admin")("GET", `/enrollments/${e.id}`);
      expect(detail.body.data.progress, e.id).toEqual(e.progress);
    }
  });
});
