import { randomUUID } from "node:crypto";
import { cookies, headers } from "next/headers";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { identify, type IdentityResult } from "@/server/auth/session";
// eslint-disable-next-line no-restricted-imports -- the RSC caller needs the process's one DB handle (PGlite cannot be opened twice); it runs the same procedures as /api/trpc.
import { appDatabase } from "@/server/db/global";
import { clock } from "@/server/lib/clock";

/** The signed-in identity of this page request, read from the next-auth session cookie as the API does. */
export async function currentIdentity(): Promise<IdentityResult["identity"]> {
  const cookie = (await cookies()).toString();
  if (!cookie) return null;
  return (await identify({ cookie }, clock.now())).identity;
}

/**
 * tRPC's server-side caller for Server Components: the same procedures, permissions and
 * tenant resolution as `/api/trpc`, with the page's session. `tenantSlug` is sent as
 * X-Tenant-ID (the route's `[tenant]`), so it does not depend on the Host header.
 */
export async function serverCaller(tenantSlug?: string | null) {
  const h = await headers();
  const cookie = (await cookies()).toString();
  const incoming = Object.fromEntries(h.entries());
  let identity: Promise<IdentityResult> | undefined;
  const ctx = createContext(appDatabase().db, {
    requestId: randomUUID(),
    ip: h.get("x-forwarded-for")?.split(",")[0]?.trim() ?? null,
    userAgent: h.get("user-agent"),
    host: h.get("host"),
    headers: { ...incoming, ...(tenantSlug ? { "x-tenant-id": tenantSlug } : {}) },
    identity: () => (identity ??= identify({ cookie }, clock.now())),
    response: { headers: {} },
  });
  return createCaller(ctx);
}
