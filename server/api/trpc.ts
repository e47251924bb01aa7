import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { forbiddenMessage, type Permission, type Role } from "../auth/permissions";
import { buildCaller, type Caller, type PublicCaller } from "../auth/caller";
import type { Identity } from "../auth/session";
import { forTenant, type TenantAccess, type TenantScope } from "../db/tenant-scope";
import { env } from "../env";
import { localeFromAcceptLanguage, localizeHttpError } from "../../lib/i18n/api-errors";
import { DomainError, STATUS_BY_CODE, toHttpError, trpcCodeForStatus } from "../errors";
import { slugFromHost } from "../lib/host";
import { log } from "../lib/log";
import { assertTenantActive } from "../services/tenants/status";
import { tenantAccess, type Context } from "./context";

/**
 * Procedure meta: trpc-to-openapi's `openapi` block plus `status`, the REST success status
 * (201 created, 202 accepted, 204 no content; 200 when absent).
 */
export type AppMeta = OpenApiMeta<{
  status?: 201 | 202 | 204;
  /** Status of an input-validation failure: 400 by default; 422 where the spec names 422 for it (POST /users...). */
  validationStatus?: 400 | 422;
  /**
   * How a public operation (`protect: false`) authenticates its caller instead of a bearer token,
   * for the OpenAPI security: `apiKey` (the tenant's service key in X-API-Key), `signature` (an
   * HMAC the operation checks itself). Absent on a public operation: anyone may call it.
   */
  authenticatedBy?: "apiKey" | "signature";
}>;

/*
 * Output validation policy (issue #24): every procedure declares its contract with `.output(schema)`,
 * and tRPC parses every answer against it, in tests, development AND production. Decided on
 * measurement, not by default: zod 4 parses a 20-row users page in about 4 µs (npm run bench prints
 * the figure, bench/output-validation.ts), against about 23 µs to serialise the same page and a
 * couple of milliseconds for the request; turning it off would save nothing measurable. What it buys
 * in production is the contract as a filter: an object schema strips every field it does not
 * declare, so a service that returns a row with a password hash, a token digest or a secret column
 * can never put it on the wire, and an answer that breaks its contract is a logged 500 rather than
 * a silent lie to the client.
 */
