import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forTenant } from "../../server/db/tenant-scope";
import { logActivity } from "../../server/services/activity/log";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment, type SeededCourse } from "../factories/learning";
import { expectError, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let globexId: string;
const t: Record<string, string> = {};
let course: SeededCourse;
let otherCourse: SeededCourse;
let globexCourse: SeededCourse;
let learnerId: string;
let enrollmentId: string;
let globexEnrollmentId: string;

const ITEM_KEYS = ["id", "userId", "userName", "action", "courseId", "enrollmentId", "lessonId", "metadata", "createdAt"].sort();

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  const creatorId = await userIdOf(api, "creator@acme.test");
  const other = await createMember(api.db, acmeId, "CREATOR", "other.creator@acme.test");
  course = await createLearningCourse(api.db, acmeId, { creatorId, slug: "activity-course" });
  otherCourse = await createLearningCourse(api.db, acmeId, { creatorId: other.id, slug: "someone-elses" });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: await userIdOf(api, "creator@globex.test"), slug: "globex-activity" });
  learnerId = (await createMember(api.db, acmeId, "LEARNER", "active.learner@acme.test")).id;
  for (const local of ["admin", "creator", "learner", "funder"]) t[local] = await tokenFor(api, "acme", local);
  t.other = (await login(api, "acme", "other.creator@acme.test")).accessToken;
  t.me = (await login(api, "acme", "active.learner@acme.test")).accessToken;

  // Real activity through the API: an enrollment, then progress.
  const created = await api.call("POST", "/enrollments", { tenant: "acme", token: t.creator, body: { courseId: course.id, userId: learnerId, paymentMethod: "FREE" } });
  enrollmentId = created.body.data.id;
  await api.call("POST", `/enrollments/${enrollmentId}/progress/${course.lessons[0]!.id}`, { tenant: "acme", token: t.me, body: { status: "IN_PROGRESS" } });
  await api.call("POST", `/enrollments/${enrollmentId}/progress/${course.lessons[0]!.id}`, { tenant: "acme", token: t.me, body: { status: "COMPLETED" } });

  const g = await insertEnrollment(api.db, globexId, { courseId: globexCourse.id, userId: await userIdOf(api, "learner@globex.test") });
  globexEnrollmentId = g.id;
  await logActivity(api.db, forTenant(globexId), { userId: null, action: "enrollment.created", courseId: globexCourse.id, enrollmentId: g.id });
  // Dated entries for the filters.
  const scope = forTenant(acmeId);
  await logActivity(api.db, scope, { userId: learnerId, action: "course.viewed", courseId: otherCourse.id }, new Date("2024-05-10T12:00:00Z"));
  await logActivity(api.db, scope, { userId: learnerId, action: "course.viewed", courseId: otherCourse.id }, new Date("2024-05-11T23:59:00Z"));
  await logActivity(api.db, scope, { userId: learnerId, action: "course.viewed", courseId: otherCourse.id }, new Date("2024-05-12T00:00:01Z"));
});
afterAll(() => api.close());

const get = (path: string, who: string) => api.call("GET", path, { tenant: "acme", token: t[who] });
const actions = (res: { body: { data: { action: string }[] } }) => res.body.data.map((i) => i.action);

