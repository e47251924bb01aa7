import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { drainJobs } from "../helpers/jobs";
import { startFakeAiServer, type FakeAiServer } from "../helpers/fake-ai-server";
import { expectError } from "../helpers/rest";
import { aiActivity, balanceOf, buildCourse, courseRow, ledgerOf, lessonsOf, RICH_COURSE, setCredits, setupAi, type AiFixture } from "./ai-fixtures";

/** The REST operations with AI_PROVIDER=openai, against a local fake OpenAI-compatible server. */
let f: AiFixture;
let fake: FakeAiServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeAiServer({ apiKey: "sk-integration", model: "fake-chat" });
  // The fake answers at once; the timeout only has to outlast a CPU-starved worker under the full suite
  // (at 5 s, a canned answer once arrived late and read as a provider failure). No test here relies on it.
  Object.assign(process.env, { AI_PROVIDER: "openai", AI_BASE_URL: fake.url, AI_API_KEY: "sk-integration", AI_MODEL: "fake-chat", AI_TIMEOUT_SECONDS: "20" });
  resetEnvCache();
  f = await setupAi();
});
afterAll(async () => {
  await f.close();
  await fake.close();
  for (const k of ["AI_PROVIDER", "AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_TIMEOUT_SECONDS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});

describe("AI operations through the OpenAI-compatible provider", () => {
  it("generate-faq saves the model's pairs and debits 10; the request carries the key and the model", async () => {
    fake.reply(null);
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-faq`);
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(6);
    expect(res.body.data[0]).toEqual({ question: "Question du modèle 1 ?", answer: "Réponse du modèle 1." });
    expect((await courseRow(f.api, course.id))!.seoMetadata.faq).toEqual(res.body.data);
    expect(await balanceOf(f.api, f.acmeId)).toBe(90);
    const req = fake.requests.at(-1)!;
    expect(req.authorization).toBe("Bearer sk-integration");
    expect(req.body.model).toBe("fake-chat");
    expect(req.body.messages[1]!.content).toContain("Sécurité incendie en entreprise");
  });

  it("a provider failure is a 503 with a clear message, and nothing is saved or debited", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    const before = await courseRow(f.api, course.id);
    fake.reply({ status: 500 });
    expectError(await f.as("creator")("POST", `/courses/${course.id}/generate-faq`), 503, "AI provider unavailable: the service answered HTTP 500");
    fake.reply({ content: { faq: [{ question: "Seule ?", answer: "Oui." }] } });
    expectError(await f.as("creator")("POST", `/courses/${course.id}/generate-faq`), 503, "AI provider openai returned an unusable answer: 1 FAQ pairs (at least 5 needed)");
    fake.reply({ content: "pas du JSON" });
    expectError(await f.as("creator")("POST", "/courses/enrich-draft", { courseId: course.id }), 503, /not JSON/);
    fake.reply(null);
    expect(await courseRow(f.api, course.id)).toEqual(before);
    expect((await lessonsOf(f.api, course.id)).filter((l) => l.content === "")).toHaveLength(2);
    expect(await balanceOf(f.api, f.acmeId)).toBe(100);
    expect(await ledgerOf(f.api, f.acmeId, course.id)).toEqual([]);
  });

  it("create-variant applies the model's adapted texts to the copy", async () => {
    fake.reply(null);
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 500);
    const res = await f.as("creator")("POST", `/courses/${course.id}/create-variant`, { targetAudience: "ADVANCED" });
    expect(res.status).toBe(201);
    expect(res.body.data.title).toBe("Sécurité incendie en entreprise adapté (Avancé)");
    expect(res.body.data.modules.map((m: { title: string }) => m.title)).toEqual(["Prévenir le risque (adapté)", "Intervenir (adapté)"]);
    expect(res.body.data.modules[0].lessons[0].content).toBe("Adapté : ## Le triangle du feu\n\nCombustible, comburant, énergie.");
    expect(res.body.data.prerequisites).toBe("Prérequis adaptés.");
    expect(await balanceOf(f.api, f.acmeId)).toBe(500 - (10 + 2 * 15 + 4 * 20));
  });

  it("generate-all-content refunds the lessons the model failed to write", async () => {
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 100);
    fake.reply((req) => (req.body.messages[1]!.content.includes('lesson "Choisir son extincteur"') ? { status: 502 } : null));
    const res = await f.as("creator")("POST", `/courses/${course.id}/generate-all-content`, {});
    expect(res.body.data).toEqual({ enqueued: 2, skipped: 2, totalCost: 40, jobId: expect.any(String) });
    await drainJobs(f.api.db);
    fake.reply(null);
    const byTitle = Object.fromEntries((await lessonsOf(f.api, course.id)).map((l) => [l.title, l.content]));
    expect(byTitle["Les classes de feu"]).toMatch(/^## Leçon écrite par le modèle/);
    expect(byTitle["Choisir son extincteur"]).toBe("");
    expect(await balanceOf(f.api, f.acmeId)).toBe(80);
    expect((await aiActivity(f.api, course.id)).at(-1)!.metadata).toMatchObject({ status: "COMPLETED_WITH_ERRORS", lessonsGenerated: 1, lessonsFailed: 1, creditsRefunded: 20 });
  });

  it("regenerate-from-brief builds the model's structure and writes its lessons", async () => {
    fake.reply(null);
    const course = await buildCourse(f.api, f.acmeId, f.userIds.creator, RICH_COURSE);
    await setCredits(f.api, f.acmeId, 200);
    const res = await f.as("creator")("POST", `/courses/${course.id}/regenerate-from-brief`, { context: "Une formation courte sur la prévention des incendies au bureau." });
    expect(res.status).toBe(202);
    await drainJobs(f.api.db);
    const draftId = res.body.data.draftId as string;
    expect((await courseRow(f.api, draftId))!.title).toBe("Brouillon du modèle");
    const ls = await lessonsOf(f.api, draftId);
    expect(ls.filter((l) => l.kind === "TEXT").map((l) => l.content.slice(0, 31))).toEqual(Array(3).fill("## Leçon écrite par le modèle\n\n"));
    expect(await balanceOf(f.api, f.acmeId)).toBe(200 - 50 - 3 * 20);
  });
});
