import type { IncomingMessage } from "node:http";
import { DomainError } from "../errors";
import { checkJsonBody, checkJsonDepth, decodeUtf8 } from "./input-guard";

export const MAX_BODY_BYTES = 1_000_000;
const DRAIN_CAP_BYTES = 32 * 1024 * 1024;

/**
 * Read and parse a JSON body. Empty -> {} (a body-less POST is fine). Refused before any
 * procedure sees it: over the size limit -> 413 BODY_TOO_LARGE; not UTF-8 -> 400 INVALID_UTF8;
 * nested deeper than 64 -> 400 JSON_TOO_DEEP; malformed -> 400 MALFORMED_JSON; a key named after
 * an Object.prototype member -> 400 "Unknown field"; a control character in a key or string ->
 * 400 INVALID_CHARACTER naming the field (input-guard.ts).
 */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const raw = (await readBodyText(req, maxBytes)).trim();
  if (!raw) return {};
  return parseCheckedJson(raw);
}

/** The body as text: over the size limit -> 413 BODY_TOO_LARGE; not UTF-8 -> 400 INVALID_UTF8. */
export async function readBodyText(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit the rest is read and dropped (a client still sending would never see the
    // answer otherwise), up to a hard cap where the connection is cut.
    if (size > maxBytes) tooLarge = true;
    if (size > maxBytes + DRAIN_CAP_BYTES) req.destroy();
    if (!tooLarge) chunks.push(chunk as Buffer);
  }
  if (tooLarge) {
    throw new DomainError("PAYLOAD_TOO_LARGE", "Request body too large", { reason: "BODY_TOO_LARGE", params: { maxBytes } });
  }
  return decodeUtf8(Buffer.concat(chunks));
}

/** JSON text -> value, with the edge's checks: depth, syntax, prototype-named keys, control characters. */
export function parseCheckedJson(raw: string): unknown {
  checkJsonDepth(raw);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new DomainError("BAD_REQUEST", "Malformed JSON body", { reason: "MALFORMED_JSON" });
  }
  checkJsonBody(body);
  return body;
}
