import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, lessonProgress } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { createLearningCourse, enrollmentRow, insertEnrollment, type SeededCourse } from "../factories/learning";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let globexId: string;
let creatorId: string;
let learnerId: string;
const t: Record<string, string> = {};
let course: SeededCourse;
let otherCourse: SeededCourse;
let globexCourse: SeededCourse;
let enrollmentId: string;
let globexEnrollmentId: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  creatorId = await userIdOf(api, "creator@acme.test");
  learnerId = (await createMember(api.db, acmeId, "LEARNER", "progress.learner@acme.test")).id;
  course = await createLearningCourse(api.db, acmeId, { creatorId, title: "Cascade" });
  otherCourse = await createLearningCourse(api.db, acmeId, { creatorId });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: await userIdOf(api, "creator@globex.test") });
  enrollmentId = (await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: learnerId })).id;
  globexEnrollmentId = (await insertEnrollment(api.db, globexId, { courseId: globexCourse.id, userId: await userIdOf(api, "learner@globex.test") })).id;
  t.me = (await login(api, "acme", "progress.learner@acme.test")).accessToken;
  for (const local of ["learner2", "admin", "creator"]) t[local] = await tokenFor(api, "acme", local);
});
afterAll(() => api.close());

const progress = (enrollment: string, lessonId: string, body: unknown, who = "me") =>
  api.call("POST", `/enrollments/${enrollment}/progress/${lessonId}`, { tenant: "acme", token: t[who], body });

const actions = async (enrollment: string, action: string) =>
  api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, enrollment), eq(activityLogs.action, action)));

const completedEvents = async (enrollment: string) =>
  (await eventRows(api, acmeId, "enrollment.completed")).filter((e) => (e.data as { enrollmentId: string }).enrollmentId === enrollment);

describe("POST /enrollments/{id}/progress/{lessonId}: the completion cascade", () => {
  const [m1, m2] = [() => course.modules[0]!, () => course.modules[1]!];

  it("creates the record (201), logs lesson.started and sets lastActivityAt", async () => {
    const lesson = m1().lessons[0]!.id;
    const res = await progress(enrollmentId, lesson, { status: "IN_PROGRESS", timeSpentSeconds: 30 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^prg_/),
      enrollmentId,
      lessonId: lesson,
      status: "IN_PROGRESS",
      timeSpentSeconds: 30,
      startedAt: expect.any(String),
      completedAt: null,
      updatedAt: expect.any(String),
      moduleCompleted: false,
      enrollment: { status: "ACTIVE", completedAt: null, percentage: 0, completedLessons: 0, totalLessons: 4 },
    });
    expect(await actions(enrollmentId, "lesson.started")).toHaveLength(1);
    expect((await enrollmentRow(api.db, enrollmentId))!.lastActivityAt).toBeInstanceOf(Date);
  });

  it("accumulates timeSpentSeconds, completes the lesson, and never goes backwards", async () => {
    const lesson = m1().lessons[0]!.id;
    expect((await progress(enrollmentId, lesson, { status: "IN_PROGRESS", timeSpentSeconds: 45 })).body.data.timeSpentSeconds).toBe(75);
    const done = await progress(enrollmentId, lesson, { status: "COMPLETED", timeSpentSeconds: 5 });
    expect(done.body.data).toMatchObject({ status: "COMPLETED", timeSpentSeconds: 80, completedAt: expect.any(String), moduleCompleted: false });
    expect(done.body.data.enrollment).toMatchObject({ percentage: 25, completedLessons: 1 });
    const back = await progress(enrollmentId, lesson, { status: "NOT_STARTED", timeSpentSeconds: 10 });
    expect(back.status).toBe(201);
    expect(back.body.data).toMatchObject({ status: "COMPLETED", timeSpentSeconds: 90, completedAt: done.body.data.completedAt });
    expect(await actions(enrollmentId, "lesson.started")).toHaveLength(1);
    expect(await actions(enrollmentId, "lesson.completed")).toHaveLength(1);
    expect(await api.db.select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, enrollmentId))).toHaveLength(1);
  });

  it("completing the module's last lesson logs module.completed", async () => {
    const res = await progress(enrollmentId, m1().lessons[1]!.id, { status: "COMPLETED" });
    expect(res.body.data).toMatchObject({ moduleCompleted: true, enrollment: { status: "ACTIVE", percentage: 50 } });
    const mod = await actions(enrollmentId, "module.completed");
    expect(mod).toHaveLength(1);
    expect(mod[0]!.metadata).toEqual({ moduleId: m1().id });
    // Started and completed in one call: both logged.
    expect(await actions(enrollmentId, "lesson.started")).toHaveLength(2);
  });

  it("completing the course's last lesson sets the enrollment COMPLETED and emits enrollment.completed once", async () => {
    expect((await progress(enrollmentId, m2().lessons[0]!.id, { status: "COMPLETED" })).body.data.enrollment.status).toBe("ACTIVE");
    expect(await completedEvents(enrollmentId)).toHaveLength(0);
    const last = await progress(enrollmentId, m2().lessons[1]!.id, { status: "COMPLETED" });
    expect(last.status).toBe(201);
    expect(last.body.data).toMatchObject({ moduleCompleted: true, enrollment: { status: "COMPLETED", completedAt: expect.any(String), percentage: 100, completedLessons: 4, totalLessons: 4 } });
    const events = await completedEvents(enrollmentId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ enrollmentId, courseId: course.id, userId: learnerId, courseTitle: "Cascade", userName: "Test learner", completedAt: last.body.data.enrollment.completedAt });
    expect(await actions(enrollmentId, "enrollment.completed")).toHaveLength(1);
    expect(await actions(enrollmentId, "module.completed")).toHaveLength(2);
    expect((await enrollmentRow(api.db, enrollmentId))).toMatchObject({ status: "COMPLETED", completedAt: expect.any(Date) });
  });

  it("a COMPLETED enrollment takes no more progress (422)", async () => {
    expectError(await progress(enrollmentId, m1().lessons[0]!.id, { status: "COMPLETED" }), 422, "Enrollment is not active");
    expect(await completedEvents(enrollmentId)).toHaveLength(1);
  });
});

