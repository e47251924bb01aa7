import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, enrollments } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment, type SeededCourse } from "../factories/learning";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let globexId: string;
let admin: string;
let creator: string;
let course: SeededCourse;
let otherCreatorsCourse: SeededCourse;
let globexCourse: SeededCourse;
let ids: Record<string, string>;

const ENROLLMENT_KEYS = [
  "id",
  "courseId",
  "userId",
  "status",
  "paymentMethod",
  "traineeCategory",
  "financingSource",
  // issue #20 item 5: the enrollment names the funder that finances it (null: none)
  "funderId",
  "enrolledAt",
  "completedAt",
  "cancelledAt",
  "suspendedAt",
  "revokedAt",
  "statusReason",
  "lastActivityAt",
  "updatedAt",
].sort();

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  globexId = (await tenantBySlug(api, "globex")).id;
  admin = await tokenFor(api, "acme", "admin");
  creator = await tokenFor(api, "acme", "creator");
  ids = {
    creator: await userIdOf(api, "creator@acme.test"),
    learner: await userIdOf(api, "learner@acme.test"),
    learner2: await userIdOf(api, "learner2@acme.test"),
    globexLearner: await userIdOf(api, "learner@globex.test"),
    globexCreator: await userIdOf(api, "creator@globex.test"),
  };
  const other = await createMember(api.db, acmeId, "CREATOR", "other.creator@acme.test");
  ids.otherCreator = other.id;
  course = await createLearningCourse(api.db, acmeId, { creatorId: ids.creator!, title: "Gestes et postures" });
  otherCreatorsCourse = await createLearningCourse(api.db, acmeId, { creatorId: other.id });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: ids.globexCreator! });
});
afterAll(() => api.close());

const enroll = (body: unknown, token = admin, tenant = "acme") => api.call("POST", "/enrollments", { tenant, token, body });

async function freshLearner(local: string) {
  return (await createMember(api.db, acmeId, "LEARNER", `${local}@acme.test`)).id;
}

