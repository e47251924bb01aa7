import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { startWorld, type World } from "../helpers/attendance";
import { createLearningCourse } from "../factories/learning";
import { expectError } from "../helpers/rest";
import { courseOf, EXCEL, mailsTo, SST } from "../helpers/sessions";

/**
 * Issue #23 item 6: the public course page's "Demander un devis" (POST /public/courses/{slug}/quote-requests,
 * no sign-in) and its rates from one computation with a significance threshold.
 */
let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

const request = (slug: string, body: unknown, tenant = "acme") => w.api.call("POST", `/public/courses/${slug}/quote-requests`, { tenant, body });
const valid = { companyName: "Menuiserie Durand", contactName: "Paul Durand", email: "paul@durand.test", learners: 4, message: "Former 4 menuisiers en mars." };

describe("POST /public/courses/{slug}/quote-requests", () => {
  it("an anonymous visitor's request creates the company and a QUOTE_REQUEST needs analysis, and notifies the admins", async () => {
    const res = await request(SST, valid);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { needsAnalysisId, companyId, notifiedAdmins } = res.body.data;
    expect(notifiedAdmins.length).toBeGreaterThan(0);
    const sst = await courseOf(w.api, "acme", SST);
    const nda = await w.call("GET", `/needs-analysis/${needsAnalysisId}`, w.tok.admin);
    expect(nda.status, JSON.stringify(nda.body)).toBe(200);
    expect(nda.body.data).toMatchObject({ companyId, companyName: "Menuiserie Durand", source: "QUOTE_REQUEST", requestedCourseId: sst.id, learnerCount: 4, context: valid.message, createdBy: null });
    const bell = await w.call("GET", "/notifications", w.tok.admin);
    expect(bell.body.data.find((n: { subjectId: string }) => n.subjectId === needsAnalysisId)).toMatchObject({ kind: "quote.requested", vars: { company: "Menuiserie Durand", learners: "4" } });
    // the same company again (case ignored): no second company
    const again = await request(SST, { ...valid, companyName: "menuiserie durand" });
    expect(again.status).toBe(201);
    expect(again.body.data.companyId).toBe(companyId);
  });

  it("the visitor gets an acknowledgement e-mail in the page's language, once per request", async () => {
    const fr = await request(SST, { ...valid, email: "ack.fr@durand.test" });
    expect(fr.status).toBe(201);
    const [mail, ...more] = await mailsTo(w.api, "ack.fr@durand.test", "quote-acknowledged");
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Votre demande de devis\s: Sauveteur Secouriste du Travail/);
    expect(mail!.text).toContain("Bonjour Paul Durand,");
    expect(mail!.text).toMatch(/pour 4 stagiaires de Menuiserie Durand/);
    expect(mail!.text).toContain(`/formations/${SST}`);
    const en = await request(SST, { ...valid, email: "ack.en@durand.test", locale: "en" });
    expect(en.status).toBe(201);
    const [english] = await mailsTo(w.api, "ack.en@durand.test", "quote-acknowledged");
    expect(english!.subject).toMatch(/^Your quote request: /);
    expect(english!.text).toContain("for 4 learners of Menuiserie Durand");
  });

  it("400 VALIDATION_FAILED on a bad input, 404 for a DRAFT course or another tenant's slug", async () => {
    const bad = await request(SST, { ...valid, email: "not-an-email", learners: 0 });
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["email", "learners"]);
    expectError(await request(SST, { ...valid, message: "" }), 400);
    expectError(await request("management-d-equipe", valid), 404);
    const globexOnly = await createLearningCourse(w.api.db, w.globexId, { creatorId: w.uid.globexAdmin, title: "Cours Globex", slug: "devis-globex-uniquement" });
    expectError(await request(globexOnly.slug, valid), 404);
  });
});

describe("the public page's rates", () => {
  it("completion and success come from one computation; below the minimum count they are not significant", async () => {
    const sst = (await w.api.call("GET", `/public/courses/${SST}`, { tenant: "acme" })).body.data.results;
    // demo: 3 ACTIVE learners, none completed: too few to publish a rate
    expect(sst.minimumCount).toBe(5);
    expect(sst.completion).toEqual({ count: 0, of: 3, rate: null, significant: false });
    expect(sst.success).toEqual({ count: 0, of: 0, rate: null, significant: false });
    const excel = (await w.api.call("GET", `/public/courses/${EXCEL}`, { tenant: "acme" })).body.data.results;
    // demo: 5 COMPLETED (learner2 CANCELLED, not counted)
    expect(excel.completion).toEqual({ count: 5, of: 5, rate: 1, significant: true });
    expect(excel.success.of).toBe(5);
    expect(excel.success.significant).toBe(true);
    expect(excel.success.rate).toBe(excel.success.count / 5);
  });
});

describe("POST /enrollments/me (the course page's \"S'inscrire\" on a free course)", () => {
  it("enrols the signed-in member in a free course; a paid course is 422 COURSE_NOT_FREE; twice is 409", async () => {
    const free = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Cours gratuit", slug: "cours-gratuit-devis" });
    const res = await w.call("POST", "/enrollments/me", w.tok.learner2, { courseId: free.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ courseId: free.id, userId: w.uid.learner2, status: "ACTIVE" });
    expectError(await w.call("POST", "/enrollments/me", w.tok.learner2, { courseId: free.id }), 409);
    const sst = await courseOf(w.api, "acme", SST);
    const paid = await w.call("POST", "/enrollments/me", w.tok.learner2, { courseId: sst.id });
    expectError(paid, 422);
    expect(paid.body.code).toBe("COURSE_NOT_FREE");
  });
});

describe("rate limit", () => {
  it("an anonymous visitor's quote requests are rate-limited like every public request (429 with Retry-After)", async () => {
    // This file's anonymous requests already went over a limit of 1 in the current window.
    process.env.RATE_LIMIT_PER_HOUR = "1";
    resetEnvCache();
    try {
      const res = await request(SST, valid);
      expectError(res, 429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      delete process.env.RATE_LIMIT_PER_HOUR;
      resetEnvCache();
    }
  });
});
