import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible API: `POST /chat/completions` answers a canned JSON
 * object per task (recognised from the requested shape in the system prompt). It refuses a
 * wrong `Authorization: Bearer <apiKey>` (401) or model (400), and records every request.
 * `reply` overrides the next answers (HTTP errors, invalid JSON, delays).
 */
export type FakeRequest = {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
};
export type FakeReply = { status?: number; content?: string | Record<string, unknown>; rawBody?: string; delayMs?: number };

export type FakeAiServer = {
  url: string;
  apiKey: string;
  model: string;
  requests: FakeRequest[];
  /** Answer the next calls with this (or with what `fn` returns for each request); null restores the canned answers. */
  reply(r: FakeReply | ((req: FakeRequest) => FakeReply | null) | null): void;
  close(): Promise<void>;
};

const question = (prompt: string, truth: boolean) => ({
  kind: "TRUE_FALSE",
  prompt,
  choices: [
    { label: "Vrai", correct: truth },
    { label: "Faux", correct: !truth },
  ],
  explanation: "Réponse du modèle.",
});

/** The canned answer of each task, told apart by the JSON shape the system prompt asks for. */
export function cannedAnswer(system: string, user: string): Record<string, unknown> {
  if (system.includes('{"faq"')) {
    return {
      faq: Array.from({ length: 6 }, (_, i) => ({ question: `Question du modèle ${i + 1} ?`, answer: `Réponse du modèle ${i + 1}.` })),
    };
  }
  if (system.includes('"metaTitle"')) {
    return { metaTitle: "Titre SEO du modèle", metaDescription: "Description SEO du modèle.", slug: "Slug Du Modèle", keywords: ["Modèle", "seo", "modèle"] };
  }
  if (system.includes('{"markdown"')) return { markdown: `## Leçon écrite par le modèle\n\n${user.slice(0, 40)}` };
  if (system.includes('"questionnaire"')) {
    return {
      title: "Brouillon du modèle",
      description: "Description du modèle.",
      pedagogicalObjectives: "- Objectif du modèle",
      modules: [
        { title: "Module A", description: "", lessons: [{ title: "Leçon A1" }, { title: "Leçon A2" }] },
        { title: "Module B", description: "", lessons: [{ title: "Leçon B1" }] },
      ],
      questionnaire: { title: "Quiz final", questions: [question("Le modèle a écrit ce quiz.", true)] },
    };
  }
  if (system.includes('"questions"')) return { title: "Quiz du modèle", questions: [question("Question du modèle.", true)] };
  if (system.includes('"targetAudience"')) {
    // Adapts the course sent in the user message, keeping its structure.
    const course = JSON.parse(user.slice(user.indexOf("\n\nCourse: ") + "\n\nCourse: ".length)) as {
      title: string;
      modules: { title: string; description: string; lessons: { title: string; content: string }[] }[];
    };
    return {
      title: `${course.title} adapté`,
      description: "Description adaptée par le modèle.",
      targetAudience: "Public adapté.",
      prerequisites: "Prérequis adaptés.",
      pedagogicalObjectives: "Objectifs adaptés.",
      modules: course.modules.map((m) => ({
        title: `${m.title} (adapté)`,
        description: m.description,
        lessons: m.lessons.map((l) => ({ title: l.title, content: l.content ? `Adapté : ${l.content}` : "" })),
      })),
    };
  }
  return {};
}

export async function startFakeAiServer(opts: { apiKey?: string; model?: string } = {}): Promise<FakeAiServer> {
  const apiKey = opts.apiKey ?? "sk-test-fake-key";
  const model = opts.model ?? "fake-model-1";
  const requests: FakeRequest[] = [];
  let override: FakeReply | ((req: FakeRequest) => FakeReply | null) | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const send = (status: number, body: string) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(body);
      };
      if (req.method !== "POST" || req.url !== "/chat/completions") return send(404, JSON.stringify({ error: { message: "not found" } }));
      let body: FakeRequest["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(400, JSON.stringify({ error: { message: "invalid JSON" } }));
      }
      const record: FakeRequest = { authorization: req.headers.authorization, body };
      requests.push(record);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, JSON.stringify({ error: { message: "Incorrect API key" } }));
      if (body.model !== model) return send(400, JSON.stringify({ error: { message: `unknown model ${body.model}` } }));
      const r = typeof override === "function" ? override(record) : override;
      if (r?.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
      if (res.destroyed) return;
      if (r?.rawBody !== undefined) return send(r.status ?? 200, r.rawBody);
      if (r?.status && r.status >= 400) return send(r.status, JSON.stringify({ error: { message: "failure" } }));
      const system = body.messages.find((m) => m.role === "system")?.content ?? "";
      const user = body.messages.find((m) => m.role === "user")?.content ?? "";
      const content = r?.content === undefined ? JSON.stringify(cannedAnswer(system, user)) : typeof r.content === "string" ? r.content : JSON.stringify(r.content);
      send(200, JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    model,
    requests,
    reply: (r) => {
      override = r;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