describe("POST /enrollments (FREE)", () => {
  it("ADMIN enrolls a member: 201 ACTIVE, enrollment.created in the outbox with the spec's payload, activity logged", async () => {
    const userId = await freshLearner("first.enrolled");
    const res = await enroll({ courseId: course.id, userId, paymentMethod: "FREE", traineeCategory: "SAL", financingSource: "OPCO" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(Object.keys(res.body.data).sort()).toEqual(ENROLLMENT_KEYS);
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^enr_[a-z0-9]{24}$/),
      status: "ACTIVE",
      courseId: course.id,
      userId,
      paymentMethod: "FREE",
      traineeCategory: "SAL",
      financingSource: "OPCO",
      funderId: null,
      completedAt: null,
      cancelledAt: null,
    });
    expect(new Date(res.body.data.enrolledAt).toISOString()).toBe(res.body.data.enrolledAt);

    const events = (await eventRows(api, acmeId, "enrollment.created")).filter((e) => (e.data as { enrollmentId: string }).enrollmentId === res.body.data.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      enrollmentId: res.body.data.id,
      courseId: course.id,
      userId,
      courseTitle: "Gestes et postures",
      userName: "Test learner",
      enrolledAt: res.body.data.enrolledAt,
    });
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.enrollmentId, res.body.data.id), eq(activityLogs.action, "enrollment.created")));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ tenantId: acmeId, userId, courseId: course.id });
  });

  it("the CREATOR of the course enrolls (201); traineeCategory and financingSource are optional", async () => {
    const userId = await freshLearner("by.creator");
    const res = await enroll({ courseId: course.id, userId, paymentMethod: "FREE" }, creator);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "ACTIVE", traineeCategory: null, financingSource: null });
  });

  it("a CREATOR on another creator's course -> 403, nothing created", async () => {
    const userId = await freshLearner("not.by.creator");
    expectError(await enroll({ courseId: otherCreatorsCourse.id, userId, paymentMethod: "FREE" }, creator), 403);
    expect(await api.db.select().from(enrollments).where(eq(enrollments.userId, userId))).toEqual([]);
  });

  it.each(["trainer", "learner", "finance", "funder"])("%s -> 403", async (local) => {
    const token = await tokenFor(api, "acme", local);
    expectError(await enroll({ courseId: course.id, userId: ids.learner2, paymentMethod: "FREE" }, token), 403, "Forbidden: ADMIN or CREATOR required");
  });

  it("without a token -> 401", async () => {
    expectError(await api.call("POST", "/enrollments", { tenant: "acme", body: { courseId: course.id, userId: ids.learner2, paymentMethod: "FREE" } }), 401);
  });

  it.each(["PSP_A_ISV", "PSP_B"])("paymentMethod %s -> 422 (paid enrollments go through the payments flow)", async (paymentMethod) => {
    const res = await enroll({ courseId: course.id, userId: ids.learner2, paymentMethod });
    expectError(res, 422, "Paid enrollment goes through the payments flow");
    expect(res.body.errors).toEqual({ paymentMethod: expect.any(Array) });
  });

  it.each(["DRAFT", "ARCHIVED"] as const)("a %s course -> 422", async (status) => {
    const c = await createLearningCourse(api.db, acmeId, { creatorId: ids.creator!, status });
    const res = await enroll({ courseId: c.id, userId: ids.learner2, paymentMethod: "FREE" });
    expectError(res, 422, "Course is not published");
    expect(Object.keys(res.body.errors)).toEqual(["courseId"]);
  });

  it("an unknown course -> 404; an unknown user or a non-member -> 404 User not found", async () => {
    expectError(await enroll({ courseId: "crs_doesnotexist", userId: ids.learner2, paymentMethod: "FREE" }), 404, "Course not found");
    expectError(await enroll({ courseId: course.id, userId: "usr_doesnotexist", paymentMethod: "FREE" }), 404, "User not found");
    expectError(await enroll({ courseId: course.id, userId: ids.globexLearner, paymentMethod: "FREE" }), 404, "User not found");
  });

  it("a learner with no membership but an enrollment in the tenant can be enrolled in another course", async () => {
    const c2 = await createLearningCourse(api.db, acmeId, { creatorId: ids.creator! });
    const outsider = (await createMember(api.db, globexId, "LEARNER", "outsider@globex.test")).id;
    await insertEnrollment(api.db, acmeId, { courseId: c2.id, userId: outsider });
    const res = await enroll({ courseId: course.id, userId: outsider, paymentMethod: "FREE" });
    expect(res.status).toBe(201);
  });

  it("a suspended member -> 422", async () => {
    const suspended = (await createMember(api.db, acmeId, "LEARNER", "suspended.one@acme.test", "SUSPENDED")).id;
    expectError(await enroll({ courseId: course.id, userId: suspended, paymentMethod: "FREE" }), 422, "User is suspended in this organisation");
  });

  it("a second enrollment of the same learner (ACTIVE or COMPLETED) -> 409", async () => {
    const userId = await freshLearner("twice");
    expect((await enroll({ courseId: course.id, userId, paymentMethod: "FREE" })).status).toBe(201);
    expectError(await enroll({ courseId: course.id, userId, paymentMethod: "FREE" }), 409, "User is already enrolled in this course");
    const done = await freshLearner("done.already");
    await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: done, status: "COMPLETED" });
    expectError(await enroll({ courseId: course.id, userId: done, paymentMethod: "FREE" }, creator), 409);
  });

  it("concurrent duplicates: one 201, the other 409", async () => {
    const userId = await freshLearner("racer");
    const results = await Promise.all([1, 2, 3].map(() => enroll({ courseId: course.id, userId, paymentMethod: "FREE" })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await api.db.select().from(enrollments).where(eq(enrollments.userId, userId))).toHaveLength(1);
  });

  it("a CANCELLED enrollment is re-activated: same id, ACTIVE again, cancelledAt cleared, a new enrollment.created", async () => {
    const userId = await freshLearner("comeback");
    const cancelled = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId, status: "CANCELLED", enrolledAt: new Date("2024-01-01T00:00:00Z") });
    const res = await enroll({ courseId: course.id, userId, paymentMethod: "FREE", financingSource: "CPF" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: cancelled.id, status: "ACTIVE", cancelledAt: null, financingSource: "CPF" });
    expect(res.body.data.enrolledAt > "2024-01-02").toBe(true);
    const events = (await eventRows(api, acmeId, "enrollment.created")).filter((e) => (e.data as { enrollmentId: string }).enrollmentId === cancelled.id);
    expect(events).toHaveLength(1);
  });

  it("validates the body: missing fields, bad enums and unknown fields -> 400", async () => {
    expectValidation(await enroll({}), ["courseId", "userId", "paymentMethod"]);
    expectValidation(await enroll({ courseId: course.id, userId: ids.learner2, paymentMethod: "CASH", traineeCategory: "X" }), ["paymentMethod", "traineeCategory"]);
    expectUnknownFields(await enroll({ courseId: course.id, userId: ids.learner2, paymentMethod: "FREE", status: "COMPLETED", tenantId: globexId }), ["status", "tenantId"]);
  });

  it("cross-tenant: globex's course from acme -> 404, nothing created in globex", async () => {
    const before = await api.db.select().from(enrollments).where(eq(enrollments.courseId, globexCourse.id));
    expectError(await enroll({ courseId: globexCourse.id, userId: ids.learner2, paymentMethod: "FREE" }), 404, "Course not found");
    expectError(await enroll({ courseId: globexCourse.id, userId: ids.globexLearner, paymentMethod: "FREE" }), 404);
    expect(await api.db.select().from(enrollments).where(eq(enrollments.courseId, globexCourse.id))).toEqual(before);
  });

  it("acme's admin naming globex in X-Tenant-ID -> 403 (not a member there)", async () => {
    expectError(await enroll({ courseId: globexCourse.id, userId: ids.globexLearner, paymentMethod: "FREE" }, admin, "globex"), 403);
  });
});
