import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

/** Accounts are global and unique by e-mail, case-insensitive (conventions §3). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
