import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { createCourse, minimalCourse } from "../helpers/courses";
import { expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";
import { createMember, tokenFor } from "../factories";

let api: TestApi;
let admin: string;
let creator: string;
let creator2: string;
let trainer: string;
let learner: string;
let trainer3: string;
const uid: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ demo: true });
  const acmeId = (await tenantBySlug(api, "acme")).id;
  await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  await createMember(api.db, acmeId, "TRAINER", "trainer-suspended@acme.test", "SUSPENDED");
  await createMember(api.db, acmeId, "TRAINER", "trainer3@acme.test");
  [admin, creator, creator2, trainer, learner, trainer3] = (await Promise.all(["admin", "creator", "creator2", "trainer", "learner", "trainer3"].map((l) => tokenFor(api, "acme", l)))) as [string, string, string, string, string, string];
  for (const l of ["admin", "creator", "creator2", "trainer", "learner", "trainer-suspended", "trainer3"]) uid[l] = await userIdOf(api, `${l}@acme.test`);
  uid.globexTrainer = await userIdOf(api, "trainer@globex.test");
});
afterAll(() => api.close());

const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });

describe("course trainers", () => {
  it("PUT replaces the trainers; GET lists them PRIMARY first", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Avec formateurs" }));
    expect((await call("GET", `/courses/${c.id}/trainers`, creator)).body).toEqual({ data: [] });
    const res = await call("PUT", `/courses/${c.id}/trainers`, creator, {
      trainers: [
        { userId: uid.creator2, role: "SECONDARY" },
        { userId: uid.trainer, role: "PRIMARY" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { userId: string; role: string }) => [t.userId, t.role])).toEqual([
      [uid.trainer, "PRIMARY"],
      [uid.creator2, "SECONDARY"],
    ]);
    expect(res.body.data[0]).toMatchObject({ firstName: "Thomas", lastName: "Bernard", email: "trainer@acme.test", memberRole: "TRAINER", assignedAt: expect.any(String) });
    const firstAssigned = res.body.data[0].assignedAt;

    // roles change in place (assignment date kept); people left out are removed
    const later = manualClock(new Date(Date.now() + 5_000));
    setClock(later);
    try {
      const swap = await call("PUT", `/courses/${c.id}/trainers`, admin, { trainers: [{ userId: uid.trainer, role: "SECONDARY" }, { userId: uid.admin, role: "PRIMARY" }] });
      expect(swap.body.data.map((t: { userId: string; role: string }) => [t.userId, t.role])).toEqual([
        [uid.admin, "PRIMARY"],
        [uid.trainer, "SECONDARY"],
      ]);
      expect(swap.body.data[1].assignedAt).toBe(firstAssigned);
    } finally {
      setClock(null);
    }
    // the course's own trainer can read its trainers although it is a DRAFT
    expect((await call("GET", `/courses/${c.id}/trainers`, trainer)).status).toBe(200);
    expect((await call("PUT", `/courses/${c.id}/trainers`, creator, { trainers: [] })).body.data).toEqual([]);
  });

  it("answers 422 for non-trainers, suspended members, other tenants' users, duplicates and two PRIMARY", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Formateurs invalides" }));
    const res = await call("PUT", `/courses/${c.id}/trainers`, creator, {
      trainers: [
        { userId: uid.learner, role: "SECONDARY" },
        { userId: uid["trainer-suspended"], role: "SECONDARY" },
        { userId: uid.globexTrainer, role: "SECONDARY" },
        { userId: uid.trainer, role: "PRIMARY" },
        { userId: uid.trainer, role: "SECONDARY" },
        { userId: uid.creator, role: "PRIMARY" },
      ],
    });
    expectValidation(res, ["trainers.0.userId", "trainers.1.userId", "trainers.2.userId", "trainers.4.userId", "trainers"], 422);
    expect(res.body.message).toBe("Invalid trainers");
    expect(res.body.errors.trainers).toEqual(["At most one PRIMARY trainer"]);
    expect((await call("GET", `/courses/${c.id}/trainers`, creator)).body.data).toEqual([]);
    expectValidation(await call("PUT", `/courses/${c.id}/trainers`, creator, { trainers: [{ userId: uid.trainer, role: "LEAD" }] }), ["trainers.0.role"]);
    expectUnknownFields(await call("PUT", `/courses/${c.id}/trainers`, creator, { trainers: [], extra: 1 }), ["extra"]);
  });

  it("answers 401, 403 (not the owner; LEARNER) and 404", async () => {
    const c = await createCourse(api, "acme", creator, minimalCourse({ title: "Formateurs protégés" }));
    const body = { trainers: [{ userId: uid.trainer, role: "PRIMARY" }] };
    expectError(await call("PUT", `/courses/${c.id}/trainers`, undefined, body), 401);
    expectError(await call("PUT", `/courses/${c.id}/trainers`, creator2, body), 403);
    expectError(await call("PUT", `/courses/${c.id}/trainers`, trainer, body), 403);
    expectError(await call("GET", `/courses/${c.id}/trainers`, learner), 403);
    expectError(await call("GET", `/courses/${c.id}/trainers`, trainer), 403);
    expectError(await call("GET", `/courses/${c.id}/trainers`, creator2), 403);
    expectError(await call("GET", "/courses/crs_none/trainers", creator), 404);
    expectError(await call("PUT", "/courses/crs_none/trainers", creator, body), 404);
  });
});

