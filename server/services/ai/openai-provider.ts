import { z } from "zod";
import { DomainError } from "../../errors";
import { log } from "../../lib/log";
import { messagesFor, RESULT_SCHEMAS } from "./openai-prompts";
import type { AiProvider, AiResultOf, AiTask, AiTaskKind, AiTaskOf } from "./provider";

/**
 * An OpenAI-compatible chat-completions API (OpenAI, Mistral, a local llama.cpp or vLLM server):
 * `POST {baseUrl}/chat/completions`, Bearer key, JSON mode. Every failure (unreachable, timeout,
 * HTTP error, answer that is not the expected JSON) is a 503 with a clear message, and nothing
 * is saved or debited by the operation that asked.
 */
export type OpenAiConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

const ZCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const unavailable = (why: string) => new DomainError("UNAVAILABLE", `AI provider unavailable: ${why}`, { reason: "AI_UNAVAILABLE" });

/** Some models wrap JSON in a Markdown fence even in JSON mode. */
const unfence = (s: string) => s.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");

export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = "openai";
  private readonly url: string;

  constructor(private readonly cfg: OpenAiConfig) {
    this.url = `${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  }

  async complete<K extends AiTaskKind>(task: AiTaskOf<K>): Promise<AiResultOf<K>> {
    const content = await this.chat(task.kind, messagesFor(task as AiTask));
    let json: unknown;
    try {
      json = JSON.parse(unfence(content));
    } catch {
      log.warn("ai.openai.invalid_json", { task: task.kind, sample: content.slice(0, 200) });
      throw unavailable(`the model's answer to ${task.kind} is not JSON`);
    }
    const schema = RESULT_SCHEMAS[task.kind] as z.ZodType<AiResultOf<K>>;
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      log.warn("ai.openai.invalid_answer", { task: task.kind, issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`) });
      throw unavailable(`the model's answer to ${task.kind} does not have the expected fields`);
    }
    return parsed.data;
  }

  private async chat(kind: AiTaskKind, messages: ReturnType<typeof messagesFor>): Promise<string> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.cfg.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ model: this.cfg.model, messages, response_format: { type: "json_object" }, temperature: 0.4 }),
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
      log.warn("ai.openai.unreachable", { task: kind, error: String(error) });
      throw unavailable(timedOut ? `no answer within ${Math.round(this.cfg.timeoutMs / 1000)} s` : "the service cannot be reached");
    }
    if (!res.ok) {
      const sample = (await res.text().catch(() => "")).slice(0, 300);
      log.warn("ai.openai.http_error", { task: kind, status: res.status, sample });
      const why = res.status === 401 || res.status === 403 ? "the API key was refused" : res.status === 429 ? "rate limited by the service" : `the service answered HTTP ${res.status}`;
      throw unavailable(why);
    }
    const body = ZCompletion.safeParse(await res.json().catch(() => null));
    const content = body.success ? body.data.choices[0]!.message.content : null;
    if (!content) throw unavailable("the service sent an empty or malformed completion");
    return content;
  }
}
