import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, ensureCourse, login, PASSWORD, tokenFor } from "../factories";
import { auditRows, eventRows, expectError, expectValidation, membershipOf, outbox, tenantBySlug, userByEmail, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let admin: string;
const USER_KEYS = ["id", "email", "firstName", "lastName", "role", "status", "createdAt", "updatedAt", "lastLoginAt"].sort();

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  admin = await tokenFor(api, "acme", "admin");
});
afterAll(() => api.close());

const list = (query = "", token = admin) => api.call("GET", `/users${query}`, { tenant: "acme", token });

describe("GET /users", () => {
  it("lists the tenant's members with the spec's meta", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 8, page: 1, limit: 25, totalPages: 1 });
    expect(res.body.data).toHaveLength(8);
    for (const u of res.body.data) expect(Object.keys(u).sort()).toEqual(USER_KEYS);
    expect(res.body.data.map((u: { email: string }) => u.email).sort()).toEqual(
      ["admin", "creator", "finance", "funder", "learner", "learner2", "learner3", "trainer"].map((l) => `${l}@acme.test`).sort(),
    );
    const adminRow = res.body.data.find((u: { email: string }) => u.email === "admin@acme.test");
    expect(adminRow).toMatchObject({ firstName: "Alice", lastName: "Martin", role: "ADMIN", status: "ACTIVE", lastLoginAt: expect.any(String) });
  });

  it("filters by role and status", async () => {
    const learners = await list("?role=LEARNER");
    expect(learners.body.data.map((u: { email: string }) => u.email).sort()).toEqual(["learner2@acme.test", "learner3@acme.test", "learner@acme.test"]);
    expect(learners.body.meta.total).toBe(3);
    expect((await list("?role=ADMIN")).body.data.map((u: { email: string }) => u.email)).toEqual(["admin@acme.test"]);
    const active = await list("?status=ACTIVE");
    expect(active.body.meta.total).toBe(8);
    expect((await list("?status=SUSPENDED")).body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25, totalPages: 1 } });
  });

  it("searches e-mail, first and last names (q, every word must match)", async () => {
    expect((await list("?q=learner2")).body.data.map((u: { email: string }) => u.email)).toEqual(["learner2@acme.test"]);
    expect((await list("?q=martin")).body.data.map((u: { email: string }) => u.email)).toEqual(["admin@acme.test"]);
    expect((await list(`?q=${encodeURIComponent("Claire Dubois")}`)).body.data.map((u: { email: string }) => u.email)).toEqual(["creator@acme.test"]);
    expect((await list(`?q=${encodeURIComponent("Claire Martin")}`)).body.data).toEqual([]);
    expect((await list("?q=%25")).body.data).toEqual([]);
    expect((await list("?q=globex")).body.meta.total).toBe(0);
  });

  it("paginates with limit and page", async () => {
    const p1 = await list("?limit=3");
    const p3 = await list("?limit=3&page=3");
    expect(p1.body.meta).toEqual({ total: 8, page: 1, limit: 3, totalPages: 3 });
    expect(p1.body.data).toHaveLength(3);
    expect(p3.body.meta).toEqual({ total: 8, page: 3, limit: 3, totalPages: 3 });
    expect(p3.body.data).toHaveLength(2);
    const all = [...p1.body.data, ...(await list("?limit=3&page=2")).body.data, ...p3.body.data].map((u: { id: string }) => u.id);
    expect(new Set(all).size).toBe(8);
    expect((await list("?limit=3&page=9")).body).toEqual({ data: [], meta: { total: 8, page: 9, limit: 3, totalPages: 3 } });
    expect((await list("?limit=100")).status).toBe(200);
  });

  it("answers 400 for limit > 100, a bad page, role or status", async () => {
    expectValidation(await list("?limit=101"), ["limit"]);
    expectValidation(await list("?limit=0"), ["limit"]);
    expectValidation(await list("?page=0"), ["page"]);
    expectValidation(await list("?role=OWNER"), ["role"]);
    expectValidation(await list("?status=DELETED"), ["status"]);
  });

  it("answers 401 without a token and 403 for a non-admin", async () => {
    expectError(await api.call("GET", "/users", { tenant: "acme" }), 401, "Unauthorized");
    expectError(await list("", await tokenFor(api, "acme", "creator")), 403, "Forbidden: ADMIN required");
  });
});

