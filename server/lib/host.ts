/**
 * Tenant slug from a Host header: `{slug}.{APP_ROOT_DOMAIN}` (ports ignored).
 * Pure parsing, shared by proxy.ts (pages) and the API context.
 */
export function slugFromHost(host: string | null | undefined, rootDomain: string): string | null {
  if (!host) return null;
  const hostname = host.split(":")[0]!.toLowerCase();
  const root = rootDomain.split(":")[0]!.toLowerCase();
  if (hostname === root || !hostname.endsWith(`.${root}`)) return null;
  const sub = hostname.slice(0, -(root.length + 1));
  if (!sub || sub.includes(".") || sub === "www") return null;
  return sub;
}
