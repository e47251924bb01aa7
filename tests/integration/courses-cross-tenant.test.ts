import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, courseTrainers } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { createBulk, publishableBulk } from "../helpers/courses";
import { expectError, userIdOf } from "../helpers/rest";
import { tokenFor } from "../factories";

/** acme's callers pointing at globex's courses: always 404, and nothing changes. */
let api: TestApi;
let acmeAdmin: string;
let acmeCreator: string;
let globexCourse: { id: string; slug: string };
let globexDraft: { id: string; slug: string };
let acmeTrainerId: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  [acmeAdmin, acmeCreator] = await Promise.all([tokenFor(api, "acme", "admin"), tokenFor(api, "acme", "creator")]);
  const globexCreator = await tokenFor(api, "globex", "creator");
  globexCourse = await createBulk(api, "globex", globexCreator, publishableBulk({ title: "Cours globex unique", publish: true }));
  globexDraft = await createBulk(api, "globex", globexCreator, publishableBulk({ title: "Brouillon globex unique" }));
  acmeTrainerId = await userIdOf(api, "trainer@acme.test");
});
afterAll(() => api.close());

const OPS: [string, string, unknown?][] = [
  ["GET", "/courses/by-id/{id}"],
  ["PATCH", "/courses/{id}", { title: "Pwned", price: 1 }],
  ["PATCH", "/courses/{id}", { status: "ARCHIVED" }],
  ["DELETE", "/courses/{id}"],
  ["POST", "/courses/{id}/publish"],
  ["GET", "/courses/{id}/qualiopi-status"],
  ["GET", "/courses/{id}/qualiopi-info"],
  ["GET", "/courses/{id}/public-stats"],
  ["POST", "/courses/{id}/duplicate"],
  ["PATCH", "/courses/{id}/images/banner/reference", { mediaId: null }],
  ["PATCH", "/courses/{id}/images/featured/reference", { mediaId: null }],
  ["GET", "/courses/{id}/trainers"],
  ["PUT", "/courses/{id}/trainers", { trainers: [] }],
  ["GET", "/courses/{id}"],
  ["POST", "/courses/{id}/view"],
];

describe("acme callers, in acme, with globex course ids", () => {
  it.each(OPS)("%s %s -> 404", async (method, template, body) => {
    for (const target of [globexCourse, globexDraft]) {
      for (const token of [acmeAdmin, acmeCreator]) {
        const res = await api.call(method, template.replace("{id}", target.id), { tenant: "acme", token, body });
        expectError(res, 404, "Course not found");
        expect(JSON.stringify(res.body)).not.toMatch(/globex/i);
      }
    }
  });

  it("GET /courses/{slug} and POST /courses/{slug}/view by globex slug -> 404", async () => {
    expectError(await api.call("GET", `/courses/${globexCourse.slug}`, { tenant: "acme" }), 404);
    expectError(await api.call("GET", `/courses/${globexCourse.slug}`, { tenant: "acme", token: acmeAdmin }), 404);
    expectError(await api.call("POST", `/courses/${globexCourse.slug}/view`, { tenant: "acme", token: acmeAdmin }), 404);
  });

  it("PUT trainers with an acme trainer on a globex course -> 404, nothing assigned", async () => {
    const res = await api.call("PUT", `/courses/${globexCourse.id}/trainers`, { tenant: "acme", token: acmeAdmin, body: { trainers: [{ userId: acmeTrainerId, role: "PRIMARY" }] } });
    expectError(res, 404);
    expect(await api.db.select().from(courseTrainers).where(eq(courseTrainers.courseId, globexCourse.id))).toEqual([]);
  });

  it("left globex's courses untouched and listed none of them in acme", async () => {
    const [pub] = await api.db.select().from(courses).where(eq(courses.id, globexCourse.id));
    const [draft] = await api.db.select().from(courses).where(eq(courses.id, globexDraft.id));
    expect(pub).toMatchObject({ title: "Cours globex unique", status: "PUBLISHED", viewCount: 0 });
    expect(draft).toMatchObject({ title: "Brouillon globex unique", status: "DRAFT" });
    for (const path of ["/courses?q=globex", "/courses?status=DRAFT&q=globex", "/courses/my-courses?q=globex", "/courses/my-trainer?q=globex"]) {
      const res = await api.call("GET", path, { tenant: "acme", token: acmeAdmin });
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toEqual([]);
    }
  });

  it("a globex member naming acme gets 403 (not a member)", async () => {
    const globexAdmin = await tokenFor(api, "globex", "admin");
    expectError(await api.call("POST", "/courses", { tenant: "acme", token: globexAdmin, body: { title: "x", description: "y", price: 0, currency: "EUR" } }), 403);
    expectError(await api.call("GET", "/courses/my-courses", { tenant: "acme", token: globexAdmin }), 403);
  });
});
