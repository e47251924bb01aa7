import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users } from "../../db/schema";
import { preparedOn } from "../../db/prepared";

export type UserRow = typeof users.$inferSelect;

/** The account as `GET /users/me` shows it (no secret): also read by the request gate for its caller. */
export const accountProfileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  locale: users.locale,
  isPlatformAdmin: users.isPlatformAdmin,
  notifications: users.notifications,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
};
export type AccountProfile = Pick<UserRow, keyof typeof accountProfileColumns>;

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
