import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { readFrenchCsv } from "../helpers/csv";
import { createMember, login, tokenFor } from "../factories";
import { completeLessons, createLearningCourse, insertEnrollment, rightChoices, wrongChoices, type SeededCourse } from "../factories/learning";
import { expectError, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * GET /learners (the creator's "Apprenants" page) and GET /learners/export: a CREATOR sees the
 * learners of the courses they created, an ADMIN of every course; the progress is the learner's
 * own (GET /enrollments/me), the results those of GET /enrollments/{id}/quiz-scores.
 */
let api: TestApi;
const t: Record<string, string> = {};
let courseA: SeededCourse;
let courseB: SeededCourse;
let globexCourse: SeededCourse;
const ids: Record<string, string> = {};

type Row = { enrollmentId: string; learner: { email: string }; course: { id: string }; status: string; lastActivityAt: string | null; progress: unknown; results: any };

beforeAll(async () => {
  api = await startApi({ demo: true });
  const acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  const creatorId = await userIdOf(api, "creator@acme.test");
  const other = await createMember(api.db, acmeId, "CREATOR", "other.creator@acme.test");
  const zoe = await createMember(api.db, acmeId, "LEARNER", "zoe.lst@acme.test");
  const yann = await createMember(api.db, acmeId, "LEARNER", "yann.lst@acme.test");
  await api.db.update(users).set({ firstName: "Zoé", lastName: "Martin" }).where(eq(users.id, zoe.id));
  await api.db.update(users).set({ firstName: "Yann", lastName: "Le Goff" }).where(eq(users.id, yann.id));
  courseA = await createLearningCourse(api.db, acmeId, {
    creatorId,
    title: "Learners A",
    modules: [
      { lessons: [{}, { quiz: { title: "Quiz un", passMark: 100, questions: [{ kind: "TRUE_FALSE", choices: [["Vrai", true], ["Faux", false]] }] } }] },
      { lessons: [{}, { quiz: { title: "Quiz deux", passMark: 100, questions: [{ kind: "SINGLE_CHOICE", choices: [["a", true], ["b", false]] }] } }] },
    ],
  });
  courseB = await createLearningCourse(api.db, acmeId, { creatorId: other.id, title: "Learners B" });
  globexCourse = await createLearningCourse(api.db, globexId, { creatorId: await userIdOf(api, "creator@globex.test") });
  ids.zoeA = (await insertEnrollment(api.db, acmeId, { courseId: courseA.id, userId: zoe.id, enrolledAt: new Date("2025-05-02T08:00:00Z") })).id;
  ids.yannA = (await insertEnrollment(api.db, acmeId, { courseId: courseA.id, userId: yann.id, enrolledAt: new Date("2025-05-01T08:00:00Z"), status: "SUSPENDED" })).id;
  ids.zoeB = (await insertEnrollment(api.db, acmeId, { courseId: courseB.id, userId: zoe.id, enrolledAt: new Date("2025-05-03T08:00:00Z") })).id;
  await insertEnrollment(api.db, globexId, { courseId: globexCourse.id, userId: await userIdOf(api, "learner@globex.test") });
  await completeLessons(api.db, acmeId, ids.zoeA, [courseA.lessons[0]!.id]);
  for (const local of ["admin", "creator", "learner", "trainer", "funder", "finance"]) t[local] = await tokenFor(api, "acme", local);
  t.other = (await login(api, "acme", "other.creator@acme.test")).accessToken;
  t.zoe = (await login(api, "acme", "zoe.lst@acme.test")).accessToken;
  // Zoé passes the first quiz and fails the second, through the API (scored on the server).
  const [quiz1, quiz2] = [courseA.lessons[1]!, courseA.lessons[3]!];
  const submit = (lessonId: string, choiceIds: string[], questionId: string) =>
    api.call("POST", `/enrollments/${ids.zoeA}/quiz-attempts/${lessonId}`, { tenant: "acme", token: t.zoe, body: { answers: [{ questionId, choiceIds }] } });
  expect((await submit(quiz1.id, rightChoices(quiz1.questions[0]!), quiz1.questions[0]!.id)).status).toBe(201);
  expect((await submit(quiz2.id, wrongChoices(quiz2.questions[0]!), quiz2.questions[0]!.id)).status).toBe(201);
}, 300_000);
afterAll(() => api?.close());

const get = (path: string, who: string, tenant = "acme") => api.call("GET", path, { tenant, token: t[who] });
const rowsOf = (res: { body: { data: Row[] } }) => res.body.data;
const idsOf = (res: { body: { data: Row[] } }) => rowsOf(res).map((r) => r.enrollmentId);

describe("GET /learners", () => {
  it("a creator lists the learners of their course, newest enrollment first, with the learner's own progress and the quiz-scores results", async () => {
    const res = await get(`/learners?courseId=${courseA.id}`, "creator");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res)).toEqual([ids.zoeA, ids.yannA]);
    expect(res.body.meta).toEqual({ total: 2, page: 1, limit: 25, totalPages: 1 });
    const [zoe, yann] = rowsOf(res) as [Row, Row];
    expect(zoe).toMatchObject({ learner: { firstName: "Zoé", lastName: "Martin", email: "zoe.lst@acme.test" }, course: { id: courseA.id, title: "Learners A" }, status: "ACTIVE" });
    expect(zoe.lastActivityAt).not.toBeNull();
    expect(yann.lastActivityAt).toBeNull();
    expect(yann.status).toBe("SUSPENDED");

    // The same progress as the learner's own list.
    const mine = (await get("/enrollments/me", "zoe")).body.data as { id: string; progress: unknown }[];
    expect(zoe.progress).toEqual(mine.find((e) => e.id === ids.zoeA)!.progress);
    expect(zoe.progress).toEqual({ percentage: 50, completedLessons: 2, totalLessons: 4 });

    // The results of GET /enrollments/{id}/quiz-scores, read by the creator.
    const scores = (await get(`/enrollments/${ids.zoeA}/quiz-scores`, "creator")).body.data;
    expect(zoe.results).toEqual({
      quizCount: 2,
      attempted: 2,
      passedCount: 1,
      average: scores.average,
      quizzes: [
        { lessonId: courseA.lessons[1]!.id, title: "Quiz un", attempts: 1, bestPercentage: 100, passed: true },
        { lessonId: courseA.lessons[3]!.id, title: "Quiz deux", attempts: 1, bestPercentage: 0, passed: false },
      ],
    });
    expect(scores.average).toBe(50);
    expect(yann.results).toEqual({ quizCount: 2, attempted: 0, passedCount: 0, average: null, quizzes: [] });

    // Each attempted quiz's corrected answers are readable by the creator (the page's "Voir les réponses").
    const feedback = await get(`/enrollments/${ids.zoeA}/quiz-feedback/${zoe.results.quizzes[1].lessonId}`, "creator");
    expect(feedback.status).toBe(200);
    expect(feedback.body.data).toMatchObject({ title: "Quiz deux", passed: false });
  });

  it("a creator sees only their own courses' learners; another creator only theirs; an ADMIN every course's", async () => {
    const mine = await get("/learners?limit=100", "creator");
    expect(idsOf(mine)).toContain(ids.zoeA);
    expect(idsOf(mine)).not.toContain(ids.zoeB);
    const theirs = await get("/learners?limit=100", "other");
    expect(idsOf(theirs)).toEqual([ids.zoeB]);
    expect(theirs.body.meta.total).toBe(1);
    // Another creator's course as a filter is simply empty.
    expect(idsOf(await get(`/learners?courseId=${courseB.id}`, "creator"))).toEqual([]);
    const all = await get("/learners?limit=100", "admin");
    expect(idsOf(all)).toEqual(expect.arrayContaining([ids.zoeA, ids.yannA, ids.zoeB]));
    expect(all.body.meta.total).toBe(all.body.data.length);
  });

  it("filters by status and searches a first name, last name, full name or e-mail, case-insensitively", async () => {
    expect(idsOf(await get(`/learners?courseId=${courseA.id}&status=SUSPENDED`, "creator"))).toEqual([ids.yannA]);
    expect(idsOf(await get("/learners?search=martin", "creator"))).toEqual([ids.zoeA]);
    expect(idsOf(await get("/learners?search=zo%C3%A9%20mar", "creator"))).toEqual([ids.zoeA]);
    expect(idsOf(await get("/learners?search=YANN.LST", "creator"))).toEqual([ids.yannA]);
    expect(idsOf(await get("/learners?search=martin", "admin"))).toEqual([ids.zoeB, ids.zoeA]);
    expect((await get("/learners?search=martin", "admin")).body.meta.total).toBe(2);
    // LIKE wildcards are literal.
    expect(idsOf(await get("/learners?search=%25", "creator"))).toEqual([]);
  });

  it("paginates", async () => {
    const page2 = await get(`/learners?courseId=${courseA.id}&limit=1&page=2`, "creator");
    expect(idsOf(page2)).toEqual([ids.yannA]);
    expect(page2.body.meta).toEqual({ total: 2, page: 2, limit: 1, totalPages: 2 });
  });

  it("is the CREATOR's and ADMIN's: 403 for the other roles, 401 without a token, 400 on a bad status; another tenant's course is empty", async () => {
    for (const who of ["learner", "trainer", "funder", "finance"]) expectError(await get("/learners", who), 403);
    expectError(await api.call("GET", "/learners", { tenant: "acme" }), 401);
    expectValidation(await get("/learners?status=DONE", "creator"), ["status"]);
    expect(idsOf(await get(`/learners?courseId=${globexCourse.id}`, "admin"))).toEqual([]);
  });
});

