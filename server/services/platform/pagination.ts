import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { listTotals } from "../../db/schema";
import { preparedScope, type TenantScope } from "../../db/tenant-scope";
import { preparedOn } from "../../db/prepared";
import { page } from "../../contracts/envelope";

/**
 * Paginated lists: the ONE helper every list operation goes through.
 *
 * Spec: `page` is 1-based (default 1); the page size is `limit` or `perPage` depending on the
 * endpoint (max 100). Meta is `{total, page, limit, totalPages}` for `limit` endpoints and
 * `{total, page, perPage}` for `perPage` ones. `pageOf` reads either from the input and
 * `paginate` builds the matching meta.
 *
 * Cost rule (kept true by tests/integration/list-plans.test.ts, which EXPLAINs every GET
 * operation that takes page/limit/perPage on a large tenant and fails on a sequential scan or
 * a sort over the tenant's rows):
 * - the page query orders by columns that an index holds in exactly that order, tenant first,
 *   e.g. `orderBy(desc(t.createdAt), desc(t.id))` over
 *   `index(...).on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())`.
 *   (Drizzle's bare `.desc()` in an index means DESC NULLS LAST, while ORDER BY ... DESC means
 *   NULLS FIRST: PostgreSQL then sorts the whole tenant instead of reading `limit` entries.)
 *   Always end the order with the id so pages are stable.
 * - the total is either `countOf(...)`, a count whose WHERE uses only indexed columns (an
 *   index-only scan after VACUUM), or `maintainedTotal(...)`, a counter kept by triggers where
 *   even an index-only count would read every row of a large tenant (the members list).
 *   Never `count(*) over()` on the page query: it makes PostgreSQL read and sort every match.
 *
 * Usage:
 *   const page = pageOf(q);
 *   return paginate(page, {
 *     rows: (limit, offset) => db.select().from(t).where(w).orderBy(desc(t.createdAt), desc(t.id)).limit(limit).offset(offset),
 *     total: () => countOf(db.select({ n: count() }).from(t).where(w)),
 *   });
 */

export type PageStyle = "limit" | "perPage";
export type Page<S extends PageStyle = PageStyle> = { style: S; page: number; size: number; offset: number };

type LimitPageMeta = { total: number; page: number; limit: number; totalPages: number };
type PerPageMeta = { total: number; page: number; perPage: number };
export type MetaOf<S extends PageStyle> = S extends "limit" ? LimitPageMeta : S extends "perPage" ? PerPageMeta : LimitPageMeta | PerPageMeta;

/** Spec maximum page size (the contracts reject more; this is the last guard). */
const MAX_PAGE_SIZE = 100;

const clampSize = (n: number) => Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(n)));

/** A `limit` endpoint's page. */
export function limitPage(q: { page: number; limit: number }): Page<"limit"> {
  const size = clampSize(q.limit);
  const page = Math.max(1, Math.trunc(q.page));
  return { style: "limit", page, size, offset: (page - 1) * size };
}

/** A `perPage` endpoint's page. */
export function perPagePage(q: { page: number; perPage: number }): Page<"perPage"> {
  const size = clampSize(q.perPage);
  const page = Math.max(1, Math.trunc(q.page));
  return { style: "perPage", page, size, offset: (page - 1) * size };
}

/** Endpoints that accept either size (GET /courses): `perPage` wins when given, else `limit`. */
export function pageOf(q: { page: number; limit?: number; perPage?: number }, defaultSize = 20): Page {
  if (q.perPage !== undefined) return perPagePage({ page: q.page, perPage: q.perPage });
  return limitPage({ page: q.page, limit: q.limit ?? defaultSize });
}

/** The spec's meta for a page and its total. */
export function pageMeta<S extends PageStyle>(p: Page<S>, total: number): MetaOf<S> {
  if (p.style === "perPage") return { total, page: p.page, perPage: p.size } as MetaOf<S>;
  return { total, page: p.page, limit: p.size, totalPages: Math.max(1, Math.ceil(total / p.size)) } as MetaOf<S>;
}

/**
 * Runs the page query and the total side by side. `rows` gets the limit and offset to apply
 * (after an index-ordered `orderBy`); `total` is `countOf` or `maintainedTotal`. A first page
 * shorter than the page size is its own total, so the count is skipped for small lists.
 */
export async function paginate<S extends PageStyle, Row, Out = Row>(
  p: Page<S>,
  q: { rows: (limit: number, offset: number) => PromiseLike<Row[]>; total: () => PromiseLike<number>; map?: (rows: Row[]) => Out[] | Promise<Out[]> },
): Promise<{ data: Out[]; meta: MetaOf<S> }> {
  let rows: Row[];
  let total: number;
  if (p.offset === 0) {
    rows = await q.rows(p.size, 0);
    total = rows.length < p.size ? rows.length : await q.total();
  } else {
    [rows, total] = await Promise.all([q.rows(p.size, p.offset), q.total()]);
  }
  const data = q.map ? await q.map(rows) : (rows as unknown as Out[]);
  return page(data, pageMeta(p, total));
}

/** A count query's result as a number (`count(*)` is a string on postgres-js, a number on PGlite). */
export async function countOf(query: PromiseLike<{ n: number | string | bigint }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** Tables whose totals are maintained (drizzle/0011_list_totals_triggers.sql; audit_logs by category: 0012_audit_log_totals.sql). */
export type CountedTable = "memberships" | "courses" | "enrollments" | "live_sessions" | "activity_logs" | "ai_credit_ledger" | "audit_logs";

/**
 * Counter keys for a table and, per key dimension of that table, the values to add up:
 * `totalKeys("courses", ["PUBLISHED"])`, `totalKeys("memberships", roles, statuses)`,
 * `totalKeys("activity_logs")`.
 */
export function totalKeys(table: CountedTable, ...dims: (readonly string[])[]): string[] {
  return dims.reduce<string[]>((keys, values) => keys.flatMap((k) => values.map((v) => `${k}:${v}`)), [table]);
}

/**
 * Sum of maintained counters of the tenant (see `listTotals` in db/schema/platform.ts for the
 * keys and the triggers that keep them). O(number of keys), whatever the tenant's size.
 */
export async function maintainedTotal(db: DbOrTx, scope: TenantScope, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  // Prepared once per key set: the keys come from `totalKeys` over enum values (a bounded set of shapes), the tenant is bound.
  const name = `total:${keys.join(",")}`;
  const statement = preparedOn(db, name, () =>
    db
      .select({ n: sql<number>`coalesce(sum(${listTotals.n}), 0)` })
      .from(listTotals)
      .where(preparedScope.where(listTotals, inArray(listTotals.key, keys)))
      .prepare(name),
  );
  return countOf(statement.execute(scope.bind({})));
}
