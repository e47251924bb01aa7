import { membershipStatusEnum, roleEnum } from "../../db/schema";

type Role = (typeof roleEnum.enumValues)[number];
type MemberStatus = (typeof membershipStatusEnum.enumValues)[number];

/**
 * The maintained counters (db/schema/platform.ts `listTotals`) that add up to the number of
 * members with this role and/or status: `memberships:<role>:<status>`.
 */
export function memberTotalKeys(role?: Role, status?: MemberStatus): string[] {
  const roles = role ? [role] : roleEnum.enumValues;
  const statuses = status ? [status] : membershipStatusEnum.enumValues;
  return roles.flatMap((r) => statuses.map((s) => `memberships:${r}:${s}`));
}
