import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../server/db";
import { users } from "../../server/db/schema";
import { freshDatabase } from "../helpers/db";

/**
 * Issue #24: statements that Drizzle builds are prepared once per connection on PostgreSQL, in a
 * transaction as well as on the pool (framework-internals.ts `preparingClient`): PostgreSQL does
 * not parse and plan them again at every execution. PGlite has no connections to keep them on.
 */
let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase({ poolSize: 1 });
});
afterAll(() => h.close());

const prepared = async (db: Pick<DbHandle["db"], "execute">) =>
  ((await db.execute(sql`select statement from pg_prepared_statements`)) as unknown as { statement: string }[]).map((r) => r.statement);

describe.runIf(process.env.DATABASE_URL)("prepared statements (PostgreSQL)", () => {
  it("a query built by Drizzle on the pool is a named prepared statement of its connection", async () => {
    await h.db.select({ id: users.id }).from(users).where(eq(users.email, "nobody@example.test"));
    const statements = await prepared(h.db); // pool of one: the same connection
    expect(statements.some((s) => /from "users" where "users"\."email" = \$1/.test(s))).toBe(true);
  });

  it("so is one built inside a transaction, and in a nested transaction (savepoint)", async () => {
    const seen = await h.db.transaction(async (tx) => {
      await tx.update(users).set({ locale: "fr" }).where(eq(users.email, "tx@example.test"));
      await tx.transaction(async (inner) => {
        await inner.select({ n: users.locale }).from(users).where(eq(users.id, "usr_savepoint"));
      });
      return prepared(tx);
    });
    expect(seen.some((s) => /^update "users" set "locale" = \$1 where "users"\."email" = \$2/.test(s))).toBe(true);
    expect(seen.some((s) => /select "locale" from "users" where "users"\."id" = \$1/.test(s))).toBe(true);
  });

  it("a statement run again reuses its preparation (no second entry)", async () => {
    for (const email of ["a@example.test", "b@example.test", "c@example.test"]) await h.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const statements = await prepared(h.db);
    expect(statements.filter((s) => /from "users" where "users"\."email" = \$1/.test(s))).toHaveLength(1);
  });
});

describe.skipIf(process.env.DATABASE_URL)("prepared statements (PGlite)", () => {
  it("PGlite runs the same queries (nothing to prepare per connection)", async () => {
    const rows = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "nobody@example.test"));
    expect(rows).toEqual([]);
  });
});
