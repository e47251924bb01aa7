import { NextResponse, type NextRequest } from "next/server";
import { env } from "./server/env";
import { slugFromHost } from "./server/lib/host";
import { contentSecurityPolicy, newNonce, staticPageHeaders } from "./server/lib/page-security";

/**
 * Host -> tenant, by parsing only (no database, no session).
 * - `{slug}.{APP_ROOT_DOMAIN}`: `/x` is served by `app/[tenant]/x` (rewrite to `/{slug}/x`).
 * - the root host serves the landing page, `/login`, `/platform/*`; `/{slug}/x` typed on the
 *   root host is redirected to the tenant's own sub-domain, where its session cookie lives.
 * - `/docs/*` (API reference) is the same on every host.
 * Every page answer gets its security headers here, with a fresh CSP nonce (server/lib/page-security.ts):
 * the CSP also goes on the forwarded request, where Next reads the nonce for its own scripts.
 */
const ROOT_SECTIONS = new Set(["", "login", "platform", "docs"]);
const SHARED_SECTIONS = new Set(["docs"]);

export function proxy(req: NextRequest): NextResponse {
  const e = env();
  const root = e.APP_ROOT_DOMAIN;
  const host = req.headers.get("host");
  const { pathname, search } = req.nextUrl;
  const first = pathname.split("/")[1] ?? "";
  const slug = slugFromHost(host, root);
  // Framework internals (`/__nextjs_*` in development, `/.well-known/*`) are left alone.
  if (first.startsWith("_") || first.startsWith(".")) return NextResponse.next();

  const nonce = newNonce();
  const production = e.NODE_ENV === "production";
  const csp = contentSecurityPolicy({ nonce, dev: !production, https: e.APP_URL.startsWith("https://"), mediaServerUrl: e.LIVEKIT_URL });
  const forwarded = new Headers(req.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("Content-Security-Policy", csp);
  const secure = (res: NextResponse): NextResponse => {
    res.headers.set("Content-Security-Policy", csp);
    for (const [name, value] of Object.entries(staticPageHeaders(production))) res.headers.set(name, value);
    return res;
  };

  if (slug) {
    if (SHARED_SECTIONS.has(first)) return secure(NextResponse.next({ request: { headers: forwarded } }));
    const url = req.nextUrl.clone();
    url.pathname = `/${slug}${pathname === "/" ? "" : pathname}`;
    return secure(NextResponse.rewrite(url, { request: { headers: forwarded } }));
  }
  if (ROOT_SECTIONS.has(first)) return secure(NextResponse.next({ request: { headers: forwarded } }));
  const rest = pathname.slice(first.length + 1) || "/";
  const target = new URL(`${req.nextUrl.protocol}//${first.toLowerCase()}.${root}${rest}${search}`);
  return secure(NextResponse.redirect(target));
}

export const config = {
  // Never the API (served before Next by server.ts anyway), Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
