import { NextResponse, type NextRequest } from "next/server";
import { env } from "./server/env";
import { slugFromHost } from "./server/lib/host";

/**
 * Host -> tenant, by parsing only (no database, no session).
 * - `{slug}.{APP_ROOT_DOMAIN}`: `/x` is served by `app/[tenant]/x` (rewrite to `/{slug}/x`).
 * - the root host serves the landing page, `/login`, `/platform/*`; `/{slug}/x` typed on the
 *   root host is redirected to the tenant's own sub-domain, where its session cookie lives.
 * - `/docs/*` (API reference) is the same on every host.
 */
const ROOT_SECTIONS = new Set(["", "login", "platform", "docs"]);
const SHARED_SECTIONS = new Set(["docs"]);

export function proxy(req: NextRequest): NextResponse {
  const root = env().APP_ROOT_DOMAIN;
  const host = req.headers.get("host");
  const { pathname, search } = req.nextUrl;
  const first = pathname.split("/")[1] ?? "";
  const slug = slugFromHost(host, root);
  // Framework internals (`/__nextjs_*` in development, `/.well-known/*`) are left alone.
  if (first.startsWith("_") || first.startsWith(".")) return NextResponse.next();

  if (slug) {
    if (SHARED_SECTIONS.has(first)) return NextResponse.next();
    const url = req.nextUrl.clone();
    url.pathname = `/${slug}${pathname === "/" ? "" : pathname}`;
    return NextResponse.rewrite(url);
  }
  if (ROOT_SECTIONS.has(first)) return NextResponse.next();
  const rest = pathname.slice(first.length + 1) || "/";
  const target = new URL(`${req.nextUrl.protocol}//${first.toLowerCase()}.${root}${rest}${search}`);
  return NextResponse.redirect(target);
}

export const config = {
  // Never the API (served before Next by server.ts anyway), Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
