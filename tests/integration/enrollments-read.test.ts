import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, lessonProgress } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { completeLessons, createLearningCourse, enrollmentRow, insertEnrollment, type SeededCourse } from "../factories/learning";
import { fundEnrollment } from "../factories/funders";
import { expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let globexId: string;
const t: Record<string, string> = {};
let readerId: string;
let courseA: SeededCourse;
let courseB: SeededCourse;
let globexCourse: SeededCourse;
let eA: { id: string };
let eB: { id: string };
let eGlobex: { id: string };

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  const creatorId = await userIdOf(api, "creator@acme.test");
  const other = await createMember(api.db, acmeId, "CREATOR", "other.creator@acme.test");
  readerId = (await createMember(api.db, acmeId, "LEARNER", "reader@acme.test")).id;
  courseA = await createLearningCourse(api.db, acmeId, { creatorId, title: "Course A", modules: [{ title: "Intro", lessons: [{}, {}] }, { title: "Next", lessons: [{}, { kind: "VIDEO" }] }] });
  courseB = await createLearningCourse(api.db, acmeId, { creatorId: other.id, title: "Course B" });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: await userIdOf(api, "creator@globex.test") });
  eB = await insertEnrollment(api.db, acmeId, { courseId: courseB.id, userId: readerId, enrolledAt: new Date("2025-01-01T10:00:00Z") });
  eA = await insertEnrollment(api.db, acmeId, { courseId: courseA.id, userId: readerId, enrolledAt: new Date("2025-02-01T10:00:00Z") });
  await completeLessons(api.db, acmeId, eA.id, [courseA.modules[0]!.lessons[0]!.id]);
  // Both financed by AKTO, funder@'s funder (a FUNDER reads the enrollments their funder finances).
  await fundEnrollment(api.db, acmeId, eA.id);
  await fundEnrollment(api.db, acmeId, eB.id);
  eGlobex = await insertEnrollment(api.db, globexId, { courseId: globexCourse.id, userId: await userIdOf(api, "learner@globex.test") });
  for (const local of ["admin", "creator", "learner2", "funder", "trainer"]) t[local] = await tokenFor(api, "acme", local);
  t.reader = (await login(api, "acme", "reader@acme.test")).accessToken;
  t.other = (await login(api, "acme", "other.creator@acme.test")).accessToken;
});
afterAll(() => api.close());

const get = (path: string, who: string, tenant = "acme") => api.call("GET", path, { tenant, token: t[who] });

describe("GET /enrollments/me", () => {
  it("lists the caller's enrollments newest first with course and progress", async () => {
    const res = await get("/enrollments/me", "reader");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, page: 1, limit: 25, totalPages: 1 });
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([eA.id, eB.id]);
    expect(res.body.data[0]).toMatchObject({
      status: "ACTIVE",
      courseId: courseA.id,
      userId: readerId,
      lastActivityAt: null,
      course: { id: courseA.id, title: "Course A", slug: courseA.slug, bannerMediaId: null },
      progress: { percentage: 25, completedLessons: 1, totalLessons: 4 },
    });
    expect(res.body.data[1].progress).toEqual({ percentage: 0, completedLessons: 0, totalLessons: 4 });
  });

  it("filters by status and paginates", async () => {
    expect((await get("/enrollments/me?status=COMPLETED", "reader")).body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25, totalPages: 1 } });
    const page2 = await get("/enrollments/me?limit=1&page=2", "reader");
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual([eB.id]);
    expect(page2.body.meta).toEqual({ total: 2, page: 2, limit: 1, totalPages: 2 });
  });

  it("is any role's own list (a trainer with no enrollment gets an empty list)", async () => {
    const res = await get("/enrollments/me", "trainer");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("401 without a token; 400 on a bad status", async () => {
    expectError(await api.call("GET", "/enrollments/me", { tenant: "acme" }), 401);
    expectValidation(await get("/enrollments/me?status=DONE", "reader"), ["status"]);
  });
});

