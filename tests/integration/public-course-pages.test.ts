import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLearningCourse } from "../factories/learning";
import { startWorld, type World } from "../helpers/attendance";
import { expectError } from "../helpers/rest";
import { courseOf, EXCEL, SST } from "../helpers/sessions";

/**
 * Issue #11 item 5: the tenant's public course pages (Qualiopi indicators 1 and 2), no sign-in:
 * GET /public/courses and /public/courses/{slug}, PUBLISHED courses only, with the published
 * results computed by the same function as GET /courses/{id}/survey-results.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

const pub = (path: string, tenant = "acme") => w.api.call("GET", path, { tenant });

describe("GET /public/courses", () => {
  it("lists the tenant's PUBLISHED courses only, without a sign-in, newest first with perPage meta", async () => {
    const res = await pub("/public/courses");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const slugs = res.body.data.map((c: { slug: string }) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining([SST, EXCEL]));
    expect(slugs).not.toContain("management-d-equipe"); // DRAFT
    expect(slugs).not.toContain("bureautique-2019"); // ARCHIVED
    expect(res.body.meta).toEqual({ total: slugs.length, page: 1, perPage: 20 });
    expect(res.body.data.find((c: { slug: string }) => c.slug === SST)).toEqual({
      slug: SST,
      title: "Sauveteur Secouriste du Travail (SST)",
      description: expect.any(String),
      price: 29000,
      currency: "EUR",
      duration: 14,
      format: "BLENDED",
      level: "BEGINNER",
      publishedAt: expect.any(String),
    });
    const page = await pub("/public/courses?perPage=1&page=2");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toEqual({ total: slugs.length, page: 2, perPage: 1 });
    expectError(await pub("/public/courses?perPage=500"), 400);
    expectError(await pub("/public/courses", "nope-tenant"), 404);
  });
});

describe("GET /public/courses/{slug}", () => {
  it("shows every public field of indicator 1: objectives, prerequisites, duration, format and session modes, price, access lead time, disability access and referent, FAQ, SEO", async () => {
    const res = await pub(`/public/courses/${SST}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ slug: SST, price: 29000, currency: "EUR", duration: 14, format: "BLENDED", tenantName: "Acme Formation" });
    for (const field of ["pedagogicalObjectives", "prerequisites", "targetAudience", "teachingMethods", "evaluationMethods", "accessLeadTime", "accessibilityInfo", "disabilityReferentContact"]) {
      expect(typeof d[field], field).toBe("string");
      expect(d[field].length, field).toBeGreaterThan(0);
    }
    expect(d.disabilityReferentContact).toContain("handicap@acme.test");
    expect(d.sessionModes.length).toBeGreaterThan(0);
    expect(d.faq.length).toBeGreaterThan(0);
    expect(d.faq[0]).toEqual({ question: expect.any(String), answer: expect.any(String) });
    expect(d.seo).toEqual({ title: expect.any(String), description: expect.any(String), keywords: expect.any(Array) });
    expect(d.seo.description.length).toBeGreaterThan(0);
    // the demo SST course: 3 learners, too few for a rate (tests/integration/catalogue-quote.test.ts)
    expect(d.results.completion.significant).toBe(false);
    expect(d.results).toMatchObject({ satisfaction: { responses: 0, averageRating: null, satisfactionRate: null } });
  });

  it("the published results are the staff survey results' figure; completion is COMPLETED over every enrollment but CANCELLED; no success rate when unset", async () => {
    const excel = await courseOf(w.api, "acme", EXCEL);
    const staff = await w.call("GET", `/courses/${excel.id}/survey-results`, w.tok.admin);
    expect(staff.status).toBe(200);
    const { sent: _sent, responseRate: _rate, ...figure } = staff.body.data.overall;
    const res = await pub(`/public/courses/${EXCEL}`);
    expect(res.body.data.results.satisfaction).toEqual(figure);
    expect(figure.responses).toBeGreaterThan(0);
    expect(figure.satisfactionRate).toBeGreaterThan(0);
    // demo: learner COMPLETED + 4 alumni COMPLETED; learner2 CANCELLED (not counted)
    expect(res.body.data.results).toMatchObject({ completion: { count: 5, of: 5, rate: 1, significant: true } });
  });

  it("the course's accessLeadTime and successRate are edited through PATCH /courses/{id} and read on the public page", async () => {
    const c = await courseOf(w.api, "acme", EXCEL);
    const ok = await w.call("PATCH", `/courses/${c.id}`, w.tok.creator, { accessLeadTime: "Sous 72 h", successRate: 88 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ accessLeadTime: "Sous 72 h", successRate: 88 });
    const page = (await pub(`/public/courses/${EXCEL}`)).body.data;
    expect(page).toMatchObject({ accessLeadTime: "Sous 72 h" });
    const bad = await w.call("PATCH", `/courses/${c.id}`, w.tok.creator, { successRate: 101 });
    expect([400, 422]).toContain(bad.status);
    expect(Object.keys(bad.body.errors)).toEqual(["successRate"]);
    await w.call("PATCH", `/courses/${c.id}`, w.tok.creator, { successRate: null });
  });

  it("404 COURSE_NOT_FOUND for a DRAFT or ARCHIVED course, an unknown slug, and another tenant's slug", async () => {
    for (const slug of ["management-d-equipe", "bureautique-2019", "no-such-course"]) {
      const res = await pub(`/public/courses/${slug}`);
      expectError(res, 404);
      expect(res.body.code).toBe("COURSE_NOT_FOUND");
    }
    const globexOnly = await createLearningCourse(w.api.db, w.globexId, { creatorId: w.uid.globexAdmin, title: "Cours Globex", slug: "cours-globex-uniquement" });
    expect((await pub(`/public/courses/${globexOnly.slug}`, "globex")).status).toBe(200);
    const cross = await pub(`/public/courses/${globexOnly.slug}`);
    expectError(cross, 404);
    expect(cross.body.code).toBe("COURSE_NOT_FOUND");
    const draft = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, status: "DRAFT" });
    expectError(await pub(`/public/courses/${draft.slug}`), 404);
  });
});
