import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courses, lessons, modules, questionnaires, questions } from "../../server/db/schema";
import { drainJobs, queuedJobs } from "../helpers/jobs";
import { expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { aiActivity, balanceOf, buildCourse, courseRow, ledgerOf, lessonsOf, RICH_COURSE, setCredits, setupAi, type AiFixture } from "./ai-fixtures";

let f: AiFixture;
beforeAll(async () => {
  f = await setupAi();
});
afterAll(() => f.close());
// Jobs run only when a test drains them: each test starts with an empty queue.
beforeEach(async () => {
  await drainJobs(f.api.db);
});

const BRIEF = "Former les managers de proximité.\n- Fixer des objectifs clairs\n- Conduire un entretien annuel\n- Désamorcer un conflit";

describe("POST /courses/enrich-draft", () => {
  it("writes the empty TEXT lessons and adds a quiz per module: lessons x 20 + modules x 15", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("creator")("POST", "/courses/enrich-draft", { courseId: course.id });
    expect(res.status).toBe(200);
    const { draft, lessonsGenerated, questionnairesGenerated, creditsConsumed } = res.body.data;
    // Empty TEXT lessons: "Les classes de feu" and "Choisir son extincteur"; both modules lack a quiz.
    expect({ lessonsGenerated, questionnairesGenerated, creditsConsumed }).toEqual({ lessonsGenerated: 2, questionnairesGenerated: 2, creditsConsumed: 2 * 20 + 2 * 15 });
    expect(draft.id).toBe(course.id);
    expect(draft.questionnaires).toHaveLength(2);
    const [m1, m2] = draft.modules;
    expect(m1.lessons.map((l: { title: string }) => l.title)).toEqual(["Le triangle du feu", "Les classes de feu", "Quiz : Prévenir le risque"]);
    expect(m1.lessons[0].content).toBe("## Le triangle du feu\n\nCombustible, comburant, énergie.");
    expect(m1.lessons[1].content).toMatch(/^## Les classes de feu\n/);
    expect(m1.lessons[2]).toMatchObject({ kind: "QUIZ", position: 2 });
    expect(m2.lessons[1]).toMatchObject({ kind: "VIDEO", content: "Notes" });
    expect(m2.lessons[2].kind).toBe("QUIZ");
    const qs = await f.api.db.select().from(questions).where(eq(questions.questionnaireId, m1.lessons[2].questionnaireId));
    expect(qs.length).toBeGreaterThanOrEqual(1);
    for (const q of qs) expect(q.choices.some((c) => c.correct)).toBe(true);

    expect(await balanceOf(f.api, f.acmeId)).toBe(30);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toMatchObject([{ delta: -70, balanceAfter: 30, operation: "enrich-draft" }]);
    expect(await aiActivity(f.api, course.id)).toMatchObject([{ metadata: { operation: "enrich-draft", creditsConsumed: 70, lessonsGenerated: 2, questionnairesGenerated: 2 } }]);

    // A second run has nothing to do: 200, zero, no debit.
    const again = await f.as("creator")("POST", "/courses/enrich-draft", { courseId: course.id });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ lessonsGenerated: 0, questionnairesGenerated: 0, creditsConsumed: 0 });
    expect(await balanceOf(f.api, f.acmeId)).toBe(30);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toHaveLength(1);
  });

  it("402 with a short balance: lessons, questionnaires and balance unchanged", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 69);
    const before = await lessonsOf(f.api, course.id);
    expectError(await f.as("creator")("POST", "/courses/enrich-draft", { courseId: course.id }), 402, "Insufficient AI credits: enrich-draft needs 70, balance 69");
    expect(await lessonsOf(f.api, course.id)).toEqual(before);
    expect(await f.api.db.select().from(questionnaires).where(eq(questionnaires.courseId, course.id))).toEqual([]);
    expect(await balanceOf(f.api, f.acmeId)).toBe(69);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
  });

  it("400 without courseId or with unknown fields; 404 cross-tenant; 403 for others", async () => {
    expectValidation(await f.as("creator")("POST", "/courses/enrich-draft", {}), ["courseId"]);
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    expectUnknownFields(await f.as("creator")("POST", "/courses/enrich-draft", { courseId: course.id, all: true }), ["all"]);
    expectError(await f.as("globexCreator")("POST", "/courses/enrich-draft", { courseId: course.id }), 404);
    expectError(await f.as("creator2")("POST", "/courses/enrich-draft", { courseId: course.id }), 403);
    expectError(await f.as("learner")("POST", "/courses/enrich-draft", { courseId: course.id }), 403);
  });
});

