import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { activityLogs, enrollments } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { createBulk, createCourse, minimalCourse, publishableBulk } from "../helpers/courses";
import { expectError, expectValidation, userIdOf } from "../helpers/rest";
import { createMember, createTenant, tokenFor } from "../factories";

/**
 * The catalogue lists run in a tenant of their own ("catalog") so that the demo data does
 * not change the totals.
 */
let api: TestApi;
let tenantId: string;
const T = "catalog";
let admin: string;
let creator: string;
let creator2: string;
let trainer: string;
let learner: string;
const ids: Record<string, string> = {};
const slugs: Record<string, string> = {};

const list = (query = "", token?: string) => api.call("GET", `/courses${query}`, { tenant: T, token });
const titles = (res: { body: any }) => res.body.data.map((c: { title: string }) => c.title);

beforeAll(async () => {
  api = await startApi({ demo: true });
  tenantId = (await createTenant(api.db, { slug: T, name: "Catalog Test" })).id;
  for (const [role, local] of [
    ["ADMIN", "admin"],
    ["CREATOR", "creator"],
    ["CREATOR", "creator2"],
    ["TRAINER", "trainer"],
    ["LEARNER", "learner"],
  ] as const) {
    await createMember(api.db, tenantId, role, `${local}@${T}.test`);
  }
  [admin, creator, creator2, trainer, learner] = (await Promise.all(["admin", "creator", "creator2", "trainer", "learner"].map((l) => tokenFor(api, T, l)))) as [string, string, string, string, string];

  const clock = manualClock(new Date());
  setClock(clock);
  const make = async (key: string, body: Record<string, unknown>, token = creator) => {
    clock.advance(2);
    const c = body.modules ? await createBulk(api, T, token, body) : await createCourse(api, T, token, body);
    ids[key] = c.id;
    slugs[key] = c.slug;
  };
  // published, oldest first
  await make("python", publishableBulk({ title: "Python pour débutants", description: "Apprendre la programmation en Python.", price: 0, format: "ELEARNING", level: "BEGINNER", tags: ["code", "data"], publish: true }));
  await make("excel", publishableBulk({ title: "Excel avancé", description: "Tableaux croisés dynamiques et macros.", price: 4990, format: "BLENDED", level: "ADVANCED", tags: ["bureautique"], publish: true }));
  await make("sst", publishableBulk({ title: "Sauveteur secouriste", description: "Premiers secours en entreprise.", price: 29000, format: "PRESENTIAL", tags: ["sécurité"], publish: true }), creator2);
  await make("management", publishableBulk({ title: "Management agile", description: "Piloter une équipe en mode agile; python inclus.", price: 120000, format: "LIVE", level: "EXPERT", publish: true, modules: [{ title: "A", lessons: [{ title: "1", kind: "TEXT" }, { title: "2", kind: "TEXT" }] }, { title: "B", lessons: [{ title: "3", kind: "VIDEO" }] }] }));
  await make("draft", minimalCourse({ title: "Brouillon confidentiel", price: 1000 }));
  await make("draft2", minimalCourse({ title: "Brouillon de creator2", price: 1000 }), creator2);
  await make("archived", publishableBulk({ title: "Ancien cours", publish: true }));
  clock.advance(2);
  expect((await api.call("DELETE", `/courses/${ids.archived}`, { tenant: T, token: creator })).status).toBe(200);
  setClock(null);
});
afterAll(async () => {
  setClock(null);
  await api.close();
});

