import type { memberships, users } from "../../db/schema";
import type { TUser } from "../../contracts/users";

type UserRow = typeof users.$inferSelect;
type MembershipRow = Pick<typeof memberships.$inferSelect, "role" | "status" | "createdAt" | "updatedAt">;

/** A user as seen inside one tenant: role and status come from the membership. */
export function serializeUser(u: UserRow, m: MembershipRow): TUser {
  const updated = m.updatedAt > u.updatedAt ? m.updatedAt : u.updatedAt;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: m.role,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    updatedAt: updated.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
