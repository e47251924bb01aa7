import type { IncomingMessage } from "node:http";
import { DomainError } from "../errors";

export const MAX_BODY_BYTES = 1_000_000;

/** Read and parse a JSON body. Empty -> {} (a body-less POST is fine); malformed -> 400. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new DomainError("BAD_REQUEST", "Request body too large");
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString("utf8").trim();
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new DomainError("BAD_REQUEST", "Malformed JSON body");
  }
}
