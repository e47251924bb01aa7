import { isIP, type LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { assertReachable, bareHost, parseWebhookUrl, resolveHost, UrlRefused } from "./url-policy";

/**
 * The one outbound HTTP call of webhooks. The policy is enforced in the connection itself: the
 * agent's `lookup` resolves the name (through the swappable resolver) and refuses the connection
 * when any answer is not a public address, so the address checked is the address connected to
 * (no DNS rebinding between check and use). IP-literal URLs are not looked up by the socket: they
 * are checked here first. Redirects are not followed (a 3xx is a failed attempt).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolveHost(hostname).then(
    (addresses) => {
      try {
        if (!addresses.length) throw new UrlRefused("The host name does not resolve", hostname);
        for (const a of addresses) assertReachable(a.address, hostname);
      } catch (error) {
        (callback as (err: Error) => void)(error as Error);
        return;
      }
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      const list = wanted.length ? wanted : addresses;
      if (options.all) (callback as (err: null, all: { address: string; family: number }[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    },
    (error: Error) => (callback as (err: Error) => void)(error),
  );
};

let agent: Agent | undefined;
function guardedAgent(): Agent {
  agent ??= new Agent({ connect: { lookup: guardedLookup }, keepAliveTimeout: 1000, keepAliveMaxTimeout: 5000 });
  return agent;
}

const EXCERPT_BYTES = 1024;

export type PostResult = { statusCode: number | null; excerpt: string | null; error: string | null; durationMs: number };

/** UTF-8 text of at most `max` bytes, not cutting a character in two. */
function excerptOf(bytes: Uint8Array, max = EXCERPT_BYTES): string {
  let end = Math.min(bytes.length, max);
  // Step back over continuation bytes of a character cut at the limit.
  if (bytes.length > max) while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return Buffer.from(bytes.subarray(0, end)).toString("utf8");
}

async function readExcerpt(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return excerptOf(Buffer.concat(chunks));
}

function describe(error: unknown): string {
  if (error instanceof UrlRefused) return error.full;
  const e = error as { name?: string; message?: string; cause?: unknown };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "Timed out: no answer within the time limit";
  const cause = e?.cause as { message?: string; code?: string; name?: string } | undefined;
  if (cause instanceof UrlRefused) return cause.full;
  if (cause?.name === "TimeoutError") return "Timed out: no answer within the time limit";
  const detail = cause?.code ? `${cause.code}${cause.message ? `: ${cause.message}` : ""}` : (cause?.message ?? e?.message ?? String(error));
  return `Connection failed: ${detail}`.slice(0, 500);
}

/** POST `body` (the exact bytes) to `rawUrl`; never throws: the outcome is the attempt's record. */
export async function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs">): PostResult => ({ ...r, durationMs: Math.max(0, Math.round(performance.now() - started)) });
  try {
    const url = parseWebhookUrl(rawUrl);
    const host = bareHost(url);
    if (isIP(host)) assertReachable(host);
    const signal = AbortSignal.timeout(timeoutMs);
    const res = await undiciFetch(url, { method: "POST", body, headers, redirect: "manual", dispatcher: guardedAgent(), signal });
    const excerpt = await readExcerpt(res.body as ReadableStream<Uint8Array> | null);
    const redirect = res.status >= 300 && res.status < 400;
    return done({ statusCode: res.status, excerpt, error: redirect ? `Redirect to ${res.headers.get("location") ?? "(no location)"} not followed` : null });
  } catch (error) {
    return done({ statusCode: null, excerpt: null, error: describe(error) });
  }
}