describe("GET /courses (public catalogue)", () => {
  it("lists PUBLISHED courses newest first, without authentication, with the limit meta", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(["Management agile", "Sauveteur secouriste", "Excel avancé", "Python pour débutants"]);
    expect(res.body.meta).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1 });
    const m = res.body.data[0];
    expect(Object.keys(m).sort()).toEqual(
      ["id", "title", "slug", "status", "price", "currency", "format", "level", "duration", "language", "tags", "excerpt", "bannerMediaId", "featuredMediaId", "creator", "moduleCount", "lessonCount", "publishedAt", "createdAt", "updatedAt"].sort(),
    );
    expect(m).toMatchObject({ id: ids.management, status: "PUBLISHED", price: 120000, currency: "EUR", format: "LIVE", level: "EXPERT", moduleCount: 2, lessonCount: 3, duration: 14, creator: { id: await userIdOf(api, `creator@${T}.test`), firstName: "Test", lastName: "creator" } });
    expect(m.excerpt).toBe("Piloter une équipe en mode agile; python inclus.");
  });

  it("is the same list for any authenticated role", async () => {
    for (const token of [learner, trainer, creator, admin]) expect(titles(await list("", token))).toHaveLength(4);
  });

  it("searches title, description and tags with search or q (every word)", async () => {
    expect(titles(await list("?search=python"))).toEqual(["Management agile", "Python pour débutants"]);
    expect(titles(await list("?q=python%20d%C3%A9butants"))).toEqual(["Python pour débutants"]);
    expect(titles(await list("?q=bureautique"))).toEqual(["Excel avancé"]);
    expect(titles(await list("?q=SECOURS"))).toEqual(["Sauveteur secouriste"]);
    expect(titles(await list("?q=brouillon"))).toEqual([]);
    expect(titles(await list("?q=%25"))).toEqual([]);
    expect(titles(await list("?q=_"))).toEqual([]);
  });

  it("filters by format, level and price range (decimal strings in currency units)", async () => {
    expect(titles(await list("?format=PRESENTIAL"))).toEqual(["Sauveteur secouriste"]);
    expect(titles(await list("?level=ADVANCED"))).toEqual(["Excel avancé"]);
    expect(titles(await list("?minPrice=49.90"))).toEqual(["Management agile", "Sauveteur secouriste", "Excel avancé"]);
    expect(titles(await list("?minPrice=49.91"))).toEqual(["Management agile", "Sauveteur secouriste"]);
    expect(titles(await list("?maxPrice=49.9"))).toEqual(["Excel avancé", "Python pour débutants"]);
    expect(titles(await list("?minPrice=0&maxPrice=0"))).toEqual(["Python pour débutants"]);
    expect(titles(await list("?minPrice=100&maxPrice=1200&format=LIVE"))).toEqual(["Management agile"]);
  });

  it("paginates with limit (totalPages) or the quick form perPage", async () => {
    const p1 = await list("?limit=3");
    expect(p1.body.meta).toEqual({ total: 4, page: 1, limit: 3, totalPages: 2 });
    const p2 = await list("?limit=3&page=2");
    expect(titles(p2)).toEqual(["Python pour débutants"]);
    const q = await list("?perPage=2&page=2");
    expect(q.body.meta).toEqual({ total: 4, page: 2, perPage: 2 });
    expect(titles(q)).toEqual(["Excel avancé", "Python pour débutants"]);
    expect((await list("?q=python&page=1&perPage=1")).body).toMatchObject({ meta: { total: 2, page: 1, perPage: 1 } });
    expect((await list("?perPage=5&page=9")).body).toEqual({ data: [], meta: { total: 4, page: 9, perPage: 5 } });
    expect((await list("?limit=5&page=9")).body).toEqual({ data: [], meta: { total: 4, page: 9, limit: 5, totalPages: 1 } });
  });

  it("answers 400 for bad pagination, filters or both page sizes", async () => {
    expectValidation(await list("?limit=101"), ["limit"]);
    expectValidation(await list("?perPage=0"), ["perPage"]);
    expectValidation(await list("?page=0"), ["page"]);
    expectValidation(await list("?limit=10&perPage=10"), ["perPage"]);
    expectValidation(await list("?format=PODCAST"), ["format"]);
    expectValidation(await list("?status=DELETED"), ["status"]);
    expectValidation(await list("?minPrice=abc&maxPrice=1.234"), ["minPrice", "maxPrice"]);
    expectValidation(await list("?minPrice=20&maxPrice=10"), ["maxPrice"]);
  });

  it("lists unpublished statuses only for CREATOR (own) and ADMIN (all)", async () => {
    expect(titles(await list("?status=DRAFT", admin))).toEqual(["Brouillon de creator2", "Brouillon confidentiel"]);
    expect(titles(await list("?status=DRAFT", creator))).toEqual(["Brouillon confidentiel"]);
    expect(titles(await list("?status=ARCHIVED", creator))).toEqual(["Ancien cours"]);
    expect(titles(await list("?status=ARCHIVED", creator2))).toEqual([]);
    expect(titles(await list("?status=PUBLISHED"))).toHaveLength(4);
    expectError(await list("?status=DRAFT"), 401, "Unauthorized");
    expectError(await list("?status=DRAFT", learner), 403);
    expectError(await list("?status=ARCHIVED", trainer), 403);
  });

  it("answers 404 for an unknown tenant and 400 without one", async () => {
    expectError(await api.call("GET", "/courses", { tenant: "nope" }), 404, "Tenant not found");
    expectError(await api.call("GET", "/courses"), 400);
  });

  it("never shows another tenant's courses", async () => {
    const acme = await api.call("GET", "/courses?limit=100", { tenant: "acme" });
    expect(acme.status).toBe(200);
    const mine = new Set(Object.values(ids));
    expect(acme.body.data.filter((c: { id: string }) => mine.has(c.id))).toEqual([]);
  });
});

