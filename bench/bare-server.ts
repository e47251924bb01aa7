import http from "node:http";
import * as auth from "./bare-auth";
import { openDb, type Row } from "./bare-db";

/**
 * The baseline of `npm run bench`: node:http and hand-written SQL (postgres-js, or PGlite in this
 * process when PGLITE_DIR is set), no framework, no rate limit; the lists have no auth either.
 * GET /users?limit=&page= with X-Tenant-ID answers the same page as GET /api/v1/users:
 * the tenant's members joined to their accounts, newest first, and the total. These are the best
 * hand-written queries: the page walks memberships_tenant_created_idx in its order (20 index
 * entries, whatever the tenant's size) and the total is an index-only count. The ratio app/bare
 * therefore measures query design and framework together. (The app reads its member total from
 * a trigger-maintained counter instead: cheaper still at 100,000 members.)
 * The authenticated baselines (`/users/me`, the progress upsert, the refresh rotation) are in
 * bare-auth.ts.
 */

const LIST_SQL = `
  select u.id, u.email, u.password_hash, u.first_name, u.last_name, u.locale, u.avatar_url, u.is_platform_admin,
         u.notifications, u.last_login_at, u.created_at as user_created_at, u.updated_at as user_updated_at,
         m.id as membership_id, m.tenant_id, m.user_id, m.role, m.status, m.invited_by,
         m.created_at as member_since, m.updated_at as member_updated_at
    from memberships m
    join users u on u.id = m.user_id
   where m.tenant_id = $1
   order by m.created_at desc, m.id desc
   limit $2 offset $3`;

const COUNT_SQL = "select count(*)::int as total from memberships where tenant_id = $1";

const COURSES_SQL = `
  select c.id, c.title, c.slug, c.status, c.price, c.currency, c.format, c.level, c.duration, c.language, c.tags,
         left(c.description, 240) as excerpt, c.banner_media_id, c.featured_media_id,
         u.id as creator_id, u.first_name, u.last_name, c.published_at, c.created_at, c.updated_at
    from courses c
    join users u on u.id = c.creator_id
   where c.tenant_id = $1 and c.status = 'PUBLISHED'
   order by c.created_at desc, c.id desc
   limit $2 offset $3`;
const COURSES_COUNT_SQL = "select count(*)::int as total from courses where tenant_id = $1 and status = 'PUBLISHED'";
const STRUCTURE_SQL = `
  select c.id,
         (select count(*) from modules m where m.tenant_id = $1 and m.course_id = c.id)::int as modules,
         (select count(*) from lessons l where l.tenant_id = $1 and l.course_id = c.id)::int as lessons
    from courses c
   where c.tenant_id = $1 and c.id = any($2)`;

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

function serialize(r: Row) {
  const memberUpdated = new Date(String(iso(r.member_updated_at)));
  const userUpdated = new Date(String(iso(r.user_updated_at)));
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    status: r.status,
    createdAt: iso(r.member_since),
    updatedAt: (memberUpdated > userUpdated ? memberUpdated : userUpdated).toISOString(),
    lastLoginAt: iso(r.last_login_at),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const db = await openDb();
const tenantIds = new Map<string, string | null>();

async function tenantId(slug: string): Promise<string | null> {
  if (!tenantIds.has(slug)) {
    const [row] = await db.query("select id from tenants where slug = $1 limit 1", [slug]);
    tenantIds.set(slug, typeof row?.id === "string" ? row.id : null);
  }
  return tenantIds.get(slug) ?? null;
}

async function listUsers(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const header = req.headers["x-tenant-id"];
  const tenant = await tenantId(String(Array.isArray(header) ? header[0] : (header ?? "")).toLowerCase());
  if (!tenant) return send(res, 404, { statusCode: 404, message: "Tenant not found" });
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 20) || 20));
  const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const [rows, counted] = await Promise.all([db.query(LIST_SQL, [tenant, limit, (page - 1) * limit]), db.query(COUNT_SQL, [tenant])]);
  const total = Number(counted[0]?.total ?? 0);
  send(res, 200, { data: rows.map(serialize), meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } });
}

async function listCourses(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const header = req.headers["x-tenant-id"];
  const tenant = await tenantId(String(Array.isArray(header) ? header[0] : (header ?? "")).toLowerCase());
  if (!tenant) return send(res, 404, { statusCode: 404, message: "Tenant not found" });
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 20) || 20));
  const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const [rows, counted] = await Promise.all([db.query(COURSES_SQL, [tenant, limit, (page - 1) * limit]), db.query(COURSES_COUNT_SQL, [tenant])]);
  const structure = rows.length ? await db.query(STRUCTURE_SQL, [tenant, rows.map((r) => String(r.id))]) : [];
  const counts = new Map(structure.map((r) => [r.id, r]));
  const total = Number(counted[0]?.total ?? 0);
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    status: r.status,
    price: r.price,
    currency: r.currency,
    format: r.format,
    level: r.level,
    duration: r.duration,
    language: r.language,
    tags: r.tags,
    excerpt: r.excerpt,
    bannerMediaId: r.banner_media_id,
    featuredMediaId: r.featured_media_id,
    creator: { id: r.creator_id, firstName: r.first_name, lastName: r.last_name },
    moduleCount: Number(counts.get(r.id)?.modules ?? 0),
    lessonCount: Number(counts.get(r.id)?.lessons ?? 0),
    publishedAt: iso(r.published_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
  send(res, 200, { data, meta: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } });
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bare");
  const handle = async () => {
    if (url.pathname === "/health") return send(res, 200, { status: "ok" });
    if (req.method === "GET" && url.pathname === "/users") return listUsers(req, res, url);
    if (req.method === "GET" && url.pathname === "/courses") return listCourses(req, res, url);
    if (req.method === "GET" && url.pathname === "/users/me") return auth.me(db, req, res, send);
    if (req.method === "POST" && url.pathname === "/auth/refresh") return auth.refresh(db, req, res, send);
    if (req.method === "POST" && url.pathname === "/api/v1/auth/login") return auth.login(db, req, res, send);
    const progress = req.method === "POST" ? /^\/enrollments\/([^/]+)\/progress\/([^/]+)$/.exec(url.pathname) : null;
    if (progress) return auth.progress(db, tenantId, req, res, send, progress[1]!, progress[2]!);
    send(res, 404, { statusCode: 404, message: "Not found" });
  };
  handle().catch((error: unknown) => send(res, 500, { statusCode: 500, message: String(error) }));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3200), "127.0.0.1");

const shutdown = () => {
  server.close();
  db.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
