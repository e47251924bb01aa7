import { readFrenchCsv } from "../helpers/csv";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollments, users } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, login, tokenFor } from "../factories";
import { completeLessons, createLearningCourse, insertEnrollment, type SeededCourse } from "../factories/learning";
import { expectError, tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * The CSV export is served by the raw streaming handler (server/http/csv-export.ts) that the
 * API handler runs before the REST adapter; the tRPC transport serves the same CSV as a string.
 */
let api: TestApi;
let acmeId: string;
const t: Record<string, string> = {};
let course: SeededCourse;
let globexCourse: SeededCourse;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  const creatorId = await userIdOf(api, "creator@acme.test");
  course = await createLearningCourse(api.db, acmeId, { creatorId, slug: "export-me" });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: await userIdOf(api, "creator@globex.test") });
  await createMember(api.db, acmeId, "CREATOR", "other.creator@acme.test");

  const plain = await createMember(api.db, acmeId, "LEARNER", "plain@acme.test");
  const evil = await createMember(api.db, acmeId, "LEARNER", "evil@acme.test");
  const minus = await createMember(api.db, acmeId, "LEARNER", "minus@acme.test");
  const sum = await createMember(api.db, acmeId, "LEARNER", "sum@acme.test");
  const scope = forTenant(acmeId);
  await api.db.update(users).set({ firstName: "Jeanne", lastName: "D'Arc, \"la Pucelle\"" }).where(eq(users.id, plain.id));
  await api.db.update(users).set({ firstName: '=HYPERLINK("http://evil.example","click")', lastName: "Doe" }).where(eq(users.id, evil.id));
  await api.db.update(users).set({ firstName: "-2+3", lastName: "Smith" }).where(eq(users.id, minus.id));
  await api.db.update(users).set({ firstName: "@SUM(A1)", lastName: "Name" }).where(eq(users.id, sum.id));

  const e1 = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: plain.id, enrolledAt: new Date("2025-03-01T08:00:00Z") });
  await completeLessons(api.db, acmeId, e1.id, [course.lessons[0]!.id]);
  await api.db.update(enrollments).set({ traineeCategory: "SAL", financingSource: "OPCO", lastActivityAt: new Date("2025-03-02T09:30:00Z") }).where(scope.where(enrollments, eq(enrollments.id, e1.id)));
  const e2 = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: evil.id, enrolledAt: new Date("2025-03-02T08:00:00Z"), status: "COMPLETED" });
  await completeLessons(api.db, acmeId, e2.id, course.lessons.map((l) => l.id));
  const e3 = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: minus.id, enrolledAt: new Date("2025-03-03T08:00:00Z"), status: "CANCELLED" });
  const e4 = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: sum.id, enrolledAt: new Date("2025-03-04T08:00:00Z") });
  Object.assign(ids, { e1: e1.id, e2: e2.id, e3: e3.id, e4: e4.id });

  for (const local of ["admin", "creator", "learner", "trainer", "funder"]) t[local] = await tokenFor(api, "acme", local);
  t.other = (await login(api, "acme", "other.creator@acme.test")).accessToken;
});
afterAll(() => api.close());

async function download(courseId: string, who?: string, tenant = "acme") {
  const headers: Record<string, string> = {};
  if (tenant) headers["X-Tenant-ID"] = tenant;
  if (who) headers.Authorization = `Bearer ${t[who]}`;
  const res = await fetch(`${api.url}/api/v1/enrollments/course/${courseId}/export`, { headers });
  // fetch's text() would drop the byte order mark: decode the bytes ourselves.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  let body: any = text;
  if (res.headers.get("content-type")?.startsWith("application/json")) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, text };
}


const HEADER = ["Inscription", "Apprenant", "E-mail", "Statut", "Inscrit le", "Terminée le", "Dernière activité", "Progression (%)", "Catégorie de stagiaire", "Financement"];