describe("GET /courses/{slug}/activity-log", () => {
  it("the course's creator reads it, newest first, with user names", async () => {
    const res = await get(`/courses/${course.slug}/activity-log`, "creator");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(actions(res)[0]).toBe("lesson.completed");
    expect(actions(res).at(-1)).toBe("enrollment.created");
    expect(new Set(actions(res))).toEqual(new Set(["enrollment.created", "lesson.started", "lesson.completed"]));
    expect(res.body.data.at(-1)).toMatchObject({ userId: learnerId, userName: "Test learner", courseId: course.id, enrollmentId, lessonId: null, metadata: { paymentMethod: "FREE" } });
    const times = res.body.data.map((i: { createdAt: string }) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("accepts the course id too; honours limit", async () => {
    expect((await get(`/courses/${course.id}/activity-log`, "admin")).body.data).toHaveLength(3);
    expect((await get(`/courses/${course.slug}/activity-log?limit=1`, "admin")).body.data).toHaveLength(1);
    expectValidation(await get(`/courses/${course.slug}/activity-log?limit=500`, "admin"), ["limit"]);
  });

  it("another creator -> 403; LEARNER and FUNDER -> 403", async () => {
    expectError(await get(`/courses/${course.slug}/activity-log`, "other"), 403, "Forbidden: you do not own this course");
    for (const who of ["learner", "funder"]) expectError(await get(`/courses/${course.slug}/activity-log`, who), 403, "Forbidden: CREATOR or ADMIN required");
  });

  it("404 for an unknown course and for globex's course; 401 without a token", async () => {
    expectError(await get("/courses/no-such-course/activity-log", "admin"), 404, "Course not found");
    expectError(await get(`/courses/${globexCourse.slug}/activity-log`, "admin"), 404);
    expectError(await get(`/courses/${globexCourse.id}/activity-log`, "admin"), 404);
    expectError(await api.call("GET", `/courses/${course.slug}/activity-log`, { tenant: "acme" }), 401);
  });
});

describe("GET /enrollments/{id}/activity-log", () => {
  it("the course's creator and ADMIN read the enrollment's entries only", async () => {
    const res = await get(`/enrollments/${enrollmentId}/activity-log`, "creator");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data.every((i: { enrollmentId: string }) => i.enrollmentId === enrollmentId)).toBe(true);
    expect((await get(`/enrollments/${enrollmentId}/activity-log?limit=2`, "admin")).body.data).toHaveLength(2);
  });

  it("another creator -> 403; the learner themself -> 403 (CREATOR or ADMIN only)", async () => {
    expectError(await get(`/enrollments/${enrollmentId}/activity-log`, "other"), 403, "Forbidden: you do not own this course");
    expectError(await get(`/enrollments/${enrollmentId}/activity-log`, "me"), 403, "Forbidden: CREATOR or ADMIN required");
  });

  it("404 for an unknown enrollment and for globex's", async () => {
    expectError(await get("/enrollments/enr_doesnotexist/activity-log", "admin"), 404, "Enrollment not found");
    expectError(await get(`/enrollments/${globexEnrollmentId}/activity-log`, "admin"), 404);
  });
});

describe("GET /activity-logs", () => {
  it("ADMIN lists the tenant's log, newest first, paginated", async () => {
    const res = await get("/activity-logs?limit=2", "admin");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 2 });
    const all = await get("/activity-logs?limit=100", "admin");
    expect(all.body.meta.total).toBe(all.body.data.length);
    expect(all.body.data.some((i: { enrollmentId: string | null }) => i.enrollmentId === globexEnrollmentId)).toBe(false);
    const times = all.body.data.map((i: { createdAt: string }) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("filters by userId, action and a date range (a date alone covers its whole day, UTC)", async () => {
    const mine = await get(`/activity-logs?userId=${learnerId}&action=course.viewed`, "admin");
    expect(mine.body.meta.total).toBe(3);
    const day = await get(`/activity-logs?userId=${learnerId}&dateFrom=2024-05-10&dateTo=2024-05-11`, "admin");
    expect(day.body.data.map((i: { createdAt: string }) => i.createdAt)).toEqual(["2024-05-11T23:59:00.000Z", "2024-05-10T12:00:00.000Z"]);
    const instant = await get(`/activity-logs?dateFrom=${encodeURIComponent("2024-05-11T00:00:00Z")}&dateTo=${encodeURIComponent("2024-05-12T00:00:01Z")}`, "admin");
    expect(instant.body.data.map((i: { createdAt: string }) => i.createdAt)).toEqual(["2024-05-12T00:00:01.000Z", "2024-05-11T23:59:00.000Z"]);
    expect((await get(`/activity-logs?action=enrollment.created&userId=${learnerId}`, "admin")).body.data).toMatchObject([{ enrollmentId, userName: "Test learner" }]);
  });

  it("400 on a malformed date; 403 for every role but ADMIN; 401 without a token", async () => {
    expectValidation(await get("/activity-logs?dateFrom=yesterday", "admin"), ["dateFrom"]);
    for (const who of ["creator", "learner", "funder"]) expectError(await get("/activity-logs", who), 403, "Forbidden: ADMIN required");
    expectError(await api.call("GET", "/activity-logs", { tenant: "acme" }), 401);
  });
});
