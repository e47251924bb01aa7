import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, media } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { assignTrainer, enroll, newCourse, recordProgress, setupContent, type ContentFixture } from "./course-content-fixtures";

let fx: ContentFixture;
beforeAll(async () => {
  fx = await setupContent();
});
afterAll(() => fx.close());

const LESSON_KEYS = ["id", "courseId", "moduleId", "title", "kind", "content", "mediaId", "mediaUrl", "questionnaireId", "durationMinutes", "position", "createdAt", "updatedAt"].sort();
const creator = (m: string, p: string, b?: unknown) => fx.as("creator")(m, p, b);

async function addModule(courseId: string, title = "Module") {
  return (await creator("POST", `/courses/${courseId}/modules`, { title })).body.data.id as string;
}
async function addLesson(courseId: string, moduleId: string, body: Record<string, unknown> = {}) {
  const res = await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "Leçon", kind: "TEXT", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; position: number; moduleId: string; questionnaireId: string | null };
}
async function addQuiz(courseId: string) {
  const res = await creator("POST", `/courses/${courseId}/questionnaires`, {
    title: "Quiz",
    kind: "QUIZ",
    passMark: 60,
    questions: [
      { kind: "SINGLE_CHOICE", prompt: "Numéro d'urgence européen ?", choices: [{ label: "112", correct: true }, { label: "3615" }], explanation: "Le 112." },
      { kind: "TRUE_FALSE", prompt: "On déplace toujours la victime.", correctAnswer: false, points: 2 },
      { kind: "FREE_TEXT", prompt: "Premier geste ?", expectedText: "protéger", explanation: "Protéger d'abord." },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}
async function insertMedia(kind: "IMAGE" | "VIDEO" | "DOCUMENT", tenantId = fx.acmeId) {
  const id = newId("med");
  await fx.api.db.insert(media).values({ id, tenantId, kind, fileName: `f.${kind}`, mimeType: "application/octet-stream", sizeBytes: 10, storageKey: `k/${id}` });
  return id;
}

describe("POST /courses/{id}/modules/{moduleId}/lessons", () => {
  it("appends lessons of every kind and answers 201 with the lesson", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const quizId = await addQuiz(courseId);
    const video = await insertMedia("VIDEO");
    const res = await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "Introduction", kind: "TEXT", content: "# Titre\n\nTexte", durationMinutes: 12 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(LESSON_KEYS);
    expect(res.body.data).toMatchObject({ courseId, moduleId, title: "Introduction", kind: "TEXT", content: "# Titre\n\nTexte", durationMinutes: 12, position: 0, mediaId: null, mediaUrl: null, questionnaireId: null });
    expect(res.body.data.id).toMatch(/^les_[a-z0-9]{24}$/);
    expect(await addLesson(courseId, moduleId, { kind: "VIDEO", mediaId: video })).toMatchObject({ position: 1, mediaId: video });
    expect(await addLesson(courseId, moduleId, { kind: "FILE", mediaUrl: "https://files.example.com/memo.pdf" })).toMatchObject({ position: 2 });
    expect(await addLesson(courseId, moduleId, { kind: "LIVE_SESSION", mediaUrl: "https://meet.example.com/abc" })).toMatchObject({ position: 3 });
    expect(await addLesson(courseId, moduleId, { kind: "QUIZ", questionnaireId: quizId })).toMatchObject({ position: 4, questionnaireId: quizId });
  });

  it("400 on shape errors and unknown fields", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const path = `/courses/${courseId}/modules/${moduleId}/lessons`;
    expectValidation(await creator("POST", path, { kind: "TEXT" }), ["title"]);
    expectValidation(await creator("POST", path, { title: "X" }), ["kind"]);
    expectValidation(await creator("POST", path, { title: "X", kind: "PODCAST" }), ["kind"]);
    expectValidation(await creator("POST", path, { title: "X", kind: "FILE", mediaUrl: "javascript:alert(1)" }), ["mediaUrl"]);
    expectValidation(await creator("POST", path, { title: "X", kind: "TEXT", durationMinutes: "12" }), ["durationMinutes"]);
    expectValidation(await creator("POST", path, { title: "X", kind: "TEXT", durationMinutes: -1 }), ["durationMinutes"]);
    expectUnknownFields(await creator("POST", path, { title: "X", kind: "TEXT", position: 0, packageId: "p" }), ["position", "packageId"]);
  });

  it("422 on questionnaire and media references", async () => {
    const courseId = await newCourse(fx);
    const otherCourse = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const path = `/courses/${courseId}/modules/${moduleId}/lessons`;
    const foreignQuiz = await addQuiz(otherCourse);
    const ownQuiz = await addQuiz(courseId);
    const image = await insertMedia("IMAGE");
    const globexVideo = await insertMedia("VIDEO", fx.globexId);

    const noQuiz = await creator("POST", path, { title: "Q", kind: "QUIZ" });
    expectValidation(noQuiz, ["questionnaireId"], 422);
    expect(noQuiz.body.errors.questionnaireId).toEqual(["Required for QUIZ lessons"]);
    const foreign = await creator("POST", path, { title: "Q", kind: "QUIZ", questionnaireId: foreignQuiz });
    expect(foreign.body.errors).toEqual({ questionnaireId: ["Questionnaire not found in this course"] });
    const textWithQuiz = await creator("POST", path, { title: "T", kind: "TEXT", questionnaireId: ownQuiz });
    expect(textWithQuiz.body.errors).toEqual({ questionnaireId: ["Only QUIZ lessons reference a questionnaire"] });
    const videoWithImage = await creator("POST", path, { title: "V", kind: "VIDEO", mediaId: image });
    expectValidation(videoWithImage, ["mediaId"], 422);
    expect(videoWithImage.body.errors.mediaId[0]).toMatch(/VIDEO lessons need VIDEO media/);
    const otherTenantMedia = await creator("POST", path, { title: "V", kind: "VIDEO", mediaId: globexVideo });
    expect(otherTenantMedia.body.errors).toEqual({ mediaId: ["Media not found"] });
    expect((await creator("GET", `/courses/${courseId}/modules`)).body.meta.lessonCount).toBe(0);
  });

  it("404 for a module of another course; 403 for LEARNER, TRAINER and another CREATOR", async () => {
    const courseId = await newCourse(fx);
    const otherCourse = await newCourse(fx);
    const foreignModule = await addModule(otherCourse);
    const moduleId = await addModule(courseId);
    expectError(await creator("POST", `/courses/${courseId}/modules/${foreignModule}/lessons`, { title: "X", kind: "TEXT" }), 404, "Module not found");
    for (const who of ["learner", "trainer", "creator2"] as const) {
      expectError(await fx.as(who)("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "X", kind: "TEXT" }), 403);
    }
    expectError(await fx.api.call("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { tenant: "acme", body: { title: "X", kind: "TEXT" } }), 401);
  });
});

describe("PATCH /courses/{id}/lessons/{lessonId}", () => {
  it("updates fields partially", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const lesson = await addLesson(courseId, moduleId, { content: "v1", durationMinutes: 10 });
    const res = await creator("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { title: "Nouveau titre", content: "v2", durationMinutes: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: lesson.id, title: "Nouveau titre", content: "v2", durationMinutes: null, kind: "TEXT", position: 0 });
  });

  it("moves a lesson to the end of another module of the same course; the old module closes ranks", async () => {
    const courseId = await newCourse(fx);
    const [m1, m2] = [await addModule(courseId, "M1"), await addModule(courseId, "M2")];
    const [a, b, c] = [await addLesson(courseId, m1, { title: "A" }), await addLesson(courseId, m1, { title: "B" }), await addLesson(courseId, m1, { title: "C" })];
    await addLesson(courseId, m2, { title: "D" });
    const res = await creator("PATCH", `/courses/${courseId}/lessons/${a.id}`, { moduleId: m2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ moduleId: m2, position: 1 });
    const outline = (await creator("GET", `/courses/${courseId}/modules`)).body.data;
    expect(outline[0].lessons.map((l: { id: string; position: number }) => [l.id, l.position])).toEqual([
      [b.id, 0],
      [c.id, 1],
    ]);
    expect(outline[1].lessons.map((l: { title: string }) => l.title)).toEqual(["D", "A"]);

    const otherCourse = await newCourse(fx);
    const foreignModule = await addModule(otherCourse);
    const bad = await creator("PATCH", `/courses/${courseId}/lessons/${b.id}`, { moduleId: foreignModule });
    expectValidation(bad, ["moduleId"], 422);
    expect(bad.body.errors.moduleId).toEqual(["Module not found in this course"]);
  });

  it("switching kind: to QUIZ needs a questionnaire; away from QUIZ drops it", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const quizId = await addQuiz(courseId);
    const lesson = await addLesson(courseId, moduleId);
    const path = `/courses/${courseId}/lessons/${lesson.id}`;
    expectValidation(await creator("PATCH", path, { kind: "QUIZ" }), ["questionnaireId"], 422);
    expect((await creator("PATCH", path, { kind: "QUIZ", questionnaireId: quizId })).body.data).toMatchObject({ kind: "QUIZ", questionnaireId: quizId });
    expectValidation(await creator("PATCH", path, { questionnaireId: null }), ["questionnaireId"], 422);
    expect((await creator("PATCH", path, { kind: "TEXT" })).body.data).toMatchObject({ kind: "TEXT", questionnaireId: null });
  });

  it("400 on unknown fields; 404 for a lesson of another course; 403 for others", async () => {
    const courseId = await newCourse(fx);
    const otherCourse = await newCourse(fx);
    const lesson = await addLesson(courseId, await addModule(courseId));
    const foreign = await addLesson(otherCourse, await addModule(otherCourse));
    expectUnknownFields(await creator("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { courseId: otherCourse, position: 3 }), ["courseId", "position"]);
    expectError(await creator("PATCH", `/courses/${courseId}/lessons/${foreign.id}`, { title: "Volé" }), 404, "Lesson not found");
    expectError(await fx.as("creator2")("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { title: "X" }), 403);
    expectError(await fx.as("learner")("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { title: "X" }), 403);
  });
});

describe("DELETE /courses/{id}/lessons/{lessonId}", () => {
  it("deletes the lesson; the module's other lessons close ranks", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const [a, b, c] = [await addLesson(courseId, moduleId), await addLesson(courseId, moduleId), await addLesson(courseId, moduleId)];
    const res = await creator("DELETE", `/courses/${courseId}/lessons/${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: b.id, deleted: true } });
    const lessons = (await creator("GET", `/courses/${courseId}/modules`)).body.data[0].lessons;
    expect(lessons.map((l: { id: string; position: number }) => [l.id, l.position])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expectError(await creator("DELETE", `/courses/${courseId}/lessons/${b.id}`), 404);
  });

  it("409 when a learner has progress on it; 403 for others", async () => {
    const courseId = await newCourse(fx, { status: "PUBLISHED" });
    const lesson = await addLesson(courseId, await addModule(courseId));
    expectError(await fx.as("creator2")("DELETE", `/courses/${courseId}/lessons/${lesson.id}`), 403);
    expectError(await fx.as("trainer")("DELETE", `/courses/${courseId}/lessons/${lesson.id}`), 403);
    await recordProgress(fx, await enroll(fx, courseId, fx.userIds.learner), lesson.id);
    expectError(await creator("DELETE", `/courses/${courseId}/lessons/${lesson.id}`), 409, "This lesson has learner progress or quiz attempts: it cannot be deleted");
  });
});

describe("PUT /courses/{id}/modules/{moduleId}/lessons/order", () => {
  it("reorders the module's lessons and answers the module", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const [a, b, c] = [await addLesson(courseId, moduleId, { title: "A" }), await addLesson(courseId, moduleId, { title: "B" }), await addLesson(courseId, moduleId, { title: "C" })];
    const res = await creator("PUT", `/courses/${courseId}/modules/${moduleId}/lessons/order`, { lessonIds: [b.id, c.id, a.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: moduleId });
    expect(res.body.data.lessons.map((l: { title: string; position: number }) => [l.title, l.position])).toEqual([
      ["B", 0],
      ["C", 1],
      ["A", 2],
    ]);
  });

  it("422 unless the list is exactly the module's lessons; 404 for another course's module", async () => {
    const courseId = await newCourse(fx);
    const [m1, m2] = [await addModule(courseId), await addModule(courseId)];
    const [a, b] = [await addLesson(courseId, m1), await addLesson(courseId, m1)];
    const other = await addLesson(courseId, m2);
    const path = `/courses/${courseId}/modules/${m1}/lessons/order`;
    const res = await creator("PUT", path, { lessonIds: [a.id, other.id] });
    expectValidation(res, ["lessonIds"], 422);
    expect(res.body.message).toBe("lessonIds must list every lesson of the module exactly once");
    expect(res.body.errors.lessonIds).toEqual([`Not a lesson of this module: ${other.id}`, `Missing: ${b.id}`]);
    expect((await creator("PUT", path, { lessonIds: [a.id, b.id, b.id] })).body.errors.lessonIds).toEqual([`Listed more than once: ${b.id}`]);
    expectValidation(await creator("PUT", path, { lessonIds: [a.id, b.id], extra: 1 }), ["extra"]);
    const otherCourse = await newCourse(fx);
    const foreignModule = await addModule(otherCourse);
    expectError(await creator("PUT", `/courses/${courseId}/modules/${foreignModule}/lessons/order`, { lessonIds: [] }), 404, "Module not found");
    expectError(await fx.as("creator2")("PUT", path, { lessonIds: [a.id, b.id] }), 403);
  });
});

describe("ARCHIVED courses", () => {
  it("409 on lesson writes", async () => {
    const courseId = await newCourse(fx);
    const moduleId = await addModule(courseId);
    const lesson = await addLesson(courseId, moduleId);
    await fx.api.db.update(courses).set({ status: "ARCHIVED" }).where(eq(courses.id, courseId));
    expectError(await creator("POST", `/courses/${courseId}/modules/${moduleId}/lessons`, { title: "X", kind: "TEXT" }), 409);
    expectError(await creator("PATCH", `/courses/${courseId}/lessons/${lesson.id}`, { title: "X" }), 409);
    expectError(await creator("DELETE", `/courses/${courseId}/lessons/${lesson.id}`), 409);
    expectError(await creator("PUT", `/courses/${courseId}/modules/${moduleId}/lessons/order`, { lessonIds: [lesson.id] }), 409);
  });
});

describe("GET /courses/{id}/lessons/{lessonId} (learner view)", () => {
  let courseId: string;
  let text: { id: string };
  let quizLesson: { id: string };
  let last: { id: string };
  let quizId: string;

  beforeAll(async () => {
    courseId = await newCourse(fx, { status: "PUBLISHED" });
    const [m1, m2] = [await addModule(courseId, "Premier module"), await addModule(courseId, "Second module")];
    quizId = await addQuiz(courseId);
    text = await addLesson(courseId, m1, { title: "Texte", content: "# Bonjour" });
    quizLesson = await addLesson(courseId, m1, { title: "Quiz", kind: "QUIZ", questionnaireId: quizId });
    last = await addLesson(courseId, m2, { title: "Fin" });
  });

  it("serves an enrolled learner the lesson with its neighbours in course order", async () => {
    await enroll(fx, courseId, fx.userIds.learner);
    const res = await fx.as("learner")("GET", `/courses/${courseId}/lessons/${text.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: text.id,
      courseId,
      title: "Texte",
      kind: "TEXT",
      content: "# Bonjour",
      moduleTitle: "Premier module",
      questionnaire: null,
      previousLessonId: null,
      nextLessonId: quizLesson.id,
    });
    const end = await fx.as("learner")("GET", `/courses/${courseId}/lessons/${last.id}`);
    expect(end.body.data).toMatchObject({ moduleTitle: "Second module", previousLessonId: quizLesson.id, nextLessonId: null });
  });

  it("gives QUIZ lessons their questionnaire without answers, expected texts or explanations", async () => {
    const res = await fx.as("learner")("GET", `/courses/${courseId}/lessons/${quizLesson.id}`);
    expect(res.status).toBe(200);
    const q = res.body.data.questionnaire;
    expect(q).toMatchObject({ id: quizId, kind: "QUIZ", title: "Quiz", passMark: 60, questionCount: 3, totalPoints: 4 });
    expect(q.questions.map((x: { kind: string }) => x.kind)).toEqual(["SINGLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]);
    for (const question of q.questions) expect(Object.keys(question).sort()).toEqual(["choices", "id", "kind", "points", "prompt"]);
    for (const choice of q.questions.flatMap((x: { choices: unknown[] }) => x.choices)) expect(Object.keys(choice as object).sort()).toEqual(["id", "label"]);
    expect(q.questions[1].choices.map((c: { label: string }) => c.label)).toEqual(["Vrai", "Faux"]);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toMatch(/"correct"|expectedText|explanation|protéger|Le 112\./);
  });

  it("serves a COMPLETED enrollment, the owner, an ADMIN and an assigned trainer, also once ARCHIVED", async () => {
    await enroll(fx, courseId, fx.userIds.learner2, "COMPLETED");
    expect((await fx.as("learner2")("GET", `/courses/${courseId}/lessons/${text.id}`)).status).toBe(200);
    expect((await creator("GET", `/courses/${courseId}/lessons/${quizLesson.id}`)).body.data.questionnaire.questions[0]).not.toHaveProperty("choices.0.correct");
    expect((await fx.as("admin")("GET", `/courses/${courseId}/lessons/${text.id}`)).status).toBe(200);
    expectError(await fx.as("trainer")("GET", `/courses/${courseId}/lessons/${text.id}`), 403);
    await assignTrainer(fx, courseId, fx.userIds.trainer);
    expect((await fx.as("trainer")("GET", `/courses/${courseId}/lessons/${text.id}`)).status).toBe(200);

    const archived = await newCourse(fx, { status: "PUBLISHED" });
    const lesson = await addLesson(archived, await addModule(archived));
    await enroll(fx, archived, fx.userIds.learner);
    await fx.api.db.update(courses).set({ status: "ARCHIVED" }).where(eq(courses.id, archived));
    expect((await fx.as("learner")("GET", `/courses/${archived}/lessons/${lesson.id}`)).status).toBe(200);
  });

  it("403 for a member who is not enrolled, or whose enrollment is cancelled or suspended", async () => {
    const other = await newCourse(fx, { status: "PUBLISHED" });
    const lesson = await addLesson(other, await addModule(other));
    expectError(await fx.as("learner")("GET", `/courses/${other}/lessons/${lesson.id}`), 403, "Forbidden: not enrolled in this course");
    expectError(await fx.as("creator2")("GET", `/courses/${other}/lessons/${lesson.id}`), 403);
    await enroll(fx, other, fx.userIds.learner, "CANCELLED");
    expectError(await fx.as("learner")("GET", `/courses/${other}/lessons/${lesson.id}`), 403);
    await enroll(fx, other, fx.userIds.learner2, "SUSPENDED");
    expectError(await fx.as("learner2")("GET", `/courses/${other}/lessons/${lesson.id}`), 403);
    expectError(await fx.api.call("GET", `/courses/${other}/lessons/${lesson.id}`, { tenant: "acme" }), 401);
  });

  it("404 for a lesson of another course, an unknown lesson, and another tenant's course", async () => {
    const other = await newCourse(fx);
    const foreign = await addLesson(other, await addModule(other));
    expectError(await fx.as("learner")("GET", `/courses/${courseId}/lessons/${foreign.id}`), 404, "Lesson not found");
    expectError(await fx.as("learner")("GET", `/courses/${courseId}/lessons/les_unknown`), 404);
    const globexCourse = await newCourse(fx, { tenant: "globex" });
    expectError(await fx.as("admin")("GET", `/courses/${globexCourse}/lessons/les_unknown`), 404, "Course not found");
  });
});

describe("cross-tenant: acme callers with globex ids", () => {
  it("404 on every lesson operation; globex's lesson is unchanged", async () => {
    const globexCourse = await newCourse(fx, { tenant: "globex" });
    const g = fx.as("globexCreator");
    const globexModule = (await g("POST", `/courses/${globexCourse}/modules`, { title: "G" })).body.data.id as string;
    const globexLesson = (await g("POST", `/courses/${globexCourse}/modules/${globexModule}/lessons`, { title: "Globex", kind: "TEXT" })).body.data.id as string;
    const acmeCourse = await newCourse(fx);
    const acmeModule = await addModule(acmeCourse);
    for (const who of ["admin", "creator"] as const) {
      const call = fx.as(who);
      expectError(await call("POST", `/courses/${globexCourse}/modules/${globexModule}/lessons`, { title: "X", kind: "TEXT" }), 404);
      expectError(await call("GET", `/courses/${globexCourse}/lessons/${globexLesson}`), 404);
      expectError(await call("PATCH", `/courses/${globexCourse}/lessons/${globexLesson}`, { title: "X" }), 404);
      expectError(await call("DELETE", `/courses/${globexCourse}/lessons/${globexLesson}`), 404);
      expectError(await call("PUT", `/courses/${globexCourse}/modules/${globexModule}/lessons/order`, { lessonIds: [globexLesson] }), 404);
      expectError(await call("PATCH", `/courses/${acmeCourse}/lessons/${globexLesson}`, { title: "X" }), 404, "Lesson not found");
      expectError(await call("GET", `/courses/${acmeCourse}/lessons/${globexLesson}`), 404, "Lesson not found");
      expectError(await call("POST", `/courses/${acmeCourse}/modules/${globexModule}/lessons`, { title: "X", kind: "TEXT" }), 404, "Module not found");
      // moving an acme lesson into globex's module is refused
      const mine = await fx.as("creator")("POST", `/courses/${acmeCourse}/modules/${acmeModule}/lessons`, { title: "Mine", kind: "TEXT" });
      expectValidation(await fx.as("creator")("PATCH", `/courses/${acmeCourse}/lessons/${mine.body.data.id}`, { moduleId: globexModule }), ["moduleId"], 422);
    }
    expect((await g("GET", `/courses/${globexCourse}/lessons/${globexLesson}`)).body.data).toMatchObject({ title: "Globex" });
  });
});
