import { count, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { preparedOn } from "../../db/prepared";
import { preparedScope } from "../../db/tenant-scope";
import { courses, courseTrainers, lessons, modules, users } from "../../db/schema";
import { countOf, maintainedTotal, pageOf, paginate, totalKeys } from "../platform/pagination";
import type { TCourseListItem, TListCoursesInput } from "../../contracts/courses";
import { DomainError, forbidden } from "../../errors";
import type { PublicCaller } from "../../auth/caller";

/** Which list: the tenant's catalogue, the caller's own courses, or the courses they teach. */
export type CourseListKind = "catalogue" | "mine" | "teaching";

const DEFAULT_LIMIT = 20;

/** "49.9" -> 4990 (exact: no float arithmetic). */
function decimalToCents(v: string): number {
  const [units, frac = ""] = v.split(".");
  return Number(units) * 100 + Number(frac.padEnd(2, "0"));
}

const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The catalogue's visibility rule for a `status` filter. Without one the catalogue shows
 * PUBLISHED courses. DRAFT or ARCHIVED lists need a CREATOR (their own courses) or an ADMIN
 * (every course); anonymous callers get 401, other roles 403.
 */
function catalogueConds(viewer: PublicCaller, status: TListCoursesInput["status"]): SQL[] {
  if (!status || status === "PUBLISHED") return [eq(courses.status, "PUBLISHED")];
  if (!viewer.userId) throw new DomainError("UNAUTHORIZED", "Unauthorized");
  if (viewer.can("courses.ownAll")) return [eq(courses.status, status)];
  if (viewer.can("courses.manage")) return [eq(courses.status, status), eq(courses.creatorId, viewer.userId)];
  throw forbidden("Forbidden: CREATOR or ADMIN required to list unpublished courses");
}

/**
 * The page and its total (services/platform/pagination.ts), then one query for the page's module
 * and lesson counts. Newest first. Filters: words of `search`/`q` in title, description or tags (every
 * word must match), format, level, status, price range in cents.
 */
export async function listCourses(db: DbOrTx, viewer: PublicCaller, kind: CourseListKind, q: TListCoursesInput) {
  const conds: (SQL | undefined)[] = [];
  if (kind === "catalogue") conds.push(...catalogueConds(viewer, q.status));
  else {
    if (!viewer.userId) throw new DomainError("UNAUTHORIZED", "Unauthorized");
    if (q.status) conds.push(eq(courses.status, q.status));
    if (kind === "mine") conds.push(eq(courses.creatorId, viewer.userId));
    else {
      const uid = viewer.userId;
      // `= any(array(...))`: PostgreSQL fetches the trainer's course ids first (course_trainers_user_idx),
      // reads those courses by primary key and sorts them (the trainer's courses only). An
      // `exists` here lets it walk the tenant's whole catalogue index checking each course.
      const taught = db
        .select({ id: courseTrainers.courseId })
        .from(courseTrainers)
        .where(viewer.scope.where(courseTrainers, eq(courseTrainers.userId, uid)));
      conds.push(sql`${courses.id} = any(array(${taught}))`);
    }
  }
  if (q.format) conds.push(eq(courses.format, q.format));
  if (q.level) conds.push(eq(courses.level, q.level));
  if (q.minPrice) conds.push(gte(courses.price, decimalToCents(q.minPrice)));
  if (q.maxPrice) conds.push(lte(courses.price, decimalToCents(q.maxPrice)));
  const words = `${q.search ?? ""} ${q.q ?? ""}`.split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const like = escapeLike(word);
    conds.push(or(ilike(courses.title, like), ilike(courses.description, like), sql`${courses.tags}::text ilike ${like}`));
  }

  const where = viewer.scope.where(courses, ...conds);
  // The page walks a (tenant, [status|creator], created_at, id) index in order. The total of the
  // catalogue filtered by status alone is the maintained counter; any other filter counts its matches.
  const statusOnly = kind === "catalogue" && conds.length === 1 ? (q.status ?? "PUBLISHED") : null;
  return paginate(pageOf(q, DEFAULT_LIMIT), {
    // The catalogue by status alone (the common case) is a prepared statement per status: built once, bound per request.
    rows: (limit, offset) =>
      statusOnly
        ? preparedOn(db, `courses-page:${statusOnly}`, () =>
            coursesPage(db, preparedScope.where(courses, eq(courses.status, statusOnly)))
              .limit(sql.placeholder("limit"))
              .offset(sql.placeholder("offset"))
              .prepare(`courses_page_${statusOnly.toLowerCase()}`),
          ).execute(viewer.scope.bind({ limit, offset }))
        : coursesPage(db, where).limit(limit).offset(offset),
    total: () =>
      statusOnly ? maintainedTotal(db, viewer.scope, totalKeys("courses", [statusOnly])) : countOf(db.select({ n: count() }).from(courses).where(where)),
    map: async (rows): Promise<TCourseListItem[]> => {
      const counts = await structureCounts(db, viewer, rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        status: r.status,
        price: r.price,
        currency: r.currency,
        format: r.format,
        level: r.level,
        duration: r.duration,
        language: r.language,
        tags: r.tags,
        excerpt: r.excerpt,
        bannerMediaId: r.bannerMediaId,
        featuredMediaId: r.featuredMediaId,
        creator: { id: r.creatorId, firstName: r.creatorFirstName, lastName: r.creatorLastName },
        moduleCount: counts.get(r.id)?.modules ?? 0,
        lessonCount: counts.get(r.id)?.lessons ?? 0,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }));
    },
  });
}

/** The courses with their creator, newest first: a (tenant, [status|creator], created_at, id) index in its order. */
function coursesPage(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      status: courses.status,
      price: courses.price,
      currency: courses.currency,
      format: courses.format,
      level: courses.level,
      duration: courses.duration,
      language: courses.language,
      tags: courses.tags,
      excerpt: sql<string>`left(${courses.description}, 240)`,
      bannerMediaId: courses.bannerMediaId,
      featuredMediaId: courses.featuredMediaId,
      creatorId: users.id,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      publishedAt: courses.publishedAt,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id));
}

/** Module and lesson counts of a page of courses, in one query. */
async function structureCounts(db: DbOrTx, viewer: PublicCaller, ids: string[]) {
  const out = new Map<string, { modules: number; lessons: number }>();
  if (!ids.length) return out;
  // Prepared once per database handle: the page's ids go in as one array parameter.
  const statement = preparedOn(db, "course-structure-counts", () =>
    db
      .select({
        id: courses.id,
        modules: sql<number>`(select count(*) from ${modules} where ${preparedScope.where(modules, eq(modules.courseId, courses.id))})`.mapWith(Number),
        lessons: sql<number>`(select count(*) from ${lessons} where ${preparedScope.where(lessons, eq(lessons.courseId, courses.id))})`.mapWith(Number),
      })
      .from(courses)
      .where(preparedScope.where(courses, sql`${courses.id} = any(${sql.placeholder("ids")}::text[])`))
      .prepare("course_structure_counts"),
  );
  const rows = await statement.execute(viewer.scope.bind({ ids }));
  for (const r of rows) out.set(r.id, { modules: r.modules, lessons: r.lessons });
  return out;
}
