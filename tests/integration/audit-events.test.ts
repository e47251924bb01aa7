import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, events } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { tokenFor } from "../factories";
import { auditRows, eventRows, expectError, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
let admin: string;
let adminId: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  admin = await tokenFor(api, "acme", "admin");
  adminId = await userIdOf(api, "admin@acme.test");
});
afterAll(() => api.close());

const createUser = (body: Record<string, unknown>, token = admin) => api.call("POST", "/users", { tenant: "acme", token, body });

describe("events outbox (conventions §8)", () => {
  it("writes one user.created row when POST /users succeeds", async () => {
    const res = await createUser({ email: "evt.one@acme.test", firstName: "Evt", lastName: "One", role: "LEARNER" });
    expect(res.status).toBe(201);
    const rows = (await eventRows(api, acmeId, "user.created")).filter((e) => e.data.userId === res.body.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: expect.stringMatching(/^evt_[a-z0-9]{24}$/),
      tenantId: acmeId,
      event: "user.created",
      data: { userId: res.body.data.id, email: "evt.one@acme.test", role: "LEARNER", status: "INVITED" },
      dispatchedAt: null,
    });
  });

  it("writes none when POST /users fails (409, 422, 400, 403)", async () => {
    const count = async () => (await api.db.select().from(events).where(eq(events.tenantId, acmeId))).length;
    const before = await count();
    expectError(await createUser({ email: "evt.one@acme.test", firstName: "Evt", lastName: "One", role: "LEARNER" }), 409);
    expectError(await createUser({ email: "evt.two@acme.test", firstName: "Evt", lastName: "Two", role: "ADMIN", sendInvitation: false }), 422);
    expectError(await createUser({ email: "evt.three@acme.test", firstName: "Evt", lastName: "Three", role: "LEARNER", tenantId: "x" }), 400);
    expectError(await createUser({ email: "evt.four@acme.test", firstName: "Evt", lastName: "Four", role: "LEARNER" }, await tokenFor(api, "acme", "creator")), 403);
    expect(await count()).toBe(before);
  });
});

describe("audit log", () => {
  it("records a login with actor, tenant, address, user agent and the request id", async () => {
    const res = await api.call("POST", "/auth/login", {
      tenant: "acme",
      body: { email: "finance@acme.test", password: "demo-Passw0rd!" },
      headers: { "User-Agent": "audit-test/1.0", "X-Request-Id": "audit-login-0001" },
    });
    expect(res.status).toBe(200);
    const financeId = await userIdOf(api, "finance@acme.test");
    const [row] = await auditRows(api, "auth.login", { targetId: financeId });
    expect(row).toMatchObject({
      id: expect.stringMatching(/^aud_/),
      tenantId: acmeId,
      actorUserId: financeId,
      targetType: "user",
      userAgent: "audit-test/1.0",
      requestId: "audit-login-0001",
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it("records a failed login with the e-mail and no secret", async () => {
    await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "finance@acme.test", password: "Wrong-Secret-123" } });
    const [row] = await auditRows(api, "auth.login_failed", { tenantId: acmeId });
    expect(row!.metadata).toEqual({ email: "finance@acme.test", failures: 1 });
    expect(JSON.stringify(row)).not.toContain("Wrong-Secret-123");
  });

  it("records role and status changes with from/to and the acting admin", async () => {
    const id = await userIdOf(api, "learner@acme.test");
    await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { role: "TRAINER" } });
    await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { status: "SUSPENDED" } });
    // A no-op change writes nothing.
    await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { role: "TRAINER" } });
    const role = await auditRows(api, "user.role_changed", { targetId: id });
    const status = await auditRows(api, "user.status_changed", { targetId: id });
    expect(role.map((r) => [r.actorUserId, r.tenantId, r.metadata])).toEqual([[adminId, acmeId, { from: "LEARNER", to: "TRAINER" }]]);
    expect(status.map((r) => [r.actorUserId, r.tenantId, r.metadata])).toEqual([[adminId, acmeId, { from: "ACTIVE", to: "SUSPENDED" }]]);
  });

  it("records tenant updates and service-key rotations (never the key itself)", async () => {
    await api.call("PATCH", `/tenants/${acmeId}`, { tenant: "acme", token: admin, body: { name: "Acme Audited" } });
    const [update] = await auditRows(api, "tenant.updated", { tenantId: acmeId });
    expect(update).toMatchObject({ actorUserId: adminId, targetType: "tenant", targetId: acmeId, metadata: { fields: ["name"] } });

    const key = await api.call("POST", `/tenants/${acmeId}/service-api-key`, { tenant: "acme", token: admin });
    expect(key.status).toBe(201);
    const [rotation] = await auditRows(api, "tenant.api_key_rotated", { tenantId: acmeId });
    expect(rotation).toMatchObject({ actorUserId: adminId, metadata: { lastFour: key.body.data.apiKey.slice(-4) } });
    expect(JSON.stringify(rotation)).not.toContain(key.body.data.apiKey);
  });

  it("is append-only: the database refuses UPDATE and DELETE", async () => {
    const [row] = await auditRows(api, "auth.login");
    await expect(api.db.update(auditLogs).set({ action: "tampered" }).where(eq(auditLogs.id, row!.id))).rejects.toThrow();
    await expect(api.db.delete(auditLogs).where(eq(auditLogs.id, row!.id))).rejects.toThrow();
    const [still] = await api.db.select().from(auditLogs).where(eq(auditLogs.id, row!.id));
    expect(still).toEqual(row);
    // The refusal comes from the trigger, with its message.
    const error = await api.db.delete(auditLogs).where(eq(auditLogs.id, row!.id)).then(
      () => null,
      (e: unknown) => e,
    );
    const messages: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message));
    expect(messages.join(" | ")).toMatch(/audit_logs is append-only/);
  });
});
