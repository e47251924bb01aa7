import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users } from "../../db/schema";
import { preparedOn } from "../../db/prepared";

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
  const byId = preparedOn(db, "user-by-id", () => db.select().from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare("user_by_id"));
  const [row] = await byId.execute({ id });
  return row;
}
