import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";
import { LocalAiProvider } from "../../server/services/ai/local-provider";
import { OpenAiCompatibleProvider } from "../../server/services/ai/openai-provider";
import { faq, lessonContent, seo, type CourseContext } from "../../server/services/ai/provider";
import { aiProvider } from "../../server/services/ai/select-provider";
import { startFakeAiServer, type FakeAiServer } from "../helpers/fake-ai-server";

let fake: FakeAiServer;
beforeAll(async () => {
  fake = await startFakeAiServer({ apiKey: "sk-unit", model: "unit-model" });
});
afterAll(() => fake.close());
beforeEach(() => fake.reply(null));

const course: CourseContext = {
  title: "Gestion de projet agile",
  description: "Scrum et Kanban au quotidien.",
  language: "fr",
  level: "INTERMEDIATE",
  format: "BLENDED",
  duration: 21,
  price: 99000,
  currency: "EUR",
  tags: ["agile"],
  pedagogicalObjectives: "Animer un sprint",
  prerequisites: null,
  targetAudience: null,
  teachingMethods: null,
  evaluationMethods: null,
  accessibilityInfo: null,
  disabilityReferentContact: null,
  modules: [{ title: "Scrum", description: "", lessons: [{ title: "Les rôles", kind: "TEXT", content: "" }] }],
};

const provider = (over: Partial<{ apiKey: string; model: string; timeoutMs: number; baseUrl: string }> = {}) =>
  new OpenAiCompatibleProvider({ baseUrl: `${fake.url}/`, apiKey: "sk-unit", model: "unit-model", timeoutMs: 5000, ...over });

describe("OpenAI-compatible provider against a local fake server", () => {
  it("posts to {AI_BASE_URL}/chat/completions with the Bearer key, the model and JSON mode", async () => {
    const items = await faq(provider(), course);
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual({ question: "Question du modèle 1 ?", answer: "Réponse du modèle 1." });
    const req = fake.requests.at(-1)!;
    expect(req.authorization).toBe("Bearer sk-unit");
    expect(req.body.model).toBe("unit-model");
    expect(req.body.response_format).toEqual({ type: "json_object" });
    expect(req.body.messages[0]!.role).toBe("system");
    expect(req.body.messages[1]!.content).toContain("Gestion de projet agile");
  });

  it("normalises the SEO answer (slug through slug.ts, keywords deduplicated)", async () => {
    expect(await seo(provider(), course)).toEqual({ metaTitle: "Titre SEO du modèle", metaDescription: "Description SEO du modèle.", slug: "slug-du-modele", keywords: ["modèle", "seo"] });
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    fake.reply({ content: '```json\n{"markdown": "## Bonjour"}\n```' });
    expect(await lessonContent(provider(), course, 0, 0)).toBe("## Bonjour");
  });

  it.each([
    ["a refused key", () => provider({ apiKey: "sk-wrong" }), null, /API key was refused/],
    ["an HTTP 500", () => provider(), { status: 500 }, /HTTP 500/],
    ["a rate limit", () => provider(), { status: 429 }, /rate limited/],
    ["an answer that is not JSON", () => provider(), { content: "Désolé, je ne peux pas." }, /not JSON/],
    ["JSON of the wrong shape", () => provider(), { content: { faq: "none" } }, /expected fields/],
    ["a malformed completion", () => provider(), { rawBody: '{"choices": []}' }, /malformed completion/],
    ["a timeout", () => provider({ timeoutMs: 200 }), { delayMs: 1000 }, /no answer within/],
    ["an unreachable service", () => provider({ baseUrl: "http://127.0.0.1:9" }), null, /cannot be reached/],
  ])("turns %s into a 503 DomainError", async (_name, make, reply, message) => {
    fake.reply(reply);
    const error = await faq(make(), course).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UNAVAILABLE" });
    expect((error as Error).message).toMatch(/^AI provider unavailable: /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("sk-");
  });
});

describe("provider selection (AI_PROVIDER)", () => {
  it("is local by default", () => {
    expect(aiProvider(parseEnv({}))).toBeInstanceOf(LocalAiProvider);
  });

  it("is the OpenAI-compatible adapter with AI_PROVIDER=openai", () => {
    const e = parseEnv({ AI_PROVIDER: "openai", AI_BASE_URL: fake.url, AI_API_KEY: "k", AI_MODEL: "m" });
    expect(aiProvider(e)).toBeInstanceOf(OpenAiCompatibleProvider);
  });

  it("refuses AI_PROVIDER=openai without AI_BASE_URL and AI_API_KEY", () => {
    expect(() => parseEnv({ AI_PROVIDER: "openai" })).toThrow(/AI_BASE_URL and AI_API_KEY/);
    expect(() => parseEnv({ AI_PROVIDER: "mistral" })).toThrow(/AI_PROVIDER/);
  });
});
