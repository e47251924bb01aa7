import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records each request's raw body bytes and
 * headers and answers with the next status of `statuses` (the last one repeats), or `respond`.
 */
export type Received = { raw: Buffer; headers: IncomingHttpHeaders; method: string; url: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** Answers to come, in order; the last one repeats. */
  statuses: number[];
  body: string;
  /** Milliseconds to wait before answering (time-out tests). */
  delayMs: number;
  /** Extra headers of the answer (a redirect's Location). */
  headers: Record<string, string>;
  close(): Promise<void>;
};

export async function startReceiver(statuses: number[] = [200]): Promise<Receiver> {
  const state: Omit<Receiver, "url" | "close"> = { received: [], statuses: [...statuses], body: "ok", delayMs: 0, headers: {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.received.push({ raw: Buffer.concat(chunks), headers: req.headers, method: req.method ?? "", url: req.url ?? "" });
      const status = state.statuses.length > 1 ? state.statuses.shift()! : (state.statuses[0] ?? 200);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "text/plain", ...state.headers });
        res.end(state.body);
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return Object.assign(state, {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** How a receiver checks a delivery: HMAC-SHA256 of the raw body, compared in constant time. */
export function signatureValid(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string" || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header, "hex"));
}
