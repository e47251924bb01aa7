import { env } from "../env";

/** Public URL of a tenant's UI: `{protocol}//{slug}.{APP_ROOT_DOMAIN}`. */
export function tenantUrl(slug: string | null | undefined, path = "/"): string {
  const e = env();
  if (!slug) return new URL(path, e.APP_URL).toString();
  const protocol = new URL(e.APP_URL).protocol;
  return `${protocol}//${slug}.${e.APP_ROOT_DOMAIN}${path}`;
}
