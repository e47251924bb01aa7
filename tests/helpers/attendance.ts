import { createHmac } from "node:crypto";
import { and, eq, type SQL } from "drizzle-orm";
import { PNG } from "pngjs";
import { expect } from "vitest";
import { signAccessToken, type AccessClaims } from "../../server/auth/tokens";
import { issueTokens } from "../../server/services/auth/session-tokens";
import { rawRows as dbRawRows } from "../../server/db/raw-rows";
import { enrollments } from "../../server/db/schema";
import { env } from "../../server/env";
import { manualClock, setClock } from "../../server/lib/clock";
import { createMember, ensureMembership, ensureUser, PASSWORD } from "../factories";
import { startApi, type ApiResponse, type TestApi } from "./api";
import { fetchBytes } from "./documents";
import { decodeJwt, eventRows, tenantBySlug, userByEmail, userIdOf } from "./rest";
import { courseOf, SST } from "./sessions";

/**
 * Shared set-up of the attendance REST tests (tests/integration/attendance-*.test.ts): one API
 * over a fresh database, the demo data, a manual clock frozen at a whole second (moved only by
 * `w.advance` / `w.setNow`, which renew every access token before it would expire), tokens per
 * persona, and builders for sessions, learners, signatures, QR tokens and AUTO bodies.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const HASH = /^sha256:[0-9a-f]{64}$/;
export const EMG_ID = /^emg_[a-z0-9]{24}$/;
export const NOT_OPEN = "Attendance is not open for this session";
export const ALREADY_SIGNED = "Attendance already signed";
export const TOO_SHORT = "Signature too short or empty";

type Acme = "admin" | "creator" | "trainer" | "trainer2" | "learner" | "learner2" | "finance" | "funder";
type Globex = "globexAdmin" | "globexCreator" | "globexTrainer" | "globexLearner";
const ACME: Acme[] = ["admin", "creator", "trainer", "trainer2", "learner", "learner2", "finance", "funder"];
const GLOBEX: Record<Globex, string> = { globexAdmin: "admin", globexCreator: "creator", globexTrainer: "trainer", globexLearner: "learner" };

export type Learner = { key: string; email: string; userId: string; enrollmentId: string; firstName: string; lastName: string; readonly token: string };
export type Session = { id: string; title: string; scheduledAt: Date; durationMinutes: number; courseId: string };

export type World = {
  api: TestApi;
  acmeId: string;
  globexId: string;
  /** Access tokens by persona (acme by local part, globex prefixed) and by Learner.key; renewed by `advance`. */
  tok: Record<Acme | Globex, string> & { [key: string]: string };
  uid: Record<Acme | "globexLearner" | "globexAdmin", string>;
  sst: { id: string; title: string };
  globexSst: { id: string; title: string };
  now(): Date;
  /** Move the manual clock; renews every token when they would expire. */
  advance(seconds: number): Promise<void>;
  /** Set the manual clock to an instant (forward only in practice); same renewal rule. */
  setNow(at: Date): Promise<void>;
  /** REST call in the acme tenant. */
  call(method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  close(): Promise<void>;
};

