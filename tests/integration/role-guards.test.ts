import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../server/auth/permissions";
import { enrollments } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, ensureCourse, ensureUser, login, tokenFor } from "../factories";
import { expectError, membershipOf, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
const tokens = {} as Record<Role, string>;
let platform: string;

/** Demo account of each role in acme (conventions §11). */
const ACCOUNTS: Record<Role, string> = { ADMIN: "admin", CREATOR: "creator", TRAINER: "trainer", LEARNER: "learner", FINANCIER: "finance", FUNDER: "funder" };
const NON_ADMIN: Role[] = ["CREATOR", "LEARNER", "TRAINER", "FINANCIER", "FUNDER"];

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  for (const [role, local] of Object.entries(ACCOUNTS)) tokens[role as Role] = await tokenFor(api, "acme", local);
  platform = (await login(api, "", "platform@admin.test")).accessToken;
});
afterAll(() => api.close());

const as = (role: Role, method: string, path: string, body?: unknown) => api.call(method, path, { tenant: "acme", token: tokens[role], body });

describe("ADMIN-only operations answer 403 to every other role", () => {
  const ops = (id: () => string) => [
    { name: "GET /users", method: "GET", path: () => "/users" },
    { name: "POST /users", method: "POST", path: () => "/users", body: { email: "guard@acme.test", firstName: "G", lastName: "D", role: "LEARNER" } },
    { name: "PATCH /tenants/{id}", method: "PATCH", path: () => `/tenants/${id()}`, body: { name: "Guarded" } },
    { name: "GET /tenants/{id}/stats", method: "GET", path: () => `/tenants/${id()}/stats` },
    { name: "POST /tenants/{id}/reseed-funders", method: "POST", path: () => `/tenants/${id()}/reseed-funders` },
    { name: "PATCH /tenants/me/of-mode", method: "PATCH", path: () => "/tenants/me/of-mode", body: { enabled: false } },
    { name: "POST /tenants/{id}/service-api-key", method: "POST", path: () => `/tenants/${id()}/service-api-key` },
  ];

  for (const op of ops(() => acmeId)) {
    it.each(NON_ADMIN)(`${op.name}: %s -> 403 Forbidden: ADMIN required`, async (role) => {
      expectError(await as(role, op.method, op.path(), op.body), 403, "Forbidden: ADMIN required");
    });
  }

  it("and succeed for ADMIN; nothing was changed by the refused calls", async () => {
    expect((await as("ADMIN", "GET", "/users")).status).toBe(200);
    expect((await as("ADMIN", "GET", `/tenants/${acmeId}/stats`)).status).toBe(200);
    const tenant = await tenantBySlug(api, "acme");
    expect(tenant).toMatchObject({ name: "Acme Formation", ofMode: true });
    expect((await api.call("GET", "/users?q=guard", { tenant: "acme", token: tokens.ADMIN })).body.meta.total).toBe(0);
  });
});

describe("POST /tenants is for platform administrators only", () => {
  it.each(["ADMIN", ...NON_ADMIN] as Role[])("%s of a tenant -> 403", async (role) => {
    expectError(await as(role, "POST", "/tenants", { name: `By ${role}` }), 403, "Forbidden: platform administrator required");
  });

  it("a platform administrator -> 201", async () => {
    const res = await api.call("POST", "/tenants", { token: platform, body: { name: "Platform Made" } });
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toBe("platform-made");
  });
});