describe("GET /enrollments/me/upcoming-sessions", () => {
  it("200 with an empty list when no session is scheduled for the caller's courses", async () => {
    const res = await get("/enrollments/me/upcoming-sessions?limit=5", "reader");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it("401 without a token; 400 on a bad limit", async () => {
    expectError(await api.call("GET", "/enrollments/me/upcoming-sessions", { tenant: "acme" }), 401);
    expectValidation(await get("/enrollments/me/upcoming-sessions?limit=0", "reader"), ["limit"]);
  });
});

describe("GET /enrollments", () => {
  it("ADMIN sees every enrollment, with learner, course and progress; filters apply", async () => {
    const res = await get(`/enrollments?userId=${readerId}`, "admin");
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([eA.id, eB.id]);
    expect(res.body.data[0]).toMatchObject({
      learner: { id: readerId, firstName: "Test", lastName: "learner", email: "reader@acme.test" },
      course: { id: courseA.id, title: "Course A" },
      progress: { percentage: 25 },
    });
    expect((await get(`/enrollments?courseId=${courseB.id}`, "admin")).body.data.map((e: { id: string }) => e.id)).toEqual([eB.id]);
    expect((await get(`/enrollments?userId=${readerId}&status=CANCELLED`, "admin")).body.meta.total).toBe(0);
  });

  it("a CREATOR sees only the enrollments of their own courses", async () => {
    const mine = await get(`/enrollments?userId=${readerId}`, "creator");
    expect(mine.body.data.map((e: { id: string }) => e.id)).toEqual([eA.id]);
    expect((await get(`/enrollments?courseId=${courseB.id}`, "creator")).body.meta.total).toBe(0);
    expect((await get(`/enrollments?userId=${readerId}`, "other")).body.data.map((e: { id: string }) => e.id)).toEqual([eB.id]);
  });

  it("FUNDER reads the list (the enrollments their funder finances)", async () => {
    expect((await get(`/enrollments?userId=${readerId}`, "funder")).body.meta.total).toBe(2);
  });

  it.each(["reader", "trainer"])("%s -> 403", async (who) => {
    expectError(await get("/enrollments", who), 403, "Forbidden: ADMIN or CREATOR or FUNDER required");
  });

  it("never lists another tenant's enrollments", async () => {
    const res = await get(`/enrollments?courseId=${globexCourse.id}`, "admin");
    expect(res.body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25, totalPages: 1 } });
    const all = await get("/enrollments?limit=100", "admin");
    expect(all.body.data.some((e: { id: string }) => e.id === eGlobex.id)).toBe(false);
  });
});

describe("GET /enrollments/{id}", () => {
  it("the learner sees every lesson grouped by module; lessons without a record are NOT_STARTED with progress null", async () => {
    const res = await get(`/enrollments/${eA.id}`, "reader");
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: eA.id, status: "ACTIVE", course: { id: courseA.id, status: "PUBLISHED" }, learner: { id: readerId }, progress: { percentage: 25, completedLessons: 1, totalLessons: 4 } });
    expect(d.modules.map((m: { title: string }) => m.title)).toEqual(["Intro", "Next"]);
    expect(d.modules.map((m: { lessons: unknown[] }) => m.lessons.length)).toEqual([2, 2]);
    const [done, todo] = d.modules[0].lessons;
    expect(done).toMatchObject({ id: courseA.modules[0]!.lessons[0]!.id, status: "COMPLETED", progress: { status: "COMPLETED", timeSpentSeconds: 0, completedAt: expect.any(String) } });
    expect(todo).toMatchObject({ id: courseA.modules[0]!.lessons[1]!.id, status: "NOT_STARTED", progress: null, kind: "TEXT" });
    expect(d.modules[1].lessons[1]).toMatchObject({ kind: "VIDEO", status: "NOT_STARTED", progress: null });
  });

  it("the course's creator, ADMIN and FUNDER (of the funder that finances it) read it", async () => {
    for (const who of ["creator", "admin", "funder"]) expect((await get(`/enrollments/${eA.id}`, who)).status).toBe(200);
  });

  it("another learner, another creator and a trainer get 404 (not 403: nothing leaks)", async () => {
    for (const who of ["learner2", "other", "trainer"]) expectError(await get(`/enrollments/${eA.id}`, who), 404, "Enrollment not found");
  });

  it("404 for an unknown id and for globex's enrollment; 401 without a token", async () => {
    expectError(await get("/enrollments/enr_doesnotexist", "admin"), 404);
    expectError(await get(`/enrollments/${eGlobex.id}`, "admin"), 404);
    expectError(await api.call("GET", `/enrollments/${eA.id}`, { tenant: "acme" }), 401);
  });
});

describe("GET /enrollments/{id}/progress", () => {
  it("answers the percentage and the per-module summary", async () => {
    const res = await get(`/enrollments/${eA.id}/progress`, "reader");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      enrollmentId: eA.id,
      status: "ACTIVE",
      percentage: 25,
      completedLessons: 1,
      totalLessons: 4,
      modules: [
        { moduleId: courseA.modules[0]!.id, title: "Intro", completed: 1, total: 2, percentage: 50 },
        { moduleId: courseA.modules[1]!.id, title: "Next", completed: 0, total: 2, percentage: 0 },
      ],
    });
  });

  it("404 for other learners and for globex's enrollment", async () => {
    expectError(await get(`/enrollments/${eA.id}/progress`, "learner2"), 404);
    expectError(await get(`/enrollments/${eGlobex.id}/progress`, "admin"), 404);
  });
});

