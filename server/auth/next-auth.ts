import { randomUUID } from "node:crypto";
import { decodeJwt } from "jose";
import type { AuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { appDatabase } from "../db/global";
import { env } from "../env";
import { DomainError } from "../errors";
import { clock } from "../lib/clock";
import { log } from "../lib/log";
import { login } from "../services/auth/login";
import { revokeFamily } from "../services/auth/session-tokens";

/**
 * next-auth (v4) for the web UI: a Credentials provider over the `login()` service and a JWT
 * session whose cookie carries exactly what server/auth/session.ts reads: `sub`, `email`,
 * `activeTenantId`, `platformAdmin` (plus `tenantSlug` for the UI).
 *
 * Hosts: no NEXTAUTH_URL is needed. The browser calls `/api/auth/*` on its own host (relative
 * URLs) and next-auth sets the cookies without a Domain attribute, so each tenant sub-domain
 * holds its own session. Without NEXTAUTH_URL next-auth uses http://localhost:3000 only to build
 * redirect URLs, which the UI never follows (`signIn(..., {redirect: false})`).
 */

/** Error codes the sign-in form understands (they travel in next-auth's `error` parameter). */
const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  suspended: "suspended",
  tenantNotFound: "tenant_not_found",
  locked: "locked", // "locked:{minutes}"
} as const;

type SessionUser = User & {
  id: string;
  email: string;
  activeTenantId: string | null;
  tenantSlug: string | null;
  platformAdmin: boolean;
  /** The refresh-token family of the login: the session stops with it (session-check.ts). */
  fam: string | null;
};

type AccessClaims = { sub?: string; email?: string; activeTenantId?: string | null; tenantSlug?: string | null; platformAdmin?: boolean; fam?: string };

const SESSION_MAX_AGE_SECONDS = 12 * 3600;

function header(headers: Record<string, unknown> | undefined, name: string): string | null {
  const v = headers?.[name];
  return typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : null;
}

async function authorize(
  credentials: Record<"email" | "password" | "tenant", string> | undefined,
  req: { headers?: Record<string, unknown> },
): Promise<SessionUser | null> {
  const email = credentials?.email?.trim() ?? "";
  const password = credentials?.password ?? "";
  if (!email || !password) return null;
  const tenantRef = credentials?.tenant?.trim() || null;
  const forwarded = header(req.headers, "x-forwarded-for");
  const actor = {
    userId: null,
    ip: forwarded?.split(",")[0]?.trim() ?? null,
    userAgent: header(req.headers, "user-agent"),
    requestId: header(req.headers, "x-request-id") ?? randomUUID(),
    scope: null,
  };
  try {
    const tokens = await login(appDatabase().db, { email, password, tenantRef }, actor, clock.now());
    const claims = decodeJwt(tokens.accessToken) as AccessClaims;
    if (!claims.sub || !claims.email) return null;
    return {
      id: claims.sub,
      email: claims.email,
      activeTenantId: claims.activeTenantId ?? null,
      tenantSlug: claims.tenantSlug ?? null,
      platformAdmin: claims.platformAdmin === true,
      fam: claims.fam ?? null,
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // No tenant (the platform login page) and not a platform administrator: the same "invalid credentials".
    if (error.code === "UNAUTHORIZED" || error.reason === "TENANT_REQUIRED") return null;
    if (error.code === "FORBIDDEN") throw new Error(SIGN_IN_ERRORS.suspended);
    if (error.code === "NOT_FOUND") throw new Error(SIGN_IN_ERRORS.tenantNotFound);
    if (error.code === "RATE_LIMITED") {
      throw new Error(`${SIGN_IN_ERRORS.locked}:${Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))}`);
    }
    throw error;
  }
}

let cached: AuthOptions | undefined;

/** Built on first use: reading env() at import time would fail `next build` in production mode. */
export function authOptions(): AuthOptions {
  if (cached) return cached;
  const e = env();
  cached = {
    secret: e.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Secure cookies follow the public URL, not next-auth's guess from NEXTAUTH_URL.
    useSecureCookies: e.APP_URL.startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Credentials",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          tenant: { label: "Tenant", type: "text" },
        },
        authorize,
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const u = user as SessionUser;
          token.sub = u.id;
          token.email = u.email;
          token.activeTenantId = u.activeTenantId;
          token.tenantSlug = u.tenantSlug;
          token.platformAdmin = u.platformAdmin;
          token.fam = u.fam;
        }
        return token;
      },
      session({ session, token }) {
        return {
          ...session,
          user: { email: token.email ?? null, id: token.sub, tenantSlug: token.tenantSlug ?? null, platformAdmin: token.platformAdmin === true },
        } as typeof session;
      },
    },
    events: {
      // Signing out of the web UI revokes the login's refresh family: the session cookie stops everywhere.
      async signOut({ token }) {
        const fam = typeof token?.fam === "string" ? token.fam : null;
        if (fam) await revokeFamily(appDatabase().db, fam, clock.now());
      },
    },
    logger: {
      error: (code, metadata) => log.error(`next-auth.${code}`, { error: String((metadata as { message?: string })?.message ?? metadata) }),
      // NEXTAUTH_URL is left unset on purpose (see above); other warnings are worth a line.
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") log.warn(`next-auth.${code}`);
      },
      debug: () => {},
    },
  };
  return cached;
}