describe("GET /users/me", () => {
  it("answers the full profile with the role in the tenant", async () => {
    const res = await api.call("GET", "/users/me", { tenant: "acme", token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: await userIdOf(api, "admin@acme.test"),
        email: "admin@acme.test",
        firstName: "Alice",
        lastName: "Martin",
        role: "ADMIN",
        status: "ACTIVE",
        avatarUrl: null,
        locale: "fr",
        tenantId: acmeId,
        tenantSlug: "acme",
        isPlatformAdmin: false,
        preferences: { notifications: { email: true, push: false, weeklyDigest: false } },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastLoginAt: expect.any(String),
      },
    });
    // Without X-Tenant-ID, the token's active tenant.
    expect((await api.call("GET", "/users/me", { token: admin })).body.data).toMatchObject({ tenantSlug: "acme", role: "ADMIN" });
  });

  it("answers 401 without a token, 404 for an unknown tenant", async () => {
    expectError(await api.call("GET", "/users/me", { tenant: "acme" }), 401);
    expectError(await api.call("GET", "/users/me", { tenant: "nowhere", token: admin }), 404, "Tenant not found");
  });
});

describe("GET /users/{id}", () => {
  it("answers a member with enrollment counts (ADMIN)", async () => {
    const creatorId = await userIdOf(api, "creator@acme.test");
    const learnerId = (await createMember(api.db, acmeId, "LEARNER", "counts@acme.test")).id;
    const c1 = await ensureCourse(api.db, acmeId, { slug: "counts-1", title: "Counts 1", creatorId });
    const c2 = await ensureCourse(api.db, acmeId, { slug: "counts-2", title: "Counts 2", creatorId });
    await api.db.insert(enrollments).values([
      { id: newId("enr"), tenantId: acmeId, courseId: c1.id, userId: learnerId, status: "ACTIVE" },
      { id: newId("enr"), tenantId: acmeId, courseId: c2.id, userId: learnerId, status: "COMPLETED" },
    ]);
    const res = await api.call("GET", `/users/${learnerId}`, { tenant: "acme", token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: learnerId,
      email: "counts@acme.test",
      firstName: expect.any(String),
      lastName: expect.any(String),
      role: "LEARNER",
      status: "ACTIVE",
      avatarUrl: null,
      locale: "fr",
      enrollmentsCount: 2,
      completedCoursesCount: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastLoginAt: null,
    });
  });

  it("answers 404 User not found for an unknown id", async () => {
    expectError(await api.call("GET", "/users/usr_doesnotexist", { tenant: "acme", token: admin }), 404, "User not found");
  });
});

