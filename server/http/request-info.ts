import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestInfo } from "../api/context";
import { identify, type IdentityResult } from "../auth/session";
import { clock } from "../lib/clock";

/** The request's info when the API handler already built it, else a minimal one. */
export function infoOf(req: IncomingMessage & { info?: RequestInfo }, res: ServerResponse): RequestInfo {
  if (req.info) return req.info;
  let identity: Promise<IdentityResult> | undefined;
  const header = res.getHeader("X-Request-Id");
  return {
    requestId: typeof header === "string" ? header : randomUUID(),
    ip: req.socket.remoteAddress ?? null,
    userAgent: req.headers["user-agent"] ?? null,
    host: req.headers.host ?? null,
    headers: req.headers,
    identity: () => (identity ??= identify({ authorization: req.headers.authorization, cookie: req.headers.cookie }, clock.now())),
    response: { headers: {} },
  };
}
