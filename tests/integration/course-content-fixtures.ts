import { and, desc, eq } from "drizzle-orm";
import { activityLogs, courseTrainers, enrollments, lessonProgress } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { startApi, type ApiResponse, type TestApi } from "../helpers/api";
import { createMember, ensureCourse, tokenFor } from "../factories";
import { tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * Shared set-up of the course-content tests (modules, lessons, questionnaires): the demo
 * tenants, a token per persona, and courses inserted straight through the factories so these
 * tests do not depend on the courses endpoints.
 */
export type Who = "admin" | "creator" | "creator2" | "trainer" | "learner" | "learner2" | "globexAdmin" | "globexCreator";

export type ContentFixture = {
  api: TestApi;
  acmeId: string;
  globexId: string;
  tokens: Record<Who, string>;
  userIds: Record<"creator" | "creator2" | "trainer" | "learner" | "learner2", string>;
  /** `as("creator")("POST", path, body)`: a call in acme (globex for the globex personas). */
  as(who: Who): (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
  close(): Promise<void>;
};

export async function setupContent(): Promise<ContentFixture> {
  const api = await startApi({ demo: true });
  const acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  const creator2 = await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  const tokens: Record<Who, string> = {
    admin: await tokenFor(api, "acme", "admin"),
    creator: await tokenFor(api, "acme", "creator"),
    creator2: await tokenFor(api, "acme", "creator2"),
    trainer: await tokenFor(api, "acme", "trainer"),
    learner: await tokenFor(api, "acme", "learner"),
    learner2: await tokenFor(api, "acme", "learner2"),
    globexAdmin: await tokenFor(api, "globex", "admin"),
    globexCreator: await tokenFor(api, "globex", "creator"),
  };
  const userIds = {
    creator: await userIdOf(api, "creator@acme.test"),
    creator2: creator2.id,
    trainer: await userIdOf(api, "trainer@acme.test"),
    learner: await userIdOf(api, "learner@acme.test"),
    learner2: await userIdOf(api, "learner2@acme.test"),
  };
  return {
    api,
    acmeId,
    globexId,
    tokens,
    userIds,
    as: (who) => (method, path, body) => api.call(method, path, { tenant: who.startsWith("globex") ? "globex" : "acme", token: tokens[who], body }),
    close: () => api.close(),
  };
}

let counter = 0;

/** A fresh course in acme (or globex) created by that tenant's creator@. */
export async function newCourse(fx: ContentFixture, opts: { tenant?: "acme" | "globex"; status?: "DRAFT" | "PUBLISHED" | "ARCHIVED" } = {}): Promise<string> {
  const tenant = opts.tenant ?? "acme";
  const creatorId = await userIdOf(fx.api, `creator@${tenant}.test`);
  counter += 1;
  const course = await ensureCourse(fx.api.db, tenant === "acme" ? fx.acmeId : fx.globexId, {
    slug: `content-test-${process.pid}-${counter}`,
    title: `Content test ${counter}`,
    creatorId,
    status: opts.status ?? "DRAFT",
  });
  return course.id;
}

export async function enroll(fx: ContentFixture, courseId: string, userId: string, status: "ACTIVE" | "COMPLETED" | "CANCELLED" | "SUSPENDED" = "ACTIVE", tenantId = fx.acmeId) {
  const id = newId("enr");
  await fx.api.db.insert(enrollments).values({ id, tenantId, courseId, userId, status });
  return id;
}

export async function assignTrainer(fx: ContentFixture, courseId: string, userId: string) {
  await fx.api.db.insert(courseTrainers).values({ id: newId("ctr"), tenantId: fx.acmeId, courseId, userId });
}

export async function recordProgress(fx: ContentFixture, enrollmentId: string, lessonId: string) {
  await fx.api.db.insert(lessonProgress).values({ id: newId("prg"), tenantId: fx.acmeId, enrollmentId, lessonId, status: "IN_PROGRESS" });
}

export async function activityOf(fx: ContentFixture, courseId: string) {
  return fx.api.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.tenantId, fx.acmeId), eq(activityLogs.courseId, courseId)))
    .orderBy(desc(activityLogs.createdAt));
}
