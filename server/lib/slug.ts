/** URL-safe slug from free text: lower case ASCII, digits and single hyphens. */
export function slugify(text: string, maxLength = 48): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/** Slugs that would collide with the platform's own host names and paths. */
export const RESERVED_SLUGS = new Set(["www", "api", "app", "admin", "docs", "static", "mail", "platform", "auth", "localhost"]);