describe("trainer competencies", () => {
  it("records, lists (validity) and deletes competencies", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const t3 = uid.trainer3;
    const res = await call("POST", `/trainers/${t3}/competencies`, admin, { domain: "Premiers secours", evidence: "Certificat SST formateur", validUntil: day(200) });
    expect(res.status).toBe(201);
    const created = res.body.data as { id: string };
    expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^cpt_/), userId: t3, domain: "Premiers secours", evidence: "Certificat SST formateur", validUntil: day(200), isValid: true, createdAt: expect.any(String) });
    await call("POST", `/trainers/${t3}/competencies`, creator, { domain: "Ergonomie", evidence: "Master", validUntil: day(-1) });
    await call("POST", `/trainers/${t3}/competencies`, creator, { domain: "Bureautique", evidence: "10 ans d'expérience" });
    const list = await call("GET", `/trainers/${t3}/competencies`, trainer3);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { domain: string; isValid: boolean }) => [c.domain, c.isValid])).toEqual([
      ["Bureautique", true],
      ["Ergonomie", false],
      ["Premiers secours", true],
    ]);
    const del = await call("DELETE", `/trainers/${t3}/competencies/${created.id}`, creator);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await call("GET", `/trainers/${t3}/competencies`, admin)).body.data).toHaveLength(2);
    expectError(await call("DELETE", `/trainers/${t3}/competencies/${created.id}`, creator), 404, "Competency not found");
  });

  it("answers 400, 401, 403, 404 and 422", async () => {
    expectValidation(await call("POST", `/trainers/${uid.trainer}/competencies`, admin, { domain: "", validUntil: "31/12/2030" }), ["domain", "evidence", "validUntil"]);
    expectUnknownFields(await call("POST", `/trainers/${uid.trainer}/competencies`, admin, { domain: "a", evidence: "b", tenantId: "x" }), ["tenantId"]);
    expectError(await call("POST", `/trainers/${uid.trainer}/competencies`, undefined, { domain: "a", evidence: "b" }), 401);
    expectError(await call("POST", `/trainers/${uid.trainer}/competencies`, trainer, { domain: "a", evidence: "b" }), 403);
    expectError(await call("POST", `/trainers/${uid.learner}/competencies`, admin, { domain: "a", evidence: "b" }), 422, "User is not a trainer");
    expectError(await call("POST", `/trainers/${uid.globexTrainer}/competencies`, admin, { domain: "a", evidence: "b" }), 404, "User not found");
    expectError(await call("GET", `/trainers/${uid.globexTrainer}/competencies`, admin), 404);
    expectError(await call("GET", `/trainers/${uid.creator}/competencies`, trainer3), 403);
    expectError(await call("GET", `/trainers/${uid.trainer}/competencies`, learner), 403);
    expectError(await call("DELETE", `/trainers/${uid.trainer}/competencies/cpt_x`, trainer), 403);
  });

  it("never reaches another tenant's competencies", async () => {
    const globexAdmin = await tokenFor(api, "globex", "admin");
    const g = await api.call("POST", `/trainers/${uid.globexTrainer}/competencies`, { tenant: "globex", token: globexAdmin, body: { domain: "Globex", evidence: "x" } });
    expect(g.status).toBe(201);
    expectError(await call("DELETE", `/trainers/${uid.globexTrainer}/competencies/${g.body.data.id}`, admin), 404);
    expectError(await call("DELETE", `/trainers/${uid.trainer}/competencies/${g.body.data.id}`, admin), 404);
    const still = await api.call("GET", `/trainers/${uid.globexTrainer}/competencies`, { tenant: "globex", token: globexAdmin });
    expect(still.body.data.map((c: { id: string }) => c.id)).toContain(g.body.data.id);
  });
});

describe("GET /trainers (trainer candidates)", () => {
  it("lists the tenant's ACTIVE members who may teach, for a CREATOR", async () => {
    const res = await call("GET", "/trainers", creator);
    expect(res.status).toBe(200);
    const emails = res.body.data.map((m: { email: string }) => m.email);
    expect(emails).toEqual(expect.arrayContaining(["admin@acme.test", "creator@acme.test", "trainer@acme.test", "trainer3@acme.test"]));
    expect(emails).not.toContain("trainer-suspended@acme.test");
    expect(emails).not.toContain("learner@acme.test");
    expect(emails.some((e: string) => e.endsWith("@globex.test"))).toBe(false);
    expect(res.body.data.find((m: { email: string }) => m.email === "trainer@acme.test")).toEqual({ id: uid.trainer, firstName: "Thomas", lastName: "Bernard", email: "trainer@acme.test", role: "TRAINER" });
  });

  it("answers 401 and 403 for TRAINER and LEARNER", async () => {
    expectError(await call("GET", "/trainers"), 401);
    expectError(await call("GET", "/trainers", trainer), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await call("GET", "/trainers", learner), 403);
  });
});