export async function startWorld(): Promise<World> {
  const api = await startApi({ demo: true });
  const start = new Date(Math.floor(Date.now() / 1000) * 1000);
  const clock = manualClock(start);
  setClock(clock);
  const acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  await createMember(api.db, acmeId, "TRAINER", "trainer2@acme.test");
  const tok: Record<string, string> = {};
  let loggedInAt = start.getTime();
  // The tokens a login gives, issued without the password check (login has its own tests).
  for (const who of ACME) tok[who] = await tokenOf(api, { id: acmeId, slug: "acme" }, `${who}@acme.test`, start);
  for (const [key, local] of Object.entries(GLOBEX)) tok[key] = await tokenOf(api, { id: globexId, slug: "globex" }, `${local}@globex.test`, start);
  // After a clock move the same claims are signed again at the new time (what a new login gives,
  // without paying an argon2 verification per persona).
  const relogin = async () => {
    for (const key of Object.keys(tok)) {
      const { typ: _typ, iss: _iss, jti: _jti, iat: _iat, exp: _exp, ...claims } = decodeJwt<AccessClaims & { typ: string; iss: string }>(tok[key]!);
      tok[key] = (await signAccessToken(claims, clock.now())).token;
    }
    loggedInAt = clock.now().getTime();
  };
  const uid = {} as World["uid"];
  for (const who of ACME) uid[who] = await userIdOf(api, `${who}@acme.test`);
  uid.globexLearner = await userIdOf(api, "learner@globex.test");
  uid.globexAdmin = await userIdOf(api, "admin@globex.test");
  const sst = await courseOf(api, "acme", SST);
  const globexSst = await courseOf(api, "globex", SST);
  const refresh = async () => {
    if (clock.now().getTime() - loggedInAt > 45 * MINUTE) await relogin();
  };
  const w: World = {
    api,
    acmeId,
    globexId,
    tok: tok as World["tok"],
    uid,
    sst: { id: sst.id, title: sst.title },
    globexSst: { id: globexSst.id, title: globexSst.title },
    now: () => clock.now(),
    async advance(seconds) {
      clock.advance(seconds);
      await refresh();
    },
    async setNow(at) {
      clock.set(at);
      await refresh();
    },
    call: (method, path, token, body, headers) => api.call(method, path, { tenant: "acme", token, body, headers }),
    async close() {
      setClock(null);
      await api.close();
    },
  };
  return w;
}

/** An access token of `email` with `tenant` active, as POST /auth/login issues it. */
async function tokenOf(api: TestApi, tenant: { id: string; slug: string }, email: string, now: Date): Promise<string> {
  const user = await userByEmail(api, email);
  if (!user) throw new Error(`no user ${email}`);
  return (await issueTokens(api.db, user, tenant, now)).accessToken;
}

let counter = 0;

/**
 * A new acme LEARNER with distinct names, enrolled (POST /enrollments by the creator, FREE) in
 * `courseId` (default SST). `enroll: false` gives a member without an enrollment. `sessions`: the
 * sessions to register them to (only registered learners sign).
 */
