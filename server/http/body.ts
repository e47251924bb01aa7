import type { IncomingMessage } from "node:http";
import { DomainError } from "../errors";

export const MAX_BODY_BYTES = 1_000_000;
const DRAIN_CAP_BYTES = 32 * 1024 * 1024;

/** Read and parse a JSON body. Empty -> {} (a body-less POST is fine); malformed -> 400. */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
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
  if (tooLarge) throw new DomainError("BAD_REQUEST", "Request body too large", { reason: "BODY_TOO_LARGE" });
  const raw = Buffer.concat(chunks).toString("utf8").trim();
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new DomainError("BAD_REQUEST", "Malformed JSON body", { reason: "MALFORMED_JSON" });
  }
}
