import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectUnknownFields } from "../helpers/rest";
import { aiActivity, balanceOf, buildCourse, courseRow, ledgerOf, RICH_COURSE, setCredits, setupAi, type AiFixture } from "./ai-fixtures";

let f: AiFixture;
beforeAll(async () => {
  f = await setupAi();
});
afterAll(() => f.close());

describe("POST /courses/{id}/generate-faq", () => {
  it("201 with 5 to 8 pairs saved into seoMetadata.faq (other SEO keys kept), debits 10 credits", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, { ...RICH_COURSE, fields: { ...RICH_COURSE.fields, seoMetadata: { metaTitle: "Gardé", faq: [{ question: "Ancienne ?", answer: "Oui." }] } } });
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-faq`);
    expect(res.status).toBe(201);
    const items = res.body.data as { question: string; answer: string }[];
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.length).toBeLessThanOrEqual(8);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["answer", "question"]);
    expect(items.find((i) => i.question === "Quels sont les prérequis ?")?.answer).toBe("Savoir lire le français.");

    const row = await courseRow(f.api, course.id);
    expect(row!.seoMetadata).toEqual({ metaTitle: "Gardé", faq: items });
    expect(await balanceOf(f.api, f.acmeId)).toBe(90);
    const ledger = await ledgerOf(f.api, f.acmeId, course.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -10, balanceAfter: 90, operation: "generate-faq", userId: f.userIds.creator });
    const activity = await aiActivity(f.api, course.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ userId: f.userIds.creator, metadata: { operation: "generate-faq", creditsConsumed: 10, faqItems: items.length } });
  });

  it("ADMIN may generate for any course of the tenant", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    await setCredits(f.api, f.acmeId, 10);
    const res = await f.as("admin")("POST", `/courses/${course.id}/generate-faq`);
    expect(res.status).toBe(201);
    expect(res.body.data.length).toBeGreaterThanOrEqual(5);
    expect(await balanceOf(f.api, f.acmeId)).toBe(0);
  });

  it("402 with a short balance, and nothing changes", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 9);
    const before = await courseRow(f.api, course.id);
    expectError(await f.as("creator")("POST", `/courses/${course.id}/generate-faq`), 402, "Insufficient AI credits: generate-faq needs 10, balance 9");
    expect(await courseRow(f.api, course.id)).toEqual(before);
    expect(await balanceOf(f.api, f.acmeId)).toBe(9);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
    expect(await aiActivity(f.api, course.id)).toEqual([]);
  });

  it("404 for another tenant's course or an unknown id; 403 for another creator's course; nothing debited", async () => {
    await setCredits(f.api, f.acmeId, 100);
    const globex = await buildCourse(f.api, f.globexId, f.userIds.admin, {});
    expectError(await f.as("creator")("POST", `/courses/${globex.id}/generate-faq`), 404, "Course not found");
    expectError(await f.as("admin")("POST", "/courses/crs_doesnotexist000000000000/generate-faq"), 404);
    const theirs = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    expectError(await f.as("creator2")("POST", `/courses/${theirs.id}/generate-faq`), 403);
    expect(await balanceOf(f.api, f.acmeId)).toBe(100);
    expect(await ledgerOf(f.api, f.globexId)).toEqual([]);
  });

  it.each(["learner", "trainer", "finance"] as const)("403 for %s", async (who) => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    expectError(await f.as(who)("POST", `/courses/${course.id}/generate-faq`), 403, "Forbidden: CREATOR or ADMIN required");
  });

  it("refuses unknown body fields (400)", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    expectUnknownFields(await f.as("creator")("POST", `/courses/${course.id}/generate-faq`, { count: 8 }), ["count"]);
  });
});

describe("POST /courses/{id}/generate-seo", () => {
  it("200 {metaTitle, metaDescription, slug, keywords} saved into seoMetadata (faq kept, slug unchanged), debits 5", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, { ...RICH_COURSE, fields: { ...RICH_COURSE.fields, seoMetadata: { faq: [{ question: "Q ?", answer: "R." }] } } });
    await setCredits(f.api, f.acmeId, 50);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-seo`);
    expect(res.status).toBe(200);
    const seo = res.body.data;
    expect(Object.keys(seo).sort()).toEqual(["keywords", "metaDescription", "metaTitle", "slug"]);
    expect(seo.metaTitle).toBe("Sécurité incendie en entreprise | Formation");
    expect(seo.metaDescription.length).toBeLessThanOrEqual(160);
    expect(seo.slug).toBe("securite-incendie-en-entreprise");
    expect(seo.keywords).toEqual(expect.arrayContaining(["sécurité", "incendie"]));

    const row = await courseRow(f.api, course.id);
    expect(row!.slug).toBe(course.slug);
    expect(row!.seoMetadata).toEqual({ faq: [{ question: "Q ?", answer: "R." }], metaTitle: seo.metaTitle, metaDescription: seo.metaDescription, keywords: seo.keywords });
    expect(await balanceOf(f.api, f.acmeId)).toBe(45);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toMatchObject([{ delta: -5, balanceAfter: 45, operation: "generate-seo" }]);
    expect(await aiActivity(f.api, course.id)).toMatchObject([{ metadata: { operation: "generate-seo", creditsConsumed: 5 } }]);
  });

  it("402 with a short balance, nothing changed; 404 cross-tenant; 403 learner", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 4);
    const before = await courseRow(f.api, course.id);
    expectError(await f.as("creator")("POST", `/courses/${course.id}/generate-seo`), 402, "Insufficient AI credits: generate-seo needs 5, balance 4");
    expect(await courseRow(f.api, course.id)).toEqual(before);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
    expectError(await f.as("globexCreator")("POST", `/courses/${course.id}/generate-seo`), 404);
    expectError(await f.as("learner")("POST", `/courses/${course.id}/generate-seo`), 403);
    expect(await balanceOf(f.api, f.globexId)).toBe(1000);
  });
});
