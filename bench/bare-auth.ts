import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import argon2 from "argon2";
import { jwtVerify, SignJWT } from "jose";
import type { Database, Row } from "./bare-db";

/**
 * The bare baselines of the authenticated endpoints (`npm run bench`): `GET /users/me`, the
 * progress upsert and the refresh rotation, on node:http + postgres-js. They verify and sign the
 * same HS256 tokens as the app (JWT_SECRET, the same claims) and send the same statements as the
 * app's handlers (recorded from the app with drizzle's logger), in the same transactions; what they
 * leave out is the framework: routing, zod, tRPC, the request gate (rate limit + tenant access),
 * events and output validation. `POST /api/v1/auth/login` is only the bench's setup (it checks the
 * password with argon2 like the app, then issues a session the same way as the refresh).
 */
const ISSUER = "training-platform";
const ACCESS_TTL = 3600;
const REFRESH_TTL_DAYS = 7;
// Imported once, as the app does (server/auth/jwt-key.ts).
const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(process.env.JWT_SECRET ?? ""), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex").slice(0, 24)}`;

type Send = (res: http.ServerResponse, status: number, body: unknown) => void;

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}

// Tokens already verified, by their text, with their expiry: the app keeps the same cache (server/auth/tokens.ts).
const verified = new Map<string, { sub: string; exp: number }>();

async function bearer(req: http.IncomingMessage): Promise<string | null> {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Bearer ")) return null;
  const token = header.slice(7);
  const known = verified.get(token);
  if (known) return known.exp > Math.floor(Date.now() / 1000) ? known.sub : null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer: ISSUER, requiredClaims: ["exp", "iat", "jti"] });
    if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
    if (verified.size >= 20_000) verified.delete(verified.keys().next().value!);
    verified.set(token, { sub: payload.sub, exp: payload.exp! });
    return payload.sub;
  } catch {
    return null;
  }
}

const tenantHeader = (req: http.IncomingMessage) => String(req.headers["x-tenant-id"] ?? "").toLowerCase();

const ME_SQL = `
  select u.id, u.email, u.first_name, u.last_name, u.avatar_url, u.locale, u.is_platform_admin, u.notifications,
         u.created_at, u.updated_at, u.last_login_at, t.id as tenant_id, t.slug as tenant_slug, m.role, m.status
    from users u
    left join tenants t on t.slug = $2
    left join memberships m on m.tenant_id = t.id and m.user_id = u.id
   where u.id = $1
   limit 1`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

/** GET /users/me: the token, then the best single statement (account, tenant and role together). */
export async function me(db: Database, req: http.IncomingMessage, res: http.ServerResponse, send: Send): Promise<void> {
  const userId = await bearer(req);
  if (!userId) return send(res, 401, { statusCode: 401, message: "Unauthorized" });
  const [u] = await db.query(ME_SQL, [userId, tenantHeader(req)]);
  if (!u) return send(res, 401, { statusCode: 401, message: "Unauthorized" });
  send(res, 200, {
    data: {
      id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: u.role ?? null, status: u.status ?? null,
      avatarUrl: u.avatar_url, locale: u.locale, tenantId: u.tenant_id ?? null, tenantSlug: u.tenant_slug ?? null,
      isPlatformAdmin: u.is_platform_admin, preferences: { notifications: u.notifications },
      createdAt: iso(u.created_at), updatedAt: iso(u.updated_at), lastLoginAt: iso(u.last_login_at),
    },
  });
}