const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    // The same status, code and wording as the REST body (server/errors.ts, lib/i18n/api-errors.ts):
    // data.httpStatus and data.code are what REST answers; message and errors follow Accept-Language.
    errorFormatter({ shape, error, ctx }) {
      const mapped = toHttpError(error);
      const worded = localizeHttpError(mapped, localeFromAcceptLanguage(ctx?.headers["accept-language"]));
      return {
        ...shape,
        message: worded.message, // toHttpError never passes an unexpected error's text through
        data: {
          ...shape.data,
          code: mapped.code,
          httpStatus: mapped.statusCode,
          errors: worded.errors ?? null,
          // retryAfterSeconds: what REST sends as Retry-After (429), for the UI's count-downs.
          retryAfterSeconds: mapped.retryAfterSeconds ?? null,
          stack: undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * What a guard of the procedure chain demands, declared by the guard itself: `identity` (a signed-in
 * user), `member` (of the tenant named by the request, or of the token's active tenant: `tenant`),
 * `permission` (auth/permissions.ts), `ofMode` (the tenant's OF mode on), `platformAdmin`. The
 * procedure table (procedure-defs.ts) reads them from each procedure's middlewares, so the role
 * matrix test is generated from the guards that actually run, not from a list kept by hand.
 */
export type Guard = { kind: "identity" } | { kind: "member"; tenant: "request" | "token" } | { kind: "permission"; permission: Permission } | { kind: "ofMode" } | { kind: "platformAdmin" };

const GUARDS = new WeakMap<object, Guard>();

/** Declares what a middleware function checks (readable through guardOf). */
function guard<F extends object>(declared: Guard, middleware: F): F {
  GUARDS.set(middleware, declared);
  return middleware;
}

/** The guard a middleware function of a procedure's chain declared, if any. */
export function guardOf(middleware: unknown): Guard | undefined {
  return typeof middleware === "function" ? GUARDS.get(middleware) : undefined;
}

/** Input validation with at least one invalid field (unknown fields alone stay 400: conventions §12). */
function isFieldValidation(cause: unknown): boolean {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) && issues.some((i: { code?: unknown }) => i.code !== "unrecognized_keys");
}

/** DomainError -> TRPCError with the matching code, so the tRPC transport gets the right status. */
const errorMapping = t.middleware(async ({ next, ctx, meta }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) {
      if (cause.retryAfterSeconds) ctx.response.headers["Retry-After"] = String(cause.retryAfterSeconds);
      throw new TRPCError({ code: trpcCodeForStatus(STATUS_BY_CODE[cause.code]), message: cause.message, cause });
    }
    if (meta?.validationStatus === 422 && result.error.code === "BAD_REQUEST" && isFieldValidation(cause)) {
      throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "Validation failed", cause });
    }
    if (toHttpError(result.error).statusCode >= 500) {
      log.error("request.failed", { error: String(cause ?? result.error), stack: (cause as Error | undefined)?.stack });
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorMapping);

/** Identity from the Bearer token or the next-auth session; 401 otherwise. */
export const authedProcedure = publicProcedure.use(
  guard({ kind: "identity" }, async ({ ctx, next }) => {
    const { identity } = await ctx.identity();
    if (!identity) throw new DomainError("UNAUTHORIZED", "Unauthorized");
    return next({ ctx: { user: identity } });
  }),
);

/** What the tenant procedures add to the context: the caller, and two of its parts as shortcuts. */
export type TenantCtx = {
  /** The one caller object services receive (auth/caller.ts), built once per request. */
  caller: Caller;
  /** caller.tenant */
  tenant: Caller["tenant"];
  /** caller.scope */
  scope: TenantScope;
};

/** The tenant named by X-Tenant-ID (slug or id), else by the sub-domain (conventions §2). */
export function tenantRef(ctx: Pick<Context, "headers" | "host">): string | null {
  const header = ctx.headers["x-tenant-id"];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && value.trim()) return value.trim();
  return slugFromHost(ctx.host, env().APP_ROOT_DOMAIN);
}

async function loadTenant(ctx: Context, user: Identity | null, ref: string | null = tenantRef(ctx)) {
  if (!ref) throw new DomainError("BAD_REQUEST", "Tenant required: send the X-Tenant-ID header or use the tenant's sub-domain", { reason: "TENANT_REQUIRED" });
  const access = await tenantAccess(ctx, ref, user?.userId ?? null);
  if (!access) throw new DomainError("NOT_FOUND", "Tenant not found", { reason: "TENANT_NOT_FOUND" });
  assertTenantActive(access.tenant); // a suspended tenant answers 403 to every tenant-scoped operation
  return access;
}

/** The caller's parts that come from the request and the tenant row. */
function callerBase(ctx: Context, tenant: TenantAccess["tenant"]) {
  return {
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name, ofMode: tenant.ofMode, authMode: tenant.authMode, timeZone: tenant.timeZone },
    scope: forTenant(tenant.id),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  };
}

/** Tenant + membership in one query; not a member (and not enrolled) -> 403. */
async function tenantContext(ctx: Context, user: Identity, ref: string | null): Promise<TenantCtx> {
  const { tenant, membership, hasEnrollment } = await loadTenant(ctx, user, ref);
  let role: Role;
  if (membership) {
    if (membership.status === "SUSPENDED") throw new DomainError("FORBIDDEN", "Account suspended in this organisation", { reason: "MEMBERSHIP_SUSPENDED" });
    if (membership.status === "INVITED") throw new DomainError("FORBIDDEN", "Invitation not accepted yet", { reason: "INVITATION_PENDING" });
    role = membership.role;
  } else if (hasEnrollment) {
    role = "LEARNER";
  } else {
    throw new DomainError("FORBIDDEN", "Forbidden: not a member of this organisation", { reason: "NOT_A_MEMBER" });
  }
  const caller = buildCaller({ ...callerBase(ctx, tenant), userId: user.userId, role, membershipId: membership?.id ?? null, funderId: membership?.funderId ?? null });
  return { caller, tenant: caller.tenant, scope: caller.scope };
}

/** The tenant of X-Tenant-ID or the sub-domain. */
export const tenantProcedure = authedProcedure.use(
  guard({ kind: "member", tenant: "request" }, async ({ ctx, next }) => next({ ctx: await tenantContext(ctx, ctx.user, tenantRef(ctx)) })),
);

/** The tenant of the access token's activeTenantId (the `/tenants/me` family), not X-Tenant-ID. */
export const activeTenantProcedure = authedProcedure.use(
  guard({ kind: "member", tenant: "token" }, async ({ ctx, next }) => {
    if (!ctx.user.activeTenantId) throw new DomainError("NOT_FOUND", "No active tenant: switch to a tenant first", { reason: "NO_ACTIVE_TENANT" });
    return next({ ctx: await tenantContext(ctx, ctx.user, ctx.user.activeTenantId) });
  }),
);

/**
 * Tenant resolved, user optional (token exchange, public catalogue, course page, media server).
 * ctx.caller is a PublicCaller: the role comes from the same one query as the tenant (an ACTIVE
 * membership, else LEARNER through a participant enrollment, else null); a suspended or invited
 * member is not refused here, they simply have no role.
 */
export const publicTenantProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { identity } = await ctx.identity();
  const { tenant, membership, hasEnrollment } = await loadTenant(ctx, identity);
  const active = membership?.status === "ACTIVE" ? membership : null;
  const caller: PublicCaller = buildCaller({
    ...callerBase(ctx, tenant),
    userId: identity?.userId ?? null,
    role: active ? active.role : hasEnrollment ? "LEARNER" : null,
    membershipId: active?.id ?? null,
    funderId: active?.funderId ?? null,
  });
  return next({ ctx: { user: identity, tenantRecord: tenant, scope: caller.scope, caller } });
});

/** Permission check from auth/permissions.ts. */
export const can = (permission: Permission, base = tenantProcedure) =>
  base.use(
    guard({ kind: "permission", permission }, ({ ctx, next }) => {
      if (!ctx.caller.can(permission)) throw new DomainError("FORBIDDEN", forbiddenMessage(permission), { reason: "PERMISSION_DENIED" });
      return next();
    }),
  );

/** OF-mode features (attendance, BPF, improvement plans) answer 403 when the tenant turned it off. */
export const ofModeProcedure = (permission?: Permission) =>
  (permission ? can(permission) : tenantProcedure).use(
    guard({ kind: "ofMode" }, ({ ctx, next }) => {
      if (!ctx.tenant.ofMode) throw new DomainError("FORBIDDEN", "This feature is disabled for this organisation (OF mode is off)", { reason: "OF_MODE_DISABLED" });
      return next();
    }),
  );

/** Every BPF operation (router and binary routes): bpf.manage, and 403 OF_MODE_DISABLED when OF mode is off. */
export const bpfProcedure = () => ofModeProcedure("bpf.manage");

export const platformAdminProcedure = authedProcedure.use(
  guard({ kind: "platformAdmin" }, ({ ctx, next }) => {
    if (!ctx.user.platformAdmin) throw new DomainError("FORBIDDEN", "Forbidden: platform administrator required", { reason: "PLATFORM_ADMIN_REQUIRED" });
    return next();
  }),
);

