import { env, type Env } from "../../env";
import { DomainError } from "../../errors";
import { LocalAiProvider } from "./local-provider";
import { OpenAiCompatibleProvider } from "./openai-provider";
import type { AiProvider } from "./provider";

/** The provider named by AI_PROVIDER (local by default), read from the environment on each call. */
const local = new LocalAiProvider();

export function aiProvider(e: Env = env()): AiProvider {
  if (e.AI_PROVIDER !== "openai") return local;
  if (!e.AI_BASE_URL || !e.AI_API_KEY) {
    throw new DomainError("UNAVAILABLE", "AI provider unavailable: AI_PROVIDER=openai needs AI_BASE_URL and AI_API_KEY", { reason: "AI_UNAVAILABLE" });
  }
  return new OpenAiCompatibleProvider({ baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_SECONDS * 1000 });
}