describe("PATCH /enrollments/{id}", () => {
  const patch = (id: string, body: unknown, who = "admin") => api.call("PATCH", `/enrollments/${id}`, { tenant: "acme", token: t[who], body });

  it("ADMIN sets traineeCategory and financingSource; null clears one; activity logged", async () => {
    const res = await patch(eB.id, { traineeCategory: "DE", financingSource: "POLE_EMPLOI" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: eB.id, traineeCategory: "DE", financingSource: "POLE_EMPLOI", status: "ACTIVE" });
    const cleared = await patch(eB.id, { financingSource: null });
    expect(cleared.body.data).toMatchObject({ traineeCategory: "DE", financingSource: null });
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, eB.id), eq(activityLogs.action, "enrollment.updated")));
    expect(logs).toHaveLength(2);
  });

  it.each(["creator", "reader", "funder"])("%s -> 403 ADMIN required", async (who) => {
    expectError(await patch(eA.id, { traineeCategory: "SAL" }, who), 403, "Forbidden: ADMIN required");
    expect((await enrollmentRow(api.db, eA.id))!.traineeCategory).toBeNull();
  });

  it("validation: bad enums and unknown fields -> 400", async () => {
    expectValidation(await patch(eA.id, { traineeCategory: "CDI", financingSource: "BANK" }), ["traineeCategory", "financingSource"]);
    expectUnknownFields(await patch(eA.id, { status: "COMPLETED" }), ["status"]);
  });

  it("404 for an unknown id and for globex's enrollment (unchanged)", async () => {
    expectError(await patch("enr_doesnotexist", { traineeCategory: "SAL" }), 404);
    expectError(await patch(eGlobex.id, { traineeCategory: "SAL" }), 404);
    expect((await enrollmentRow(api.db, eGlobex.id))!.traineeCategory).toBeNull();
  });
});

describe("DELETE /enrollments/{id}", () => {
  const del = (id: string, who: string) => api.call("DELETE", `/enrollments/${id}`, { tenant: "acme", token: t[who] });

  it("the course's creator cancels: ACTIVE -> CANCELLED, progress kept, activity logged; again -> 409", async () => {
    const learner = (await createMember(api.db, acmeId, "LEARNER", "to.cancel@acme.test")).id;
    const e = await insertEnrollment(api.db, acmeId, { courseId: courseA.id, userId: learner });
    await completeLessons(api.db, acmeId, e.id, [courseA.lessons[0]!.id, courseA.lessons[1]!.id]);
    const res = await del(e.id, "creator");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: e.id, status: "CANCELLED", cancelledAt: expect.any(String) });
    expect(await api.db.select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, e.id))).toHaveLength(2);
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, e.id), eq(activityLogs.action, "enrollment.cancelled")));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.metadata).toMatchObject({ previousStatus: "ACTIVE" });
    expectError(await del(e.id, "creator"), 409, "Enrollment is already cancelled");
    expect((await get(`/enrollments/${e.id}/progress`, "admin")).body.data).toMatchObject({ status: "CANCELLED", completedLessons: 2 });
  });

  it("ADMIN cancels a COMPLETED enrollment", async () => {
    const learner = (await createMember(api.db, acmeId, "LEARNER", "was.done@acme.test")).id;
    const e = await insertEnrollment(api.db, acmeId, { courseId: courseB.id, userId: learner, status: "COMPLETED" });
    const res = await del(e.id, "admin");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", completedAt: expect.any(String) });
  });

  it("a CREATOR on another creator's course -> 403 course not owned", async () => {
    expectError(await del(eB.id, "creator"), 403, "Forbidden: course not owned");
    expect((await enrollmentRow(api.db, eB.id))!.status).toBe("ACTIVE");
  });

  it.each(["reader", "trainer", "funder"])("%s -> 403", async (who) => {
    expectError(await del(eA.id, who), 403, "Forbidden: ADMIN or CREATOR required");
  });

  it("404 for an unknown id and for globex's enrollment (unchanged)", async () => {
    expectError(await del("enr_doesnotexist", "admin"), 404);
    expectError(await del(eGlobex.id, "admin"), 404);
    expect((await enrollmentRow(api.db, eGlobex.id))!.status).toBe("ACTIVE");
  });
});
