import { env } from "@/server/env";

/** The root domain and a tenant's own address, for links written by the root host's pages. */
export function rootDomain(): string {
  return env().APP_ROOT_DOMAIN;
}

export function tenantHomeUrl(slug: string): string {
  const protocol = new URL(env().APP_URL).protocol;
  return `${protocol}//${slug}.${env().APP_ROOT_DOMAIN}/`;
}