describe("POST /users", () => {
  it("creates an INVITED user (201) with an invitation mail and a user.created event", async () => {
    const res = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "new.trainer@acme.test", firstName: "Nouveau", lastName: "Formateur", role: "TRAINER", locale: "en" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { id: expect.stringMatching(/^usr_/), email: "new.trainer@acme.test", firstName: "Nouveau", lastName: "Formateur", role: "TRAINER", status: "INVITED", createdAt: expect.any(String) },
    });
    expect((await outbox(api, "new.trainer@acme.test"))[0]!.subject).toBe("Invitation to join Acme Formation");
    const evts = (await eventRows(api, acmeId, "user.created")).filter((e) => e.data.userId === res.body.data.id);
    expect(evts).toHaveLength(1);
    expect(evts[0]!.data).toEqual({ userId: res.body.data.id, email: "new.trainer@acme.test", firstName: "Nouveau", lastName: "Formateur", role: "TRAINER", status: "INVITED" });
    expect((await list("?status=INVITED")).body.data.map((u: { email: string }) => u.email)).toEqual(["new.trainer@acme.test"]);
  });

  it("creates an ACTIVE user at once without invitation (no mail); ADMIN or CREATOR then need a password (422, nothing written)", async () => {
    const events = (await eventRows(api, acmeId, "user.created")).length;
    const res422 = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "np@acme.test", firstName: "No", lastName: "Password", role: "CREATOR", sendInvitation: false } });
    expectValidation(res422, ["password"], 422);
    expect(await userByEmail(api, "np@acme.test")).toBeUndefined();
    expect((await eventRows(api, acmeId, "user.created")).length).toBe(events);
    expectValidation(
      await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "np@acme.test", firstName: "No", lastName: "Password", role: "ADMIN", sendInvitation: false } }),
      ["password"],
      422,
    );

    const creator = await api.call("POST", "/users", {
      tenant: "acme",
      token: admin,
      body: { email: "direct.creator@acme.test", firstName: "Direct", lastName: "Creator", role: "CREATOR", sendInvitation: false, password: "direct-Passw0rd" },
    });
    expect(creator.status).toBe(201);
    expect(creator.body.data).toMatchObject({ role: "CREATOR", status: "ACTIVE" });
    expect((await login(api, "acme", "direct.creator@acme.test", "direct-Passw0rd")).accessToken).toBeTruthy();

    const learner = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "direct.learner@acme.test", firstName: "Direct", lastName: "Learner", role: "LEARNER", sendInvitation: false } });
    expect(learner.status).toBe(201);
    expect(learner.body.data.status).toBe("ACTIVE");
    expect(await outbox(api, "direct.learner@acme.test")).toEqual([]);
    expect((await eventRows(api, acmeId, "user.created")).length).toBe(events + 2);
  });

  it("answers 409 for a member's e-mail and 422 for invalid fields (the spec's code for POST /users)", async () => {
    expectError(await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "learner@acme.test", firstName: "L", lastName: "P", role: "LEARNER" } }), 409, "Email already exists");
    expectValidation(await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "x", firstName: "", role: "KING" } }), ["email", "firstName", "lastName", "role"], 422);
    expectValidation(
      await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "weak@acme.test", firstName: "W", lastName: "P", role: "ADMIN", sendInvitation: false, password: "short" } }),
      ["password"],
      422,
    );
  });
});

describe("PATCH /users/{id}", () => {
  it("updates names, role and status (ADMIN) and records role and status changes in the audit log", async () => {
    const id = await userIdOf(api, "trainer@acme.test");
    const res = await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { firstName: "Tom", lastName: "Bernardi", role: "CREATOR", status: "SUSPENDED" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id, email: "trainer@acme.test", firstName: "Tom", lastName: "Bernardi", role: "CREATOR", status: "SUSPENDED", updatedAt: expect.any(String) } });
    expect(await membershipOf(api, acmeId, id)).toMatchObject({ role: "CREATOR", status: "SUSPENDED" });
    const roleAudit = await auditRows(api, "user.role_changed", { tenantId: acmeId, targetId: id });
    expect(roleAudit.map((a) => a.metadata)).toEqual([{ from: "TRAINER", to: "CREATOR" }]);
    expect(roleAudit[0]!.actorUserId).toBe(await userIdOf(api, "admin@acme.test"));
    expect((await auditRows(api, "user.status_changed", { tenantId: acmeId, targetId: id })).map((a) => a.metadata)).toEqual([{ from: "ACTIVE", to: "SUSPENDED" }]);

    const back = await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { role: "TRAINER", status: "ACTIVE" } });
    expect(back.body.data).toMatchObject({ role: "TRAINER", status: "ACTIVE", firstName: "Tom" });
  });

  it("lets a member change their own names, not their role (403 with the spec's message)", async () => {
    const learner = await tokenFor(api, "acme", "learner2");
    const id = await userIdOf(api, "learner2@acme.test");
    const res = await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: learner, body: { firstName: "Luc" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, firstName: "Luc", lastName: "Moreau", role: "LEARNER" });
    expectError(await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: learner, body: { role: "ADMIN" } }), 403, "Cannot change role without ADMIN privileges");
    expectError(await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: learner, body: { status: "SUSPENDED" } }), 403);
    expect(await membershipOf(api, acmeId, id)).toMatchObject({ role: "LEARNER", status: "ACTIVE" });
  });

  it("refuses an admin demoting or suspending themselves (422) and activating an invitee (422)", async () => {
    const me = await userIdOf(api, "admin@acme.test");
    expectError(await api.call("PATCH", `/users/${me}`, { tenant: "acme", token: admin, body: { role: "LEARNER" } }), 422);
    expectError(await api.call("PATCH", `/users/${me}`, { tenant: "acme", token: admin, body: { status: "SUSPENDED" } }), 422);
    const invited = await userIdOf(api, "new.trainer@acme.test");
    expectError(await api.call("PATCH", `/users/${invited}`, { tenant: "acme", token: admin, body: { status: "ACTIVE" } }), 422);
  });

  it("answers 404 for an unknown user, 400 for invalid values, 401 without a token", async () => {
    expectError(await api.call("PATCH", "/users/usr_nobody", { tenant: "acme", token: admin, body: { firstName: "X" } }), 404, "User not found");
    const id = await userIdOf(api, "finance@acme.test");
    expectValidation(await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { role: "KING", status: "INVITED", firstName: "" } }), ["role", "status", "firstName"]);
    expectError(await api.call("PATCH", `/users/${id}`, { tenant: "acme", body: { firstName: "X" } }), 401);
  });
});

