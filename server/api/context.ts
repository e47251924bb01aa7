import type { IncomingHttpHeaders } from "node:http";
import type { Db } from "../db";
import { clock, type Clock } from "../lib/clock";
import type { IdentityResult } from "../auth/session";

/** What the HTTP layer knows about a request before any procedure runs. */
export type RequestInfo = {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  host: string | null;
  headers: IncomingHttpHeaders;
  /** Identity resolved once per request (the rate limiter already needed it). */
  identity: () => Promise<IdentityResult>;
  /** Status and headers a procedure wants on the REST response (201, Retry-After...). */
  response: { status?: number; headers: Record<string, string> };
};

export type Context = RequestInfo & { db: Db; clock: Clock };

export function createContext(db: Db, info: RequestInfo): Context {
  return { ...info, db, clock };
}