const ENROLLMENT_LOCK_SQL = `select id, tenant_id, course_id, user_id, status, payment_method, trainee_category, financing_source, subcontracting, funder_id, enrolled_by, enrolled_at, completed_at, cancelled_at, suspended_at, revoked_at, status_reason, last_activity_at, updated_at from enrollments where tenant_id = $1 and id = $2 limit 1 for update`;
const LESSON_SQL = `select id, tenant_id, course_id, module_id, title, kind, content, media_id, media_url, package_id, questionnaire_id, live_session_id, duration_minutes, position, created_at, updated_at from lessons where tenant_id = $1 and id = $2 limit 1`;
const PROGRESS_SQL = `select id, tenant_id, enrollment_id, lesson_id, status, time_spent_seconds, started_at, completed_at, updated_at from lesson_progress where tenant_id = $1 and enrollment_id = $2 and lesson_id = $3 limit 1`;
const PROGRESS_UPDATE_SQL = `update lesson_progress set status = $1, time_spent_seconds = $2, started_at = $3, completed_at = $4, updated_at = $5 where tenant_id = $6 and id = $7 returning id, tenant_id, enrollment_id, lesson_id, status, time_spent_seconds, started_at, completed_at, updated_at`;
const PROGRESS_INSERT_SQL = `insert into lesson_progress (id, tenant_id, enrollment_id, lesson_id, status, time_spent_seconds, started_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $7) returning id, tenant_id, enrollment_id, lesson_id, status, time_spent_seconds, started_at, completed_at, updated_at`;
const PATH_EXCLUDES = `not exists (select 1 from learner_adaptive_paths p where p.tenant_id = $1 and p.enrollment_id = e.id and l.id = any(p.skipped_lesson_ids || p.hidden_lesson_ids))`;
const COUNTS_SQL = `
  select (select count(*) from lessons l where l.tenant_id = $1 and l.course_id = e.course_id and ${PATH_EXCLUDES}) as total,
         (select count(*) from lesson_progress lp join lessons l on l.tenant_id = lp.tenant_id and l.id = lp.lesson_id
           where lp.tenant_id = $1 and lp.enrollment_id = e.id and lp.status = 'COMPLETED' and ${PATH_EXCLUDES}) as completed
    from enrollments e where e.tenant_id = $1 and e.id = $2 limit 1`;
const ENROLLMENT_TOUCH_SQL = `update enrollments set last_activity_at = $1, updated_at = $1 where tenant_id = $2 and id = $3 returning id, tenant_id, course_id, user_id, status, payment_method, trainee_category, financing_source, subcontracting, funder_id, enrolled_by, enrolled_at, completed_at, cancelled_at, suspended_at, revoked_at, status_reason, last_activity_at, updated_at`;

/** POST /enrollments/{id}/progress/{lessonId} (IN_PROGRESS with time spent): the app's statements, one transaction. */
export async function progress(db: Database, tenantId: (slug: string) => Promise<string | null>, req: http.IncomingMessage, res: http.ServerResponse, send: Send, enrollmentId: string, lessonId: string): Promise<void> {
  const userId = await bearer(req);
  if (!userId) return send(res, 401, { statusCode: 401, message: "Unauthorized" });
  const tenant = await tenantId(tenantHeader(req));
  if (!tenant) return send(res, 404, { statusCode: 404, message: "Tenant not found" });
  const body = await readJson(req);
  const seconds = Number(body.timeSpentSeconds ?? 0);
  const now = new Date();
  const out = await db.transaction(async (q) => {
    const [enrollment] = await q(ENROLLMENT_LOCK_SQL, [tenant, enrollmentId]);
    if (!enrollment || enrollment.user_id !== userId || enrollment.status !== "ACTIVE") return null;
    const [lesson] = await q(LESSON_SQL, [tenant, lessonId]);
    if (!lesson || lesson.course_id !== enrollment.course_id) return null;
    const [existing] = await q(PROGRESS_SQL, [tenant, enrollmentId, lessonId]);
    const [row] = existing
      ? await q(PROGRESS_UPDATE_SQL, ["IN_PROGRESS", Number(existing.time_spent_seconds) + seconds, existing.started_at ?? now, null, now, tenant, existing.id as string])
      : await q(PROGRESS_INSERT_SQL, [id("prg"), tenant, enrollmentId, lessonId, "IN_PROGRESS", seconds, now]);
    const [counts] = await q(COUNTS_SQL, [tenant, enrollmentId]);
    const [touched] = await q(ENROLLMENT_TOUCH_SQL, [now, tenant, enrollmentId]);
    return { row: row!, counts: counts!, enrollment: touched! };
  });
  if (!out) return send(res, 404, { statusCode: 404, message: "Not found" });
  const total = Number(out.counts.total);
  const completed = Number(out.counts.completed);
  send(res, 201, {
    data: {
      id: out.row.id, enrollmentId, lessonId, status: out.row.status, timeSpentSeconds: out.row.time_spent_seconds,
      startedAt: iso(out.row.started_at), completedAt: iso(out.row.completed_at), updatedAt: iso(out.row.updated_at), moduleCompleted: false,
      enrollment: { id: enrollmentId, status: out.enrollment.status, progress: total ? Math.round((completed / total) * 100) : 0, completedAt: iso(out.enrollment.completed_at) },
    },
  });
}

