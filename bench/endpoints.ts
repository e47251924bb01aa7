import type { Options } from "autocannon";
import type { Tokens } from "./api";
import type { RefreshChains } from "./refresh-chains";

/** What the endpoints need. `admin()` throws until the app is up and the admin has logged in. */
export type BenchContext = {
  tenant: string;
  /** The tenant with BENCH_LARGE_USERS members (bench/seed-users.ts). */
  largeTenant: string;
  connections: number;
  admin(): Tokens;
  largeAdmin(): Tokens;
  chains: RefreshChains;
  /** The seeded learner's session and the enrollment/lesson whose progress is posted (bench/seed-users.ts). */
  learner(): { tokens: Tokens; enrollmentId: string; lessonId: string };
};

export type Target = "app" | "bare";

/** The request side of an autocannon run (the URL and load shape are added by load.ts). */
export type LoadSpec = Pick<Options, "method" | "headers" | "body" | "setupClient"> & { path: string };

export type Endpoint = {
  /** Stable key in results/latest.json. */
  id: string;
  /** Printed name. */
  name: string;
  target: Target;
  load(ctx: BenchContext): LoadSpec;
  /** Before the warm-up run. */
  prepare?(ctx: BenchContext): Promise<void>;
  /** Before the measured run, after warm-up (e.g. replace consumed refresh tokens). */
  beforeRun?(ctx: BenchContext): Promise<void>;
};

const asAdmin = (ctx: BenchContext) => ({ Authorization: `Bearer ${ctx.admin().accessToken}`, "X-Tenant-ID": ctx.tenant });
const asLargeAdmin = (ctx: BenchContext) => ({ Authorization: `Bearer ${ctx.largeAdmin().accessToken}`, "X-Tenant-ID": ctx.largeTenant });

/** Add endpoints here; they are measured and printed in this order. */
export const ENDPOINTS: Endpoint[] = [
  {
    id: "bare.users.list",
    name: "bare GET /users?limit=20",
    target: "bare",
    load: (ctx) => ({ method: "GET", path: "/users?limit=20", headers: { "X-Tenant-ID": ctx.tenant } }),
  },
  {
    id: "bare.users.list.large",
    name: "bare GET /users?limit=20 (100,000 members)",
    target: "bare",
    load: (ctx) => ({ method: "GET", path: "/users?limit=20", headers: { "X-Tenant-ID": ctx.largeTenant } }),
  },
  {
    id: "users.list",
    name: "GET /api/v1/users?limit=20",
    target: "app",
    load: (ctx) => ({ method: "GET", path: "/api/v1/users?limit=20", headers: asAdmin(ctx) }),
  },
  {
    id: "users.list.large",
    name: "GET /api/v1/users?limit=20 (100,000 members)",
    target: "app",
    load: (ctx) => ({ method: "GET", path: "/api/v1/users?limit=20", headers: asLargeAdmin(ctx) }),
  },
  {
    id: "users.me",
    name: "GET /api/v1/users/me",
    target: "app",
    load: (ctx) => ({ method: "GET", path: "/api/v1/users/me", headers: asAdmin(ctx) }),
  },
  {
    id: "bare.courses.list",
    name: "bare GET /courses?limit=20",
    target: "bare",
    load: (ctx) => ({ method: "GET", path: "/courses?limit=20", headers: { "X-Tenant-ID": ctx.tenant } }),
  },
  {
    id: "courses.list",
    name: "GET /api/v1/courses?limit=20",
    target: "app",
    load: (ctx) => ({ method: "GET", path: "/api/v1/courses?limit=20", headers: { "X-Tenant-ID": ctx.tenant } }),
  },
  {
    id: "bare.users.me",
    name: "bare GET /users/me",
    target: "bare",
    load: (ctx) => ({ method: "GET", path: "/users/me", headers: asAdmin(ctx) }),
  },
  {
    id: "bare.enrollments.progress",
    name: "bare POST /enrollments/{id}/progress/{lessonId}",
    target: "bare",
    load: (ctx) => progressLoad(ctx, ""),
  },
  {
    id: "bare.auth.refresh",
    name: "bare POST /auth/refresh",
    target: "bare",
    ...refreshLoad(""),
  },
  {
    id: "enrollments.progress",
    name: "POST /api/v1/enrollments/{id}/progress/{lessonId}",
    target: "app",
    load: (ctx) => progressLoad(ctx, "/api/v1"),
  },
  {
    id: "auth.refresh",
    name: "POST /api/v1/auth/refresh",
    target: "app",
    ...refreshLoad("/api/v1"),
  },
];

/** The learner's progress upsert (IN_PROGRESS, 5 s more), on the app (`/api/v1`) or the bare server (""). */
function progressLoad(ctx: BenchContext, prefix: string): LoadSpec {
  const l = ctx.learner();
  return {
    method: "POST",
    path: `${prefix}/enrollments/${l.enrollmentId}/progress/${l.lessonId}`,
    headers: { Authorization: `Bearer ${l.tokens.accessToken}`, "X-Tenant-ID": ctx.tenant, "Content-Type": "application/json" },
    body: JSON.stringify({ status: "IN_PROGRESS", timeSpentSeconds: 5 }),
  };
}

/** Refresh rotation: each connection follows its own chain of single-use tokens (refresh-chains.ts). */
function refreshLoad(prefix: string): Pick<Endpoint, "load" | "prepare" | "beforeRun"> {
  return {
    load: (ctx) => {
      const request = { method: "POST" as const, path: `${prefix}/auth/refresh`, headers: { "Content-Type": "application/json", "X-Tenant-ID": ctx.tenant } };
      return { ...request, setupClient: (client) => ctx.chains.attach(client, request) };
    },
    prepare: (ctx) => ctx.chains.fill(ctx.connections),
    beforeRun: async (ctx) => {
      const { replaced, broken } = await ctx.chains.repair();
      if (broken) process.stdout.write(`  note: ${broken} refresh chain(s) had a failed response during warm-up\n`);
      if (replaced) process.stdout.write(`  ${replaced} refresh session(s) renewed after warm-up (tokens in flight at stop)\n`);
    },
  };
}

/** App endpoint compared with the bare baseline, and the target. */
export const TARGET = { app: "users.list", bare: "bare.users.list", minRatio: 0.6, maxP99Ms: 100 } as const;

/** Other pairs whose ratio is printed (req/s of the first over the second), with their target. */
export const RATIOS = [
  { label: "courses list app/bare", app: "courses.list", bare: "bare.courses.list", min: 0.6 },
  { label: "GET /users/me app/bare", app: "users.me", bare: "bare.users.me", min: 0.8 },
  { label: "progress upsert app/bare", app: "enrollments.progress", bare: "bare.enrollments.progress", min: 0.5 },
  { label: "refresh app/bare", app: "auth.refresh", bare: "bare.auth.refresh", min: 0.5 },
  { label: "users list at 100,000 / 10,000 members (app)", app: "users.list.large", bare: "users.list", min: 0.75 },
  { label: "users list at 100,000 / 10,000 members (bare)", app: "bare.users.list.large", bare: "bare.users.list", min: 0.75 },
] as const;
