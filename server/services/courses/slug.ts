import { eq, like, or } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { slugify } from "../../lib/slug";

/** Slugs the static /courses/... paths use: a course slug never takes them. */
const RESERVED_COURSE_SLUGS = new Set(["my-courses", "my-trainer", "bulk", "by-id", "enrich-draft"]);

/** `title` as a slug, unique in the tenant: `base`, else `base-2`, `base-3`... */
async function uniqueCourseSlug(db: DbOrTx, scope: TenantScope, title: string): Promise<string> {
  const base = slugify(title) || "course";
  const rows = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(scope.where(courses, or(eq(courses.slug, base), like(courses.slug, `${base}-%`))));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base) && !RESERVED_COURSE_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    if ((cur as { code?: unknown }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `insert(slug)` in a savepoint with a fresh unique slug, retrying when a concurrent
 * request took the same slug first (unique index on tenant + slug).
 */
export async function withUniqueSlug<T>(
  tx: DbOrTx,
  scope: TenantScope,
  title: string,
  insert: (db: DbOrTx, slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueCourseSlug(tx, scope, title);
    try {
      return await tx.transaction((sp) => insert(sp, slug));
    } catch (e) {
      if (attempt >= 5 || !isUniqueViolation(e)) throw e;
    }
  }
}