describe("GET /enrollments/course/{courseId}/export", () => {
  it("the course's creator downloads a UTF-8 CSV attachment (BOM, `;`, French headers, dates in the tenant's zone) with the progress columns, oldest enrollment first", async () => {
    const res = await download(course.id, "creator");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="inscriptions-export-me.csv"');
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const rows = readFrenchCsv(res.text);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.e1, ids.e2, ids.e3, ids.e4]);
    // Europe/Paris: 08:00Z is 09:00 in March (UTC+1)
    expect(rows[1]).toEqual([ids.e1, 'Jeanne D\'Arc, "la Pucelle"', "plain@acme.test", "En cours", "01/03/2025 09:00", "", "02/03/2025 10:30", "25", "Salarié d'un employeur privé", "OPCO"]);
    expect(rows[2]!.slice(2, 6)).toEqual(["evil@acme.test", "Terminée", "02/03/2025 09:00", expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)]);
    expect(rows[2]![7]).toBe("100");
    expect(rows[3]!.slice(3, 4)).toEqual(["Annulée"]);
  });

  it("neutralises formula injection: cells starting with = + - or @ get a leading apostrophe, and are quoted per RFC 4180", async () => {
    const res = await download(course.id, "admin");
    expect(res.text).toContain(`;"'=HYPERLINK(""http://evil.example"",""click"") Doe";`);
    const rows = readFrenchCsv(res.text);
    expect(rows[2]![1]).toBe(`'=HYPERLINK("http://evil.example","click") Doe`);
    expect(rows[3]![1]).toBe("'-2+3 Smith");
    expect(rows[4]![1]).toBe("'@SUM(A1) Name");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("streams large exports in batches (chunked, no Content-Length): every enrollment exactly once, even with equal timestamps", async () => {
    const creatorId = await userIdOf(api, "creator@acme.test");
    const big = await createLearningCourse(api.db, acmeId, { creatorId, slug: "big-export" });
    const scope = forTenant(acmeId);
    const people = Array.from({ length: 1203 }, (_, i) => ({ id: newId("usr"), email: `bulk${i}@acme.test`, firstName: "Bulk", lastName: String(i) }));
    await api.db.insert(users).values(people);
    const at = new Date("2025-04-01T00:00:00Z");
    await api.db.insert(enrollments).values(scope.valuesMany(enrollments, people.map((p) => ({ id: newId("enr"), courseId: big.id, userId: p.id, enrolledAt: at }))));
    const res = await download(big.id, "creator");
    expect(res.status).toBe(200);
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect(res.headers.get("content-length")).toBeNull();
    const rows = readFrenchCsv(res.text).slice(1);
    expect(rows).toHaveLength(1203);
    const exported = rows.map((r) => r[0]!);
    expect(new Set(exported).size).toBe(1203);
    expect(exported).toEqual([...exported].sort());
  });

  it("another creator -> 403; LEARNER, TRAINER, FUNDER -> 403", async () => {
    expectError(await download(course.id, "other"), 403, "Forbidden: you do not own this course");
    for (const who of ["learner", "trainer", "funder"]) expectError(await download(course.id, who), 403, "Forbidden: CREATOR or ADMIN required");
  });

  it("401 without a token; 404 for an unknown course and for globex's course; 403 naming a tenant one is not a member of", async () => {
    expectError(await download(course.id), 401);
    expectError(await download("crs_doesnotexist", "admin"), 404, "Course not found");
    expectError(await download(globexCourse.id, "admin"), 404, "Course not found");
    expectError(await download(globexCourse.id, "admin", "globex"), 403);
  });

  it("a neighbouring path is not the export (404 JSON from the REST adapter)", async () => {
    expectError(await api.call("GET", `/enrollments/course/${course.id}/exports`, { tenant: "acme", token: t.creator }), 404);
  });

  it("the tRPC transport answers the same CSV as a string, with the same authorization", async () => {
    const call = (who: string) =>
      fetch(`${api.url}/api/trpc/enrollments.export?input=${encodeURIComponent(JSON.stringify({ courseId: course.id }))}`, {
        headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${t[who]}` },
      });
    const ok = await call("creator");
    expect(ok.status).toBe(200);
    const csv = ((await ok.json()) as { result: { data: string } }).result.data;
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(readFrenchCsv(csv)[0]).toEqual(HEADER);
    expect(readFrenchCsv(csv)).toHaveLength(5);
    expect((await call("other")).status).toBe(403);
  });
});