describe("POST /courses/{courseId}/generate-all-content", () => {
  it("202: debits the full estimate up front, then the job writes the empty TEXT lessons", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ enqueued: 2, skipped: 2, totalCost: 40, jobId: expect.any(String) });
    // Debited before any lesson is written.
    expect(await balanceOf(f.api, f.acmeId)).toBe(60);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toMatchObject([{ delta: -40, balanceAfter: 60, operation: "generate-all-content" }]);
    expect((await lessonsOf(f.api, course.id)).find((l) => l.title === "Les classes de feu")!.content).toBe("");
    expect(await queuedJobs(f.api.db, "ai.run")).toBe(1);
    // The job's progress, as the interface polls it while the creator waits.
    const jobPath = `/ai/jobs/${res.body.data.jobId}`;
    const queued = await f.as("creator")("GET", jobPath);
    expect(queued.status).toBe(200);
    expect(queued.body.data).toMatchObject({ kind: "generate-all", state: "QUEUED", courseId: course.id, lessonsTotal: 2, lessonsWritten: 0, finishedAt: null });
    expectError(await f.as("globexCreator")("GET", jobPath), 404);
    expectError(await f.as("learner")("GET", jobPath), 403);
    expect((await f.as("creator")("GET", "/ai/jobs/not-a-uuid")).status).toBe(400);
    await drainJobs(f.api.db);
    expect(await queuedJobs(f.api.db, "ai.run")).toBe(0);
    const done = await f.as("creator")("GET", jobPath);
    expect(done.body.data).toMatchObject({ state: "COMPLETED", lessonsTotal: 2, lessonsWritten: 2 });
    expect(done.body.data.finishedAt).toEqual(expect.any(String));
    const after = await lessonsOf(f.api, course.id);
    expect(after.find((l) => l.title === "Les classes de feu")!.content).toMatch(/^## Les classes de feu/);
    expect(after.find((l) => l.title === "Choisir son extincteur")!.content).toMatch(/^## Choisir son extincteur/);
    expect(after.find((l) => l.title === "Le triangle du feu")!.content).toBe("## Le triangle du feu\n\nCombustible, comburant, énergie.");
    expect(await balanceOf(f.api, f.acmeId)).toBe(60);
    const activity = await aiActivity(f.api, course.id);
    expect(activity.map((a) => a.metadata.status)).toEqual(["QUEUED", "COMPLETED"]);
    expect(activity[1]!.metadata).toMatchObject({ lessonsGenerated: 2, lessonsFailed: 0, creditsRefunded: 0 });
  });

  it("onlyEmpty false rewrites every TEXT lesson", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("admin")("POST", `/courses/${course.id}/generate-all-content`, { onlyEmpty: false });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ enqueued: 3, skipped: 1, totalCost: 60, jobId: expect.any(String) });
    await drainJobs(f.api.db);
    expect((await lessonsOf(f.api, course.id)).find((l) => l.title === "Le triangle du feu")!.content).toMatch(/^## Le triangle du feu\n\n\*Module 1/);
    expect(await balanceOf(f.api, f.acmeId)).toBe(40);
  });

  it("refunds the lessons it could not write (deleted before the job ran)", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, { onlyEmpty: true });
    expect(res.status).toBe(202);
    // Between the response and the job: one of the two lessons is deleted.
    await f.api.db.delete(lessons).where(eq(lessons.id, course.lessons[1]![0]!));
    await drainJobs(f.api.db);
    expect(await balanceOf(f.api, f.acmeId)).toBe(80);
    expect((await ledgerOf(f.api, f.acmeId, course.id)).map((r) => [r.operation, r.delta, r.balanceAfter])).toEqual([
      ["generate-all-content", -40, 60],
      ["generate-all-content.refund", 20, 80],
    ]);
    expect((await aiActivity(f.api, course.id)).at(-1)!.metadata).toMatchObject({ status: "COMPLETED_WITH_ERRORS", lessonsGenerated: 1, lessonsFailed: 1, creditsRefunded: 20 });
  });

  it("nothing to write: 202 with zero cost and no debit", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, { modules: [{ title: "M", lessons: [{ title: "Écrite", content: "Texte" }] }] });
    await setCredits(f.api, f.acmeId, 0);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ enqueued: 0, skipped: 1, totalCost: 0, jobId: null });
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
  });

  it("402 for a short balance (nothing queued or changed); 400 for a non-boolean onlyEmpty; 404 cross-tenant", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 39);
    const before = await lessonsOf(f.api, course.id);
    expectError(await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, {}), 402, "Insufficient AI credits: generate-all-content needs 40, balance 39");
    expect(await queuedJobs(f.api.db, "ai.run")).toBe(0);
    expect(await lessonsOf(f.api, course.id)).toEqual(before);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
    expectValidation(await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, { onlyEmpty: "false" }), ["onlyEmpty"]);
    expectError(await f.as("globexAdmin")("POST", `/courses/${course.id}/generate-all-content`, {}), 404);
    expectError(await f.as("trainer")("POST", `/courses/${course.id}/generate-all-content`, {}), 403);
  });
});