export async function newLearner(
  w: World,
  opts: { courseId?: string; firstName?: string; lastName?: string; enroll?: boolean; /** sessions to register the learner to (the expected signers) */ sessions?: { id: string }[] } = {},
): Promise<Learner> {
  counter += 1;
  const key = `l${counter}`;
  const email = `att.learner${counter}.${Date.now().toString(36)}@acme.test`;
  const firstName = opts.firstName ?? `Prénom${counter}`;
  const lastName = opts.lastName ?? `Nom${counter}`;
  const user = await ensureUser(w.api.db, { email, firstName, lastName, password: PASSWORD });
  await ensureMembership(w.api.db, w.acmeId, user.id, "LEARNER");
  let enrollmentId = "";
  if (opts.enroll !== false) {
    const res = await w.call("POST", "/enrollments", w.tok.creator, { courseId: opts.courseId ?? w.sst.id, userId: user.id, paymentMethod: "FREE" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    enrollmentId = res.body.data.id;
  }
  for (const session of opts.sessions ?? []) await registerTo(w, session.id, [{ userId: user.id }]);
  w.tok[key] = await tokenOf(w.api, { id: w.acmeId, slug: "acme" }, email, w.now());
  return {
    key,
    email,
    userId: user.id,
    enrollmentId,
    firstName,
    lastName,
    get token() {
      return w.tok[key]!;
    },
  };
}

/** Registers learners to a session (POST /sessions/{id}/participants): the session's expected signers. */
export async function registerTo(w: World, sessionId: string, learners: { userId: string }[], token = w.tok.admin): Promise<void> {
  const res = await w.call("POST", `/sessions/${sessionId}/participants`, token, { userIds: learners.map((l) => l.userId) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The enrollment id of a user in a course (demo data). */
export async function enrollmentIdOf(w: World, userId: string, courseId: string): Promise<string> {
  const [row] = await w.api.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  if (!row) throw new Error(`no enrollment of ${userId} in ${courseId}`);
  return row.id;
}

/** POST /sessions as the creator: SST, 60 minutes, in 24 hours, trainer assigned (overridable). */
export async function createSession(w: World, over: Record<string, unknown> = {}, token = w.tok.creator): Promise<Session> {
  const body = {
    courseId: w.sst.id,
    title: `Session ${++counter}`,
    scheduledAt: new Date(w.now().getTime() + 24 * HOUR).toISOString(),
    durationMinutes: 60,
    trainerIds: [w.uid.trainer],
    ...over,
  };
  const res = await w.call("POST", "/sessions", token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const d = res.body.data;
  return { id: d.id, title: d.title, scheduledAt: new Date(d.scheduledAt), durationMinutes: body.durationMinutes as number, courseId: body.courseId as string };
}

export async function startSession(w: World, id: string, token = w.tok.trainer): Promise<void> {
  const res = await w.call("POST", `/sessions/${id}/start`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function endSession(w: World, id: string, token = w.tok.trainer): Promise<void> {
  const res = await w.call("POST", `/sessions/${id}/end`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function cancelSession(w: World, id: string): Promise<void> {
  const res = await w.call("DELETE", `/sessions/${id}`, w.tok.creator);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
}

/** A session that is open for signing: created (future) then started (LIVE). */
export async function liveSession(w: World, over: Record<string, unknown> = {}): Promise<Session> {
  const s = await createSession(w, over);
  await startSession(w, s.id);
  return s;
}

/** The session's PIN, as a trainer reads it on GET /sessions/{id}. */
export async function pinOf(w: World, sessionId: string): Promise<string> {
  const res = await w.call("GET", `/sessions/${sessionId}`, w.tok.trainer);
  expect(res.status).toBe(200);
  expect(res.body.data.attendancePin).toMatch(/^[0-9]{6}$/);
  return res.body.data.attendancePin;
}

/** A PIN that is not the session's. */
export const wrongPin = (pin: string) => (pin === "000000" ? "111111" : "000000");

/** POST /emargement/sign/pin with the right PIN; expects 201 and returns the record. */
export async function signPin(w: World, sessionId: string, token: string) {
  const res = await w.call("POST", "/emargement/sign/pin", token, { sessionId, pin: await pinOf(w, sessionId) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as EmargementJson;
}

/** POST /qualiopi/emargement/qr-generate/{sessionId} (a trainer by default); expects 201. */
export async function generateQr(w: World, sessionId: string, token = w.tok.trainer, tenant = "acme") {
  const res = await w.api.call("POST", `/qualiopi/emargement/qr-generate/${sessionId}`, { tenant, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { qrToken: string; expiresAt: string; signUrl: string };
}

// ---- canvas signatures

/** A PNG of `width`x`height`, transparent, with `ink` opaque pixels on a diagonal (or an opaque background). */
export function signaturePng(opts: { width?: number; height?: number; ink?: number; opaqueBackground?: boolean } = {}): { dataUrl: string; bytes: Buffer } {
  const width = opts.width ?? 120;
  const height = opts.height ?? 60;
  const png = new PNG({ width, height });
  png.data.fill(0);
  if (opts.opaqueBackground) for (let i = 0; i < png.data.length; i += 4) png.data.fill(255, i, i + 4);
  const ink = opts.ink ?? 80;
  for (let i = 0; i < ink; i++) {
    const x = i % width;
    const y = Math.floor((i * height) / Math.max(ink, 1)) % height;
    const o = (y * width + x) * 4;
    png.data[o] = 20;
    png.data[o + 1] = 20;
    png.data[o + 2] = 120;
    png.data[o + 3] = 255;
  }
  const bytes = PNG.sync.write(png);
  return { bytes, dataUrl: `data:image/png;base64,${bytes.toString("base64")}` };
}

/** `points` distinct drawn points split in strokes of at most `perStroke`. */
export function strokes(points: number, perStroke = 12): { x: number; y: number }[][] {
  const out: { x: number; y: number }[][] = [];
  for (let i = 0; i < points; i++) {
    if (i % perStroke === 0) out.push([]);
    out[out.length - 1]!.push({ x: 10 + i * 3, y: 20 + ((i * 7) % 30) });
  }
  return out;
}

/** Canvas body fields: a real PNG and 40 stroke points. */
export function canvasFields(points = 40) {
  const png = signaturePng();
  return { signatureBase64: png.dataUrl, strokes: strokes(points), png: png.bytes };
}

/** GET of a binary route (signature PNG, sheet PDF) with the raw bytes. */
export function download(w: World, path: string, token?: string, tenant = "acme") {
  return fetchBytes(w.api, "GET", path, { tenant, token });
}

// ---- AUTO

export type AutoInput = { sessionId: string; userId: string; joinedAt: Date; leftAt: Date; sid?: string; secret?: string };

/** Body of POST /emargement/auto with the HMAC of conventions §7. */
export function autoBody(a: AutoInput) {
  const joinedAt = a.joinedAt.toISOString();
  const leftAt = a.leftAt.toISOString();
  const connectionDurationSeconds = Math.round((a.leftAt.getTime() - a.joinedAt.getTime()) / 1000);
  const mediaParticipantSid = a.sid ?? "PA_test0001";
  const payload = `${a.sessionId}|${a.userId}|${joinedAt}|${leftAt}|${connectionDurationSeconds}|${mediaParticipantSid}`;
  const hmacSignature = `sha256=${createHmac("sha256", a.secret ?? env().MEDIA_HMAC_SECRET).update(payload, "utf8").digest("hex")}`;
  return { sessionId: a.sessionId, userId: a.userId, joinedAt, leftAt, connectionDurationSeconds, mediaParticipantSid, hmacSignature };
}

// ---- records

export type EmargementJson = {
  id: string;
  sessionId: string;
  userId: string;
  enrollmentId: string | null;
  slotId: string | null;
  method: string;
  signedAt: string;
  sealedHash: string;
  signatureUrl: string | null;
  attendanceMinutes: number | null;
  attendanceRate: number | null;
  overrideBy: string | null;
  reason: string | null;
  auditLogId: string | null;
  status: string | null;
  lateMinutes: number | null;
  leftEarlyMinutes: number | null;
  correctsId: string | null;
  location: { lat: number; lng: number; accuracy?: number } | null;
  user?: { id: string; firstName: string; lastName: string; email: string };
};

/** The record JSON of the brief, every field: defaults null, id and hash by pattern. */
export function expectRecord(actual: unknown, expected: Partial<Omit<EmargementJson, "id">> & { sessionId: string; userId: string; method: string; signedAt: string }): void {
  expect(normaliseLocation(actual)).toEqual({
    id: expect.stringMatching(EMG_ID),
    enrollmentId: null,
    slotId: null,
    signatureUrl: null,
    attendanceMinutes: null,
    attendanceRate: null,
    overrideBy: null,
    reason: null,
    auditLogId: null,
    status: null,
    lateMinutes: null,
    leftEarlyMinutes: null,
    correctsId: null,
    location: null,
    sealedHash: expect.stringMatching(HASH),
    ...expected,
  });
}

/** `location.accuracy` is optional: an absent accuracy may be answered as null. */
export function normaliseLocation<T>(record: T): T {
  const r = record as { location?: { accuracy?: number | null } | null };
  if (r && r.location && r.location.accuracy === null) {
    const { accuracy: _drop, ...rest } = r.location;
    return { ...(record as object), location: rest } as T;
  }
  return record;
}

export const signatureUrlOf = (id: string) => `/api/v1/emargement/records/${id}/signature`;

/** Exactly one `emargement.signed` event for the record, with the brief's payload. */
export async function expectSignedEvent(w: World, rec: { id: string; sessionId: string; userId: string; method: string; signedAt: string }): Promise<void> {
  const rows = (await eventRows(w.api, w.acmeId, "emargement.signed")).filter((e) => (e.data as { emargementId?: string }).emargementId === rec.id);
  expect(rows).toHaveLength(1);
  const data = rows[0]!.data as Record<string, unknown>;
  expect(data).toMatchObject({ emargementId: rec.id, sessionId: rec.sessionId, userId: rec.userId, method: rec.method, signedAt: rec.signedAt });
  // extra members allowed, but true ones
  if ("sealedHash" in data) expect(data.sealedHash).toBe((rec as { sealedHash?: string }).sealedHash);
  if ("slotId" in data) expect(data.slotId).toBe((rec as { slotId?: string | null }).slotId ?? null);
}

/** Rows of a raw SQL statement on both drivers (PGlite answers {rows}, postgres-js an array). */
export function rawRows<T = Record<string, unknown>>(w: World, query: SQL): Promise<T[]> {
  return dbRawRows<T>(w.api.db, query);
}

export { withEnv } from "./env-patch";

export const iso = (d: Date) => d.toISOString();
export const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
