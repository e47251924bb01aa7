import { parse as parseCookies } from "cookie";
import { decode } from "next-auth/jwt";
import { env } from "../env";
import { sessionStillValid } from "./session-check";
import { verifyAccessToken } from "./tokens";

/** Who is calling: from a Bearer access token (API) or the next-auth session cookie (web UI). */
export type Identity = {
  userId: string;
  email: string;
  activeTenantId: string | null;
  platformAdmin: boolean;
  via: "bearer" | "session";
};

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export type IdentityResult = { identity: Identity | null; presented: boolean };

export async function identify(headers: { authorization?: string; cookie?: string }, now: Date): Promise<IdentityResult> {
  const auth = headers.authorization;
  if (auth) {
    const match = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (!match?.[1]) return { identity: null, presented: true };
    const claims = await verifyAccessToken(match[1], now);
    if (!claims) return { identity: null, presented: true };
    // Revoked family, suspended membership: refused within SESSION_CHECK_TTL_SECONDS (session-check.ts).
    if (!(await sessionStillValid(claims, now))) return { identity: null, presented: true };
    return {
      presented: true,
      identity: {
        userId: claims.sub,
        email: claims.email,
        activeTenantId: claims.activeTenantId ?? null,
        platformAdmin: claims.platformAdmin === true,
        via: "bearer",
      },
    };
  }
  if (headers.cookie) {
    const cookies = parseCookies(headers.cookie);
    const raw = SESSION_COOKIES.map((n) => cookies[n]).find(Boolean);
    if (raw) {
      const token = await decode({ token: raw, secret: env().NEXTAUTH_SECRET }).catch(() => null);
      const activeTenantId = typeof token?.activeTenantId === "string" ? token.activeTenantId : null;
      const fam = typeof token?.fam === "string" ? token.fam : null;
      if (token?.sub && typeof token.email === "string" && (await sessionStillValid({ sub: token.sub, fam, activeTenantId }, now))) {
        return {
          presented: true,
          identity: {
            userId: token.sub,
            email: token.email,
            activeTenantId,
            platformAdmin: token.platformAdmin === true,
            via: "session",
          },
        };
      }
      return { identity: null, presented: true };
    }
  }
  return { identity: null, presented: false };
}