async function download(query: string, who?: string) {
  const headers: Record<string, string> = { "X-Tenant-ID": "acme" };
  if (who) headers.Authorization = `Bearer ${t[who]}`;
  const res = await fetch(`${api.url}/api/v1/learners/export${query}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("GET /learners/export", () => {
  it("exports the filtered rows as a French CSV (the list's figures)", async () => {
    const res = await download(`?courseId=${courseA.id}`, "creator");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="apprenants.csv"');
    const rows = readFrenchCsv(res.text);
    expect(rows[0]).toEqual([
      "Apprenant",
      "E-mail",
      "Formation",
      "Statut",
      "Inscrit le",
      "Dernière activité",
      "Progression (%)",
      "Leçons terminées",
      "Leçons du parcours",
      "Quiz réussis",
      "Quiz de la formation",
      "Moyenne aux quiz (%)",
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ["Zoé Martin", "zoe.lst@acme.test", "Learners A", "En cours"],
      ["Yann Le Goff", "yann.lst@acme.test", "Learners A", "Suspendue"],
    ]);
    // Europe/Paris: 08:00Z is 10:00 in May (UTC+2).
    expect(rows[1]![4]).toBe("02/05/2025 10:00");
    expect(rows[1]!.slice(6)).toEqual(["50", "2", "4", "1", "2", "50"]);
    expect(rows[2]!.slice(5)).toEqual(["", "0", "0", "4", "0", "2", ""]);
  });

  it("keeps the creator's perimeter and the search; XLSX on request; 403 for a learner", async () => {
    const rows = readFrenchCsv((await download("?search=martin", "creator")).text);
    expect(rows.slice(1).map((r) => r[2])).toEqual(["Learners A"]);
    const xlsx = await download("?status=SUSPENDED&format=xlsx", "creator");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="apprenants.xlsx"');
    expect(xlsx.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect((await download("", "learner")).status).toBe(403);
  });
});
