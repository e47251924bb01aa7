import { drainJobs } from "./jobs";
import { and, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { auditLogs, events, memberships, tenants, users } from "../../server/db/schema";
import type { ApiResponse, TestApi } from "./api";

/**
 * Small helpers shared by the REST integration tests (tests/integration/*). They read the
 * database only to look up ids and to check side effects; every behaviour under test goes
 * through the REST surface.
 */

export type Tokens = { accessToken: string; refreshToken: string; expiresIn: number };

/** The payload of a JWT, without verifying it. */
export function decodeJwt<T = Record<string, any>>(token: string): T {
  const part = token.split(".")[1];
  if (!part) throw new Error("not a JWT");
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as T;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** An unsigned `alg: none` token carrying the given payload. */
export function unsignedToken(payload: Record<string, unknown>): string {
  return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(payload)}.`;
}

/** The same token with its payload replaced (signature kept): must fail verification. */
export function tamperedToken(token: string, change: (payload: Record<string, any>) => Record<string, any>): string {
  const [header, , signature] = token.split(".");
  return `${header}.${b64url(change(decodeJwt(token)))}.${signature}`;
}

/** Asserts the spec's error envelope `{statusCode, message, errors?}` plus `code`, and nothing else. */
export function expectError(res: ApiResponse, status: number, message?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body.statusCode).toBe(status);
  expect(typeof res.body.message).toBe("string");
  if (typeof message === "string") expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
  const keys = Object.keys(res.body).filter((k) => k !== "errors");
  expect(keys.sort()).toEqual(["code", "message", "statusCode"]);
  expect(res.body.code).toMatch(/^[A-Z][A-Z0-9_]*$/); // the stable reason (conventions §4)
  if (res.body.errors !== undefined) {
    for (const messages of Object.values(res.body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages)).toBe(true);
      for (const m of messages as unknown[]) expect(typeof m).toBe("string");
    }
  }
}

/** A 400 validation error whose `errors` map names exactly these fields (each with messages). */
export function expectValidation(res: ApiResponse, fields: string[], status = 400): void {
  expectError(res, status);
  expect(res.body.errors, JSON.stringify(res.body)).toBeTypeOf("object");
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
}

/** 400 with `{field: ["Unknown field"]}` for each named field. */
export function expectUnknownFields(res: ApiResponse, fields: string[]): void {
  expectError(res, 400, "Validation failed");
  for (const f of fields) expect(res.body.errors?.[f], JSON.stringify(res.body)).toEqual(["Unknown field"]);
}

export async function tenantBySlug(api: TestApi, slug: string) {
  const [row] = await api.db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  if (!row) throw new Error(`no tenant ${slug}`);
  return row;
}

export async function userByEmail(api: TestApi, email: string) {
  const [row] = await api.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function userIdOf(api: TestApi, email: string): Promise<string> {
  const row = await userByEmail(api, email);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function membershipOf(api: TestApi, tenantId: string, userId: string) {
  const [row] = await api.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function auditRows(api: TestApi, action: string, where: { tenantId?: string | null; targetId?: string } = {}) {
  const rows = await api.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.createdAt));
  return rows.filter(
    (r) => (where.tenantId === undefined || r.tenantId === where.tenantId) && (where.targetId === undefined || r.targetId === where.targetId),
  );
}

export async function eventRows(api: TestApi, tenantId: string, event: string) {
  return api.db.select().from(events).where(and(eq(events.tenantId, tenantId), eq(events.event, event)));
}

/** The newest mails sent to `to`, through the development outbox endpoint. */
export async function outbox(api: TestApi, to: string): Promise<{ subject: string; text: string; html: string | null; template: string; to: string }[]> {
  await drainJobs(api.db); // what the job worker would have sent by now
  const res = await api.call("GET", `/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The `token` query parameter of the first link in a mail body. */
export function tokenFromMail(text: string): string {
  const link = /https?:\/\/\S+[?&]token=([^\s&]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no token link in mail: ${text}`);
  return decodeURIComponent(link[1]);
}