describe("suspended members", () => {
  it("can neither log in (403) nor refresh (401), nor act in the tenant with an earlier access token", async () => {
    const email = "funder@acme.test";
    const tokens = await login(api, "acme", email);
    const id = await userIdOf(api, email);
    expect((await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { status: "SUSPENDED" } })).status).toBe(200);

    expectError(await api.call("POST", "/auth/login", { tenant: "acme", body: { email, password: PASSWORD } }), 403, "Account suspended");
    expectError(await api.call("POST", "/auth/refresh", { body: { refreshToken: tokens.refreshToken } }), 401, "Account suspended");
    // An earlier access token stops working (session-version check: token-revocation.test.ts).
    expectError(await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: tokens.accessToken, body: { firstName: "Still" } }), 401, "Unauthorized");
    expectError(await api.call("GET", "/users/me", { tenant: "acme", token: tokens.accessToken }), 401);

    // Reactivated: login works again.
    expect((await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { status: "ACTIVE" } })).body.data.status).toBe("ACTIVE");
    expect((await api.call("POST", "/auth/login", { tenant: "acme", body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe("PATCH /users/me/preferences", () => {
  it("merges notifications and sets the locale", async () => {
    const token = await tokenFor(api, "acme", "creator");
    const res = await api.call("PATCH", "/users/me/preferences", { token, body: { notifications: { push: true }, locale: "en" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { notifications: { email: true, push: true, weeklyDigest: false }, locale: "en", updatedAt: expect.any(String) } });
    const again = await api.call("PATCH", "/users/me/preferences", { token, body: { notifications: { email: false, weeklyDigest: true } } });
    expect(again.body.data).toMatchObject({ notifications: { email: false, push: true, weeklyDigest: true }, locale: "en" });
    const profile = await api.call("GET", "/users/me", { tenant: "acme", token });
    expect(profile.body.data).toMatchObject({ locale: "en", preferences: { notifications: { email: false, push: true, weeklyDigest: true } } });
  });

  it("answers 400 for invalid values and 401 without a token", async () => {
    const token = await tokenFor(api, "acme", "learner");
    expectValidation(await api.call("PATCH", "/users/me/preferences", { token, body: { locale: "french" } }), ["locale"]);
    expectValidation(await api.call("PATCH", "/users/me/preferences", { token, body: { notifications: { sms: true } } }), ["notifications.sms"]);
    expectError(await api.call("PATCH", "/users/me/preferences", { body: { locale: "en" } }), 401);
  });
});