describe("GET /courses/my-courses and /courses/my-trainer", () => {
  it("lists the caller's own courses in every status, with the same filters", async () => {
    const res = await api.call("GET", "/courses/my-courses", { tenant: T, token: creator });
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(["Ancien cours", "Brouillon confidentiel", "Management agile", "Excel avancé", "Python pour débutants"]);
    expect(res.body.meta).toEqual({ total: 5, page: 1, limit: 20, totalPages: 1 });
    expect(titles(await api.call("GET", "/courses/my-courses?status=DRAFT", { tenant: T, token: creator }))).toEqual(["Brouillon confidentiel"]);
    expect(titles(await api.call("GET", "/courses/my-courses?q=excel&perPage=1", { tenant: T, token: creator }))).toEqual(["Excel avancé"]);
    expect(titles(await api.call("GET", "/courses/my-courses", { tenant: T, token: creator2 }))).toEqual(["Brouillon de creator2", "Sauveteur secouriste"]);
    expect((await api.call("GET", "/courses/my-courses", { tenant: T, token: admin })).body.data).toEqual([]);
  });

  it("answers 401 and 403 (LEARNER, TRAINER)", async () => {
    expectError(await api.call("GET", "/courses/my-courses", { tenant: T }), 401);
    expectError(await api.call("GET", "/courses/my-courses", { tenant: T, token: learner }), 403);
    expectError(await api.call("GET", "/courses/my-courses", { tenant: T, token: trainer }), 403);
  });

  it("lists the courses where the caller is PRIMARY or SECONDARY trainer", async () => {
    const trainerId = await userIdOf(api, `trainer@${T}.test`);
    const creator2Id = await userIdOf(api, `creator2@${T}.test`);
    expect((await api.call("PUT", `/courses/${ids.excel}/trainers`, { tenant: T, token: creator, body: { trainers: [{ userId: trainerId, role: "PRIMARY" }, { userId: creator2Id, role: "SECONDARY" }] } })).status).toBe(200);
    expect((await api.call("PUT", `/courses/${ids.draft}/trainers`, { tenant: T, token: creator, body: { trainers: [{ userId: trainerId, role: "SECONDARY" }] } })).status).toBe(200);
    const res = await api.call("GET", "/courses/my-trainer", { tenant: T, token: trainer });
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(["Brouillon confidentiel", "Excel avancé"]);
    expect(titles(await api.call("GET", "/courses/my-trainer?status=PUBLISHED&perPage=10", { tenant: T, token: trainer }))).toEqual(["Excel avancé"]);
    expect(titles(await api.call("GET", "/courses/my-trainer", { tenant: T, token: creator2 }))).toEqual(["Excel avancé"]);
    expect((await api.call("GET", "/courses/my-trainer", { tenant: T, token: creator })).body.data).toEqual([]);
    expectError(await api.call("GET", "/courses/my-trainer", { tenant: T }), 401);
    expectError(await api.call("GET", "/courses/my-trainer", { tenant: T, token: learner }), 403);
  });
});