describe("the last two progress calls racing", () => {
  it("complete the enrollment and emit enrollment.completed exactly once, every time", async () => {
    for (let round = 0; round < 5; round++) {
      const c = await createLearningCourse(api.db, acmeId, { creatorId, modules: [{ lessons: [{}, {}] }, { lessons: [{}] }] });
      const e = await insertEnrollment(api.db, acmeId, { courseId: c.id, userId: learnerId });
      expect((await progress(e.id, c.lessons[0]!.id, { status: "COMPLETED" })).status).toBe(201);
      const results = await Promise.all([c.lessons[1]!, c.lessons[2]!].map((l) => progress(e.id, l.id, { status: "COMPLETED", timeSpentSeconds: 1 })));
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      expect(results.map((r) => r.body.data.enrollment.status).sort()).toEqual(["ACTIVE", "COMPLETED"]);
      expect(await completedEvents(e.id)).toHaveLength(1);
      expect(await actions(e.id, "enrollment.completed")).toHaveLength(1);
      expect((await enrollmentRow(api.db, e.id))!.status).toBe("COMPLETED");
    }
  });
});

describe("POST /enrollments/{id}/progress/{lessonId}: errors", () => {
  let active: string;
  beforeAll(async () => {
    active = (await insertEnrollment(api.db, acmeId, { courseId: otherCourse.id, userId: learnerId })).id;
  });

  it("a lesson of another course -> 422; an unknown lesson or globex's lesson -> 404", async () => {
    const res = await progress(active, course.lessons[0]!.id, { status: "IN_PROGRESS" });
    expectError(res, 422, "Lesson is not part of this course");
    expect(Object.keys(res.body.errors)).toEqual(["lessonId"]);
    expectError(await progress(active, "les_doesnotexist", { status: "IN_PROGRESS" }), 404, "Lesson not found");
    expectError(await progress(active, globexCourse.lessons[0]!.id, { status: "IN_PROGRESS" }), 404, "Lesson not found");
  });

  it("someone else's enrollment -> 403; unknown or globex's enrollment -> 404", async () => {
    expectError(await progress(active, otherCourse.lessons[0]!.id, { status: "IN_PROGRESS" }, "learner2"), 403, "Forbidden: not your enrollment");
    expectError(await progress("enr_doesnotexist", otherCourse.lessons[0]!.id, { status: "IN_PROGRESS" }), 404, "Enrollment not found");
    expectError(await progress(globexEnrollmentId, globexCourse.lessons[0]!.id, { status: "IN_PROGRESS" }), 404, "Enrollment not found");
    expect(await api.db.select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, globexEnrollmentId))).toEqual([]);
  });

  it.each(["admin", "creator"])("%s (not a LEARNER) -> 403", async (who) => {
    expectError(await progress(active, otherCourse.lessons[0]!.id, { status: "IN_PROGRESS" }, who), 403, "Forbidden: LEARNER required");
  });

  it("401 without a token", async () => {
    expectError(await api.call("POST", `/enrollments/${active}/progress/${otherCourse.lessons[0]!.id}`, { tenant: "acme", body: { status: "COMPLETED" } }), 401);
  });

  it("validates the body (400)", async () => {
    const lesson = otherCourse.lessons[0]!.id;
    expectValidation(await progress(active, lesson, {}), ["status"]);
    expectValidation(await progress(active, lesson, { status: "DONE", timeSpentSeconds: -1 }), ["status", "timeSpentSeconds"]);
    expectValidation(await progress(active, lesson, { status: "COMPLETED", timeSpentSeconds: "10" }), ["timeSpentSeconds"]);
    expectUnknownFields(await progress(active, lesson, { status: "COMPLETED", completedAt: "2020-01-01" }), ["completedAt"]);
    expect(await api.db.select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, active))).toEqual([]);
  });

  it("a CANCELLED enrollment keeps its progress and refuses new progress (422)", async () => {
    const c = await createLearningCourse(api.db, acmeId, { creatorId });
    const e = (await insertEnrollment(api.db, acmeId, { courseId: c.id, userId: learnerId })).id;
    expect((await progress(e, c.lessons[0]!.id, { status: "COMPLETED" })).status).toBe(201);
    expect((await api.call("DELETE", `/enrollments/${e}`, { tenant: "acme", token: t.creator })).body.data.status).toBe("CANCELLED");
    const res = await progress(e, c.lessons[1]!.id, { status: "IN_PROGRESS" });
    expectError(res, 422, "Enrollment is not active");
    const detail = await api.call("GET", `/enrollments/${e}`, { tenant: "acme", token: t.me });
    expect(detail.body.data).toMatchObject({ status: "CANCELLED", progress: { completedLessons: 1 } });
  });
});
