import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forTenant } from "../../server/db/tenant-scope";
import { clock } from "../../server/lib/clock";
import { credit, debit } from "../../server/services/ai/credits";
import { expectError } from "../helpers/rest";
import { balanceOf, buildCourse, courseRow, ledgerOf, RICH_COURSE, setCredits, setupAi, type AiFixture } from "./ai-fixtures";

let f: AiFixture;
beforeAll(async () => {
  f = await setupAi();
});
afterAll(() => f.close());

describe("GET /ai/credits", () => {
  it("gives the tenant's balance to CREATOR and ADMIN", async () => {
    await setCredits(f.api, f.acmeId, 321);
    for (const who of ["creator", "admin"] as const) {
      const res = await f.as(who)("GET", "/ai/credits");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { balance: 321 } });
    }
    expect((await f.as("globexAdmin")("GET", "/ai/credits")).body.data.balance).toBe(1000);
  });

  it.each(["learner", "trainer", "finance"] as const)("refuses %s (403)", async (who) => {
    expectError(await f.as(who)("GET", "/ai/credits"), 403, "Forbidden: CREATOR or ADMIN required");
  });

  it("needs a token (401)", async () => {
    expectError(await f.api.call("GET", "/ai/credits", { tenant: "acme" }), 401);
  });
});

describe("debits under concurrency", () => {
  it("two simultaneous debits with credits for one: one succeeds, the other is 402", async () => {
    await setCredits(f.api, f.acmeId, 30);
    const scope = forTenant(f.acmeId);
    const before = (await ledgerOf(f.api, f.acmeId)).length;
    const attempt = () =>
      f.api.db.transaction((tx) => debit(tx, scope, { amount: 20, operation: "test-race", userId: f.userIds.creator }, clock.now()));
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "PAYMENT_REQUIRED", message: "Insufficient AI credits: test-race needs 20, balance 10" });
    expect(await balanceOf(f.api, f.acmeId)).toBe(10);
    const rows = (await ledgerOf(f.api, f.acmeId)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -20, balanceAfter: 10, operation: "test-race" });
  });

  it("two simultaneous FAQ generations with credits for one: one 201, one 402", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 10);
    const [a, b] = await Promise.all([f.as("creator")("POST", `/courses/${course.id}/generate-faq`), f.as("creator")("POST", `/courses/${course.id}/generate-faq`)]);
    expect([a.status, b.status].sort()).toEqual([201, 402]);
    expectError([a, b].find((r) => r.status === 402)!, 402, /^Insufficient AI credits: generate-faq needs 10, balance 0$/);
    expect(await balanceOf(f.api, f.acmeId)).toBe(0);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toHaveLength(1);
    expect((await courseRow(f.api, course.id))!.seoMetadata.faq!.length).toBeGreaterThanOrEqual(5);
  });

  it("credit() adds to the balance with a positive ledger row", async () => {
    await setCredits(f.api, f.acmeId, 5);
    const after = await f.api.db.transaction((tx) => credit(tx, forTenant(f.acmeId), { amount: 45, operation: "grant" }, clock.now()));
    expect(after).toBe(50);
    expect((await ledgerOf(f.api, f.acmeId)).at(-1)).toMatchObject({ delta: 45, balanceAfter: 50, operation: "grant" });
  });
});

describe("GET /ai/credits/ledger", () => {
  it("lists the tenant's movements newest first for ADMIN, with pagination and a course filter", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    expect((await f.as("creator")("POST", `/courses/${course.id}/generate-seo`)).status).toBe(200);
    const res = await f.as("admin")("GET", `/ai/credits/ledger?limit=2&courseId=${course.id}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 1, page: 1, limit: 2, totalPages: 1 });
    expect(res.body.data[0]).toMatchObject({ delta: -5, balanceAfter: 95, operation: "generate-seo", courseId: course.id, userId: f.userIds.creator });
    expect(res.body.data[0].id).toMatch(/^aic_[a-z0-9]{24}$/);
    const all = await f.as("admin")("GET", "/ai/credits/ledger?limit=100");
    expect(all.body.meta.total).toBeGreaterThanOrEqual(4);
    const globex = await f.as("globexAdmin")("GET", "/ai/credits/ledger");
    expect(globex.body.data).toEqual([]);
  });

  it("is ADMIN only", async () => {
    expectError(await f.as("creator")("GET", "/ai/credits/ledger"), 403, "Forbidden: ADMIN required");
  });
});

describe("GET /ai/estimates", () => {
  it("gives every operation's cost on the course and the balance", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 700);
    const res = await f.as("creator")("GET", `/ai/estimates?courseId=${course.id}`);
    expect(res.status).toBe(200);
    // 2 modules, 4 lessons (2 empty TEXT, 1 written TEXT, 1 VIDEO), no quiz.
    expect(res.body.data).toEqual({
      balance: 700,
      costs: {
        generateFaq: 10,
        generateSeo: 5,
        createVariant: 10 + 2 * 15 + 4 * 20,
        enrichDraft: 2 * 20 + 2 * 15,
        generateAllContentOnlyEmpty: 40,
        generateAllContentAll: 60,
        regenerateFromBriefUpFront: 50,
        regenerateFromBriefPerLesson: 20,
      },
    });
  });

  it("404 for another tenant's course, 403 for another creator's", async () => {
    const globexCourse = await buildCourse(f.api, f.globexId, f.userIds.admin, {});
    expectError(await f.as("creator")("GET", `/ai/estimates?courseId=${globexCourse.id}`), 404, "Course not found");
    const mine = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    expectError(await f.as("creator2")("GET", `/ai/estimates?courseId=${mine.id}`), 403);
  });
});
