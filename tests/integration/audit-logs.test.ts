import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, tokenFor } from "../factories";
import { courseOf, SST } from "../helpers/sessions";
import { expectError, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
const t: Record<string, string> = {};
let acmeId: string;
let adminId: string;
let memberId: string;
let globexMemberId: string;
let sessionId: string;

const ENTRY_KEYS = ["id", "action", "actorId", "actorName", "targetType", "targetId", "subjectId", "subjectName", "metadata", "ip", "createdAt"].sort();
const future = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  adminId = await userIdOf(api, "admin@acme.test");
  memberId = (await createMember(api.db, acmeId, "LEARNER", "audited.member@acme.test")).id;
  globexMemberId = (await createMember(api.db, globexId, "LEARNER", "audited.member@globex.test")).id;
  for (const local of ["admin", "creator"]) t[local] = await tokenFor(api, "acme", local);
  t.globexAdmin = await tokenFor(api, "globex", "admin");

  // Real administration actions through the API, in both tenants.
  const patch = (tenant: string, token: string, id: string, body: unknown) => api.call("PATCH", `/users/${id}`, { tenant, token, body });
  expect((await patch("acme", t.admin!, memberId, { role: "TRAINER" })).status).toBe(200);
  expect((await patch("acme", t.admin!, memberId, { status: "SUSPENDED" })).status).toBe(200);
  expect((await patch("globex", t.globexAdmin!, globexMemberId, { role: "CREATOR" })).status).toBe(200);
  const sst = await courseOf(api, "acme", SST);
  const created = await api.call("POST", "/sessions", { tenant: "acme", token: t.creator, body: { courseId: sst.id, title: "Audit SST", scheduledAt: future(30), durationMinutes: 60 } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  sessionId = created.body.data.id;
});
afterAll(() => api.close());

const get = (query: string, token = t.admin!, tenant = "acme") => api.call("GET", `/audit-logs${query}`, { tenant, token });
type Entry = { id: string; action: string; actorId: string | null; actorName: string | null; targetId: string | null; subjectId: string | null; subjectName: string | null; metadata: Record<string, unknown>; createdAt: string };
const entries = (res: { body: { data: Entry[] } }) => res.body.data;

describe("GET /audit-logs", () => {
  it("ADMIN reads the tenant's administration actions, newest first, with names and the spec's page meta", async () => {
    const res = await get("?limit=100");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "meta"]);
    const list = entries(res);
    expect(res.body.meta).toEqual({ total: list.length, page: 1, limit: 100, totalPages: 1 });
    for (const e of list) expect(Object.keys(e).sort()).toEqual(ENTRY_KEYS);
    const stamps = list.map((e) => e.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    const role = list.find((e) => e.action === "user.role_changed" && e.targetId === memberId)!;
    expect(role).toMatchObject({ actorId: adminId, actorName: "Alice Martin", subjectId: memberId, subjectName: "Test learner", metadata: { from: "LEARNER", to: "TRAINER" } });
    expect(list.find((e) => e.action === "user.status_changed" && e.targetId === memberId)?.metadata).toEqual({ from: "ACTIVE", to: "SUSPENDED" });
    // Session creation is audited too (the creator acted).
    const session = list.find((e) => e.action === "session.created" && e.targetId === sessionId)!;
    expect(session.actorId).toBe(await userIdOf(api, "creator@acme.test"));
    expect(session.metadata).toMatchObject({ title: "Audit SST" });
    // The seed's attendance correction names its learner as the subject.
    const override = list.find((e) => e.action === "emargement.override")!;
    expect(override.subjectId).toBe(await userIdOf(api, "learner2@acme.test"));
    expect(override.subjectName).toBeTruthy();
  });

  it("filters by actor, by action and by category", async () => {
    const byAction = entries(await get("?action=user.role_changed"));
    expect(byAction.length).toBeGreaterThan(0);
    expect(byAction.every((e) => e.action === "user.role_changed")).toBe(true);

    const creatorId = await userIdOf(api, "creator@acme.test");
    const byActor = await get(`?actorId=${creatorId}`);
    expect(entries(byActor).length).toBeGreaterThan(0);
    expect(entries(byActor).every((e) => e.actorId === creatorId)).toBe(true);
    expect(entries(byActor).map((e) => e.action)).toContain("session.created");

    const both = await get(`?actorId=${adminId}&action=user.status_changed`);
    expect(entries(both).map((e) => e.targetId)).toEqual([memberId]);
    expect(both.body.meta.total).toBe(1);

    const admin = entries(await get("?category=admin&limit=100"));
    expect(admin.some((e) => e.action.startsWith("auth."))).toBe(false);
    expect(admin.map((e) => e.action)).toEqual(expect.arrayContaining(["user.role_changed", "session.created", "emargement.override"]));
    const auth = entries(await get("?category=auth&limit=100"));
    expect(auth.length).toBeGreaterThan(0); // the logins of beforeAll
    expect(auth.every((e) => e.action.startsWith("auth."))).toBe(true);

    expect(entries(await get("?action=no.such_action"))).toEqual([]);
  });

  it("paginates with page and limit", async () => {
    const all = await get("?category=admin&limit=100");
    const second = await get("?category=admin&limit=2&page=2");
    expect(second.body.meta).toEqual({ total: all.body.meta.total, page: 2, limit: 2, totalPages: Math.ceil(all.body.meta.total / 2) });
    expect(entries(second).map((e) => e.id)).toEqual(entries(all).slice(2, 4).map((e) => e.id));
  });

  it("never shows another tenant's entries", async () => {
    const acme = entries(await get("?limit=100"));
    expect(acme.some((e) => e.targetId === globexMemberId || e.subjectId === globexMemberId)).toBe(false);
    const globex = entries(await get("?limit=100", t.globexAdmin!, "globex"));
    expect(globex.find((e) => e.action === "user.role_changed")?.targetId).toBe(globexMemberId);
    expect(globex.some((e) => e.targetId === memberId || e.targetId === sessionId)).toBe(false);
    // An acme token against globex's log is refused (not a member), not answered with acme's entries.
    expectError(await get("", t.admin!, "globex"), 403);
  });

  it("403 for a CREATOR, 401 without a token, 400 for an invalid query", async () => {
    expectError(await get("", t.creator!), 403, "Forbidden: ADMIN required");
    expectError(await api.call("GET", "/audit-logs", { tenant: "acme" }), 401);
    expectValidation(await get("?limit=101"), ["limit"]);
    expectValidation(await get("?category=everything"), ["category"]);
  });
});