const TOKEN_SQL = `select id, user_id, family_id, token_hash, active_tenant_id, expires_at, used_at, revoked_at, created_at from refresh_tokens where token_hash = $1 limit 1`;
const CLAIM_SQL = `update refresh_tokens set used_at = $1 where id = $2 and used_at is null and revoked_at is null returning id`;
const USER_SQL = `select id, email, password_hash, first_name, last_name, locale, avatar_url, is_platform_admin, notifications, last_login_at, created_at, updated_at from users where id = $1 limit 1`;
const ACCESS_SQL = `
  select t.id, t.slug, t.name, t.of_mode, t.auth_mode, t.branding, t.oidc, t.integrations, t.domain, t.ai_credits, t.status, t.time_zone, t.created_at, t.updated_at,
         m.id as membership_id, m.role, m.status as membership_status, m.funder_id,
         exists (select 1 from enrollments e where e.tenant_id = t.id and e.user_id = $1 and e.status in ('ACTIVE', 'COMPLETED')) as has_enrollment
    from tenants t left join memberships m on m.tenant_id = t.id and m.user_id = $1
   where t.id = $2 limit 1`;
const CLAIMS_SQL = `select m.tenant_id, t.slug, m.role from memberships m join tenants t on t.id = m.tenant_id where m.user_id = $1 and m.status = 'ACTIVE'`;
const INSERT_TOKEN_SQL = `insert into refresh_tokens (id, user_id, family_id, token_hash, active_tenant_id, expires_at) values ($1, $2, $3, $4, $5, $6)`;
const LOGIN_SQL = `select u.id, u.email, u.password_hash, u.is_platform_admin, t.id as tenant_id, t.slug from users u join tenants t on t.slug = $2 where u.email = $1 limit 1`;

/** The tokens of a session: the membership claims, a signed access token, a stored refresh token. */
async function issue(q: (text: string, params: unknown[]) => Promise<Row[]>, user: Row, tenant: { id: string; slug: string } | null, family: string) {
  const claims = await q(CLAIMS_SQL, [user.id]);
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    sub: user.id as string, email: user.email, tenantId: tenant?.id ?? null, tenantSlug: tenant?.slug ?? null, activeTenantId: tenant?.id ?? null,
    memberships: claims.map((c) => ({ tenantId: c.tenant_id, tenantSlug: c.slug, role: c.role })), fam: family, typ: "access",
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setJti(id("req"))
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TTL)
    .sign(key);
  const refreshToken = `rt_${randomBytes(32).toString("base64url")}`;
  await q(INSERT_TOKEN_SQL, [id("rtk"), user.id, family, sha256(refreshToken), tenant?.id ?? null, new Date(Date.now() + REFRESH_TTL_DAYS * 86_400_000)]);
  return { accessToken, refreshToken, expiresIn: ACCESS_TTL };
}

/** POST /auth/refresh: the app's rotation (single use, the family kept), the same statements in the same transaction. */
export async function refresh(db: Database, req: http.IncomingMessage, res: http.ServerResponse, send: Send): Promise<void> {
  const body = await readJson(req);
  const [row] = await db.query(TOKEN_SQL, [sha256(String(body.refreshToken ?? ""))]);
  if (!row || row.used_at || row.revoked_at || new Date(String(row.expires_at)) <= new Date()) return send(res, 401, { statusCode: 401, message: "Invalid refresh token" });
  const tokens = await db.transaction(async (q) => {
    const claimed = await q(CLAIM_SQL, [new Date(), row.id]);
    if (!claimed.length) return null;
    const [user] = await q(USER_SQL, [row.user_id]);
    if (!user) return null;
    let tenant: { id: string; slug: string } | null = null;
    if (row.active_tenant_id) {
      const [access] = await q(ACCESS_SQL, [user.id, row.active_tenant_id]);
      if (!access || (!access.membership_id && !access.has_enrollment)) return null;
      tenant = { id: access.id as string, slug: access.slug as string };
    }
    return issue(q, user, tenant, row.family_id as string);
  });
  if (!tokens) return send(res, 401, { statusCode: 401, message: "Invalid refresh token" });
  send(res, 200, { data: tokens });
}

/** The bench's setup only (not measured): a session for email/password in the X-Tenant-ID tenant. */
export async function login(db: Database, req: http.IncomingMessage, res: http.ServerResponse, send: Send): Promise<void> {
  const body = await readJson(req);
  const [user] = await db.query(LOGIN_SQL, [String(body.email ?? "").toLowerCase(), tenantHeader(req)]);
  if (!user || !(await argon2.verify(String(user.password_hash), String(body.password ?? "")))) return send(res, 401, { statusCode: 401, message: "Invalid credentials" });
  const tokens = await db.transaction((q) => issue(q, user, { id: user.tenant_id as string, slug: user.slug as string }, id("rtk")));
  send(res, 200, { data: tokens });
}