describe("role change is ADMIN only", () => {
  it.each(NON_ADMIN)("%s changing a role -> 403 Cannot change role without ADMIN privileges", async (role) => {
    const target = await userIdOf(api, "learner2@acme.test");
    expectError(await as(role, "PATCH", `/users/${target}`, { role: "ADMIN" }), 403, "Cannot change role without ADMIN privileges");
    // Even on themselves.
    const self = await userIdOf(api, `${ACCOUNTS[role]}@acme.test`);
    expectError(await as(role, "PATCH", `/users/${self}`, { role: "ADMIN" }), 403, "Cannot change role without ADMIN privileges");
    expect(await membershipOf(api, acmeId, self)).toMatchObject({ role });
  });

  it.each(NON_ADMIN)("%s editing another member's names or status -> 403", async (role) => {
    const target = await userIdOf(api, "learner2@acme.test");
    expectError(await as(role, "PATCH", `/users/${target}`, { firstName: "Hacked" }), 403, "Forbidden: ADMIN required");
    expectError(await as(role, "PATCH", `/users/${target}`, { status: "SUSPENDED" }), 403);
  });

  it("ADMIN changes a role -> 200", async () => {
    const target = await userIdOf(api, "learner2@acme.test");
    const res = await as("ADMIN", "PATCH", `/users/${target}`, { role: "TRAINER" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: target, role: "TRAINER", firstName: "Lucas" });
    expect((await as("ADMIN", "PATCH", `/users/${target}`, { role: "LEARNER" })).body.data.role).toBe("LEARNER");
  });
});

describe("GET /users/{id}: ADMIN, or CREATOR for learners of their own courses", () => {
  let learnerId: string;
  let learner2Id: string;
  let outsiderId: string;

  beforeAll(async () => {
    const creatorId = await userIdOf(api, "creator@acme.test");
    // Fresh learners: the demo learners are already enrolled in the demo creator's courses.
    learnerId = (await createMember(api.db, acmeId, "LEARNER", "rg-learner@acme.test")).id;
    learner2Id = (await createMember(api.db, acmeId, "LEARNER", "rg-learner2@acme.test")).id;
    const own = await ensureCourse(api.db, acmeId, { slug: "creator-own-course", title: "Own course", creatorId });
    await api.db.insert(enrollments).values({ id: newId("enr"), tenantId: acmeId, courseId: own.id, userId: learnerId, status: "COMPLETED" });
    // learner2 is enrolled, but in another creator's course.
    const otherCreator = await createMember(api.db, acmeId, "CREATOR", "creator-b@acme.test");
    const other = await ensureCourse(api.db, acmeId, { slug: "other-creator-course", title: "Other course", creatorId: otherCreator.id });
    await api.db.insert(enrollments).values({ id: newId("enr"), tenantId: acmeId, courseId: other.id, userId: learner2Id });
    // A learner with no membership, reaching acme only through an enrollment in the creator's course.
    const outsider = await ensureUser(api.db, { email: "enrolled-only@learner.test", firstName: "Only", lastName: "Enrolled" });
    outsiderId = outsider.id;
    await api.db.insert(enrollments).values({ id: newId("enr"), tenantId: acmeId, courseId: own.id, userId: outsiderId });
  });

  it("CREATOR sees a learner enrolled in one of their courses, with counts", async () => {
    const res = await as("CREATOR", "GET", `/users/${learnerId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: learnerId, email: "rg-learner@acme.test", role: "LEARNER", enrollmentsCount: 1, completedCoursesCount: 1 });
  });

  it("CREATOR sees a learner with no membership enrolled in their course", async () => {
    const res = await as("CREATOR", "GET", `/users/${outsiderId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: outsiderId, email: "enrolled-only@learner.test", role: "LEARNER", status: "ACTIVE", enrollmentsCount: 1, completedCoursesCount: 0 });
  });

  it("CREATOR gets 404 for a learner not in their courses, and for other members", async () => {
    expectError(await as("CREATOR", "GET", `/users/${learner2Id}`), 404, "User not found");
    expectError(await as("CREATOR", "GET", `/users/${await userIdOf(api, "admin@acme.test")}`), 404, "User not found");
    expectError(await as("CREATOR", "GET", `/users/${await userIdOf(api, "finance@acme.test")}`), 404, "User not found");
  });

  it("ADMIN sees any member", async () => {
    expect((await as("ADMIN", "GET", `/users/${learner2Id}`)).body.data).toMatchObject({ id: learner2Id, enrollmentsCount: 1 });
    expect((await as("ADMIN", "GET", `/users/${await userIdOf(api, "creator@acme.test")}`)).body.data.role).toBe("CREATOR");
  });

  it.each(["LEARNER", "TRAINER", "FINANCIER", "FUNDER"] as Role[])("%s -> 403", async (role) => {
    expectError(await as(role, "GET", `/users/${learnerId}`), 403, "Forbidden: ADMIN or CREATOR required");
  });
});