describe("POST /courses/{courseId}/regenerate-from-brief", () => {
  it("202: a new DRAFT with its structure for 50 up front, then 20 per lesson as the job writes them", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, { ...RICH_COURSE, status: "PUBLISHED" });
    await setCredits(f.api, f.acmeId, 500);
    const sourceBefore = await courseRow(f.api, source.id);
    const res = await f.as("creator")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ courseId: source.id, status: "QUEUED" });
    const draftId = res.body.data.draftId as string;
    expect(draftId).toMatch(/^crs_[a-z0-9]{24}$/);
    expect(await balanceOf(f.api, f.acmeId)).toBe(450);

    const draft = await courseRow(f.api, draftId);
    expect(draft).toMatchObject({ status: "DRAFT", sourceCourseId: source.id, creatorId: f.userIds.creator, price: 45000, title: "Sécurité incendie en entreprise (nouvelle version)" });
    const mods = await f.api.db.select().from(modules).where(eq(modules.courseId, draftId));
    expect(mods.map((m) => m.title).sort()).toEqual(["Conduire un entretien annuel", "Désamorcer un conflit", "Fixer des objectifs clairs"]);
    expect((await lessonsOf(f.api, draftId)).filter((l) => l.kind === "TEXT").every((l) => l.content === "")).toBe(true);
    await drainJobs(f.api.db);
    const written = await lessonsOf(f.api, draftId);
    const text = written.filter((l) => l.kind === "TEXT");
    expect(text).toHaveLength(6);
    for (const l of text) expect(l.content).toMatch(/^## /);
    expect(written.filter((l) => l.kind === "QUIZ")).toHaveLength(1);
    expect(await balanceOf(f.api, f.acmeId)).toBe(450 - 6 * 20);
    const ledger = await ledgerOf(f.api, f.acmeId, draftId);
    expect(ledger.map((r) => [r.operation, r.delta])).toEqual([["regenerate-from-brief", -50], ...Array.from({ length: 6 }, () => ["regenerate-from-brief.lesson", -20])]);
    expect((await aiActivity(f.api, draftId)).at(-1)!.metadata).toMatchObject({ status: "COMPLETED", lessonsGenerated: 6, lessonsRemaining: 0, creditsConsumed: 120 });
    expect(await courseRow(f.api, source.id)).toEqual(sourceBefore);
  });

  it("stops when the credits run out mid-way and records it", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 50 + 2 * 20 + 10);
    const res = await f.as("creator")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF });
    expect(res.status).toBe(202);
    const draftId = res.body.data.draftId as string;
    await drainJobs(f.api.db);
    expect(await balanceOf(f.api, f.acmeId)).toBe(10);
    const text = (await lessonsOf(f.api, draftId)).filter((l) => l.kind === "TEXT");
    expect(text.filter((l) => l.content !== "")).toHaveLength(2);
    expect(text.filter((l) => l.content === "")).toHaveLength(4);
    expect((await aiActivity(f.api, draftId)).at(-1)!.metadata).toMatchObject({ status: "STOPPED_INSUFFICIENT_CREDITS", lessonsGenerated: 2, lessonsRemaining: 4 });
  });

  it("400 when the brief is missing or too short, before anything else", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, {});
    await setCredits(f.api, f.acmeId, 0);
    for (const body of [{}, { context: "Trop court." }, { context: "   " }]) {
      const res = await f.as("creator")("POST", `/courses/${source.id}/regenerate-from-brief`, body);
      expectError(res, 400, "Context missing or too short: the brief needs at least 30 characters");
      expect(Object.keys(res.body.errors)).toEqual(["context"]);
    }
    expectUnknownFields(await f.as("creator")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF, title: "x" }), ["title"]);
  });

  it("402 with less than 50 credits: no draft, no debit; 404 cross-tenant; 403 learner", async () => {
    const source = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 49);
    const count = (await f.api.db.select({ id: courses.id }).from(courses)).length;
    expectError(await f.as("creator")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF }), 402, "Insufficient AI credits: regenerate-from-brief needs 50, balance 49");
    expect((await f.api.db.select({ id: courses.id }).from(courses)).length).toBe(count);
    expect(await queuedJobs(f.api.db, "ai.run")).toBe(0);
    expect(await balanceOf(f.api, f.acmeId)).toBe(49);
    expectError(await f.as("globexCreator")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF }), 404);
    expectError(await f.as("learner")("POST", `/courses/${source.id}/regenerate-from-brief`, { context: BRIEF }), 403);
  });
});