describe("GET /courses/{slug}", () => {
  it("shows a PUBLISHED course to anyone, with modules, lesson counts and creator", async () => {
    const res = await api.call("GET", `/courses/${slugs.management}`, { tenant: T });
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ id: ids.management, slug: slugs.management, status: "PUBLISHED", moduleCount: 2, lessonCount: 3, creator: { firstName: "Test", lastName: "creator" }, pedagogicalObjectives: expect.any(String) });
    expect(c.modules.map((m: { title: string; lessonCount: number }) => [m.title, m.lessonCount])).toEqual([
      ["A", 2],
      ["B", 1],
    ]);
    expect(c.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(["1", "2"]);
    expect(c.modules[0].lessons[0].content).toBeUndefined();
    expect(c.viewCount).toBeUndefined();
    // the id works in place of the slug
    expect((await api.call("GET", `/courses/${ids.management}`, { tenant: T })).body.data.id).toBe(ids.management);
  });

  it("answers 404 for a DRAFT except to its creator and ADMIN", async () => {
    expectError(await api.call("GET", `/courses/${slugs.draft}`, { tenant: T }), 404, "Course not found");
    expectError(await api.call("GET", `/courses/${slugs.draft}`, { tenant: T, token: learner }), 404);
    expectError(await api.call("GET", `/courses/${slugs.draft}`, { tenant: T, token: creator2 }), 404);
    expect((await api.call("GET", `/courses/${slugs.draft}`, { tenant: T, token: creator })).body.data.status).toBe("DRAFT");
    expect((await api.call("GET", `/courses/${slugs.draft}`, { tenant: T, token: admin })).status).toBe(200);
    expectError(await api.call("GET", "/courses/no-such-course", { tenant: T }), 404);
    expectError(await api.call("GET", `/courses/${slugs.management}`, { tenant: "globex" }), 404);
  });

  it("shows a DRAFT or ARCHIVED course to a learner enrolled in it", async () => {
    const learnerId = await userIdOf(api, `learner@${T}.test`);
    await api.db.insert(enrollments).values({ id: newId("enr"), tenantId, courseId: ids.archived!, userId: learnerId });
    expect((await api.call("GET", `/courses/${slugs.archived}`, { tenant: T, token: learner })).body.data.status).toBe("ARCHIVED");
    expect(titles(await list("", learner))).not.toContain("Ancien cours");
  });
});

describe("POST /courses/{slug}/view", () => {
  it("counts a view (204) and logs course.viewed", async () => {
    const res = await api.call("POST", `/courses/${slugs.python}/view`, { tenant: T, token: learner });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    await api.call("POST", `/courses/${slugs.python}/view`, { tenant: T, token: creator });
    const detail = await api.call("GET", `/courses/by-id/${ids.python}`, { tenant: T, token: creator });
    expect(detail.body.data.viewCount).toBe(2);
    const logs = await api.db.select().from(activityLogs).where(and(eq(activityLogs.courseId, ids.python!), eq(activityLogs.action, "course.viewed")));
    expect(logs.map((l) => l.userId).sort()).toEqual([await userIdOf(api, `creator@${T}.test`), await userIdOf(api, `learner@${T}.test`)].sort());
  });

  it("answers 401 without a token and 404 for an invisible course", async () => {
    expectError(await api.call("POST", `/courses/${slugs.python}/view`, { tenant: T }), 401);
    expectError(await api.call("POST", `/courses/${slugs.draft}/view`, { tenant: T, token: learner }), 404);
    expectError(await api.call("POST", "/courses/nothing-here/view", { tenant: T, token: learner }), 404);
  });
});

describe("GET /courses/by-id/{id}", () => {
  it("gives the owner the builder's detail in any status", async () => {
    const res = await api.call("GET", `/courses/by-id/${ids.archived}`, { tenant: T, token: creator });
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ id: ids.archived, status: "ARCHIVED", viewCount: 0, moduleCount: 1, lessonCount: 2, questionnaires: [], trainers: [] });
    expect(c.modules[0].lessons[0]).toMatchObject({ title: "Leçon 1", kind: "TEXT", content: "# Leçon 1", position: 0, mediaId: null, questionnaireId: null });
    const excel = await api.call("GET", `/courses/by-id/${ids.excel}`, { tenant: T, token: admin });
    expect(excel.body.data.trainers.map((t: { role: string }) => t.role)).toEqual(["PRIMARY", "SECONDARY"]);
  });

  it("answers 403 to another creator for a draft, 403 to a LEARNER, 404 for unknown ids, 401 without a token", async () => {
    expectError(await api.call("GET", `/courses/by-id/${ids.draft}`, { tenant: T, token: creator2 }), 403);
    expect((await api.call("GET", `/courses/by-id/${ids.management}`, { tenant: T, token: creator2 })).status).toBe(200);
    expectError(await api.call("GET", `/courses/by-id/${ids.python}`, { tenant: T, token: learner }), 403, "Forbidden: CREATOR or ADMIN required");
    expectError(await api.call("GET", "/courses/by-id/crs_missing", { tenant: T, token: creator }), 404);
    expectError(await api.call("GET", `/courses/by-id/${ids.python}`, { tenant: T }), 401);
  });
});
