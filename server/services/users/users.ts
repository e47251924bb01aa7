import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { courses, enrollments, memberships, membershipStatusEnum, roleEnum, users } from "../../db/schema";
import { preparedScope, type TenantScope } from "../../db/tenant-scope";
import { preparedOn } from "../../db/prepared";
import { DomainError, notFound } from "../../errors";
import type { Role } from "../../auth/permissions";
import { hashPassword } from "../../auth/passwords";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { emitEvent } from "../platform/events";
import { findUserByEmail } from "../auth/accounts";
import { sendInvitation } from "../auth/invitations";
import { serializeUser } from "./serialize";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";
import type { Caller } from "../../auth/caller";

const userNotFound = () => notFound("User");

export async function listUsers(
  db: Db,
  scope: TenantScope,
  q: { page: number; limit: number; role?: Role; status?: "ACTIVE" | "INVITED" | "SUSPENDED"; q?: string },
) {
  const conds: (SQL | undefined)[] = [q.role ? eq(memberships.role, q.role) : undefined, q.status ? eq(memberships.status, q.status) : undefined];
  const terms = (q.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  for (const term of terms) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like)));
  }
  const where = scope.where(memberships, ...conds);
  // The page walks memberships_tenant_created_idx in order. The total comes from the maintained
  // member counters unless a search term needs the accounts (then an indexed count).
  // Without a filter (the common case) the page is a prepared statement: built once, bound per request.
  const filtered = conds.some(Boolean);
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      filtered
        ? membersPage(db, where).limit(limit).offset(offset)
        : preparedOn(db, "users-page", () => membersPage(db, preparedScope.where(memberships)).limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare("users_page")).execute(scope.bind({ limit, offset })),
    total: () =>
      terms.length
        ? countOf(db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where))
        : maintainedTotal(db, scope, totalKeys("memberships", q.role ? [q.role] : roleEnum.enumValues, q.status ? [q.status] : membershipStatusEnum.enumValues)),
    map: (rows) => rows.map((r) => serializeUser(r.user, r.m)),
  });
}

/** The members with their accounts, newest first: memberships_tenant_created_idx in its order. */
function membersPage(db: Db, where: SQL) {
  return db
    .select({ user: users, m: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
}

async function memberRow(db: Db, scope: TenantScope, userId: string) {
  const [row] = await db
    .select({ user: users, m: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scope.where(memberships, eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** ADMIN sees any member; a CREATOR only learners enrolled in one of their courses; anyone sees themselves. */
export async function getUserDetail(db: Db, caller: Caller, userId: string) {
  const { scope } = caller;
  if (!caller.can("users.readAny") && caller.userId !== userId) {
    const [own] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(scope.where(enrollments, eq(enrollments.userId, userId), eq(courses.creatorId, caller.userId)))
      .limit(1);
    if (!own) throw userNotFound();
  }
  const row = await memberRow(db, scope, userId);
  let base: ReturnType<typeof serializeUser>;
  let extra: { avatarUrl: string | null; locale: string };
  if (row) {
    base = serializeUser(row.user, row.m);
    extra = { avatarUrl: row.user.avatarUrl, locale: row.user.locale };
  } else {
    // A learner reached through enrollments only, with no membership.
    const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    const [enrolled] = await db.select({ id: enrollments.id, at: enrollments.enrolledAt }).from(enrollments).where(scope.where(enrollments, eq(enrollments.userId, userId))).limit(1);
    if (!u || !enrolled) throw userNotFound();
    base = serializeUser(u, { role: "LEARNER", status: "ACTIVE", createdAt: enrolled.at, updatedAt: u.updatedAt });
    extra = { avatarUrl: u.avatarUrl, locale: u.locale };
  }
  const [counts] = await db
    .select({
      total: count(),
      completed: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED')`.mapWith(Number),
    })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.userId, userId)));
  return { ...base, ...extra, enrollmentsCount: Number(counts?.total ?? 0), completedCoursesCount: counts?.completed ?? 0 };
}

export type CreateUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  sendInvitation: boolean;
  locale?: string;
  password?: string;
};

/**
 * Adds a member. An existing account (another tenant's user) gets a membership; a member
 * already here is a 409. With an invitation the member is INVITED until they accept; without
 * one the account is ACTIVE at once (ADMIN and CREATOR then need a password). An existing
 * account keeps its own password: a tenant admin never sets the credentials of a shared account.
 */
export async function createUser(db: Db, caller: Caller & { name: string }, input: CreateUserInput, now: Date) {
  if (!input.sendInvitation && (input.role === "ADMIN" || input.role === "CREATOR") && !input.password) {
    throw new DomainError("UNPROCESSABLE", "Validation failed", { fields: { password: ["Required for ADMIN or CREATOR when no invitation is sent"] } });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { scope } = caller;
  const result = await db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, input.email);
    if (user) {
      const [existing] = await tx.select({ id: memberships.id }).from(memberships).where(scope.where(memberships, eq(memberships.userId, user.id))).limit(1);
      if (existing) throw new DomainError("CONFLICT", "Email already exists", { reason: "EMAIL_ALREADY_EXISTS" });
    } else {
      const [created] = await tx
        .insert(users)
        .values({ id: newId("usr"), email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, locale: input.locale ?? "fr", passwordHash })
        .returning();
      user = created!;
    }
    const status = input.sendInvitation ? ("INVITED" as const) : ("ACTIVE" as const);
    const [m] = await tx
      .insert(memberships)
      .values(scope.values(memberships, { id: newId("mbr"), userId: user.id, role: input.role, status, invitedBy: caller.userId }))
      .returning();
    await emitEvent(tx, scope, "user.created", { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: input.role, status });
    await writeAudit(tx, caller, { action: "user.created", targetType: "user", targetId: user.id, metadata: { role: input.role, status } });
    return { user, m: m! };
  });
  if (input.sendInvitation) {
    await sendInvitation(db, { membershipId: result.m.id, tenant: caller.tenant, user: result.user, inviterName: caller.name }, now);
  }
  const u = serializeUser(result.user, result.m);
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, status: u.status, createdAt: u.createdAt };
}

export type UpdateUserInput = { firstName?: string; lastName?: string; role?: Role; status?: "ACTIVE" | "SUSPENDED" };

/**
 * ADMIN updates any member; a member may change their own names. Role changes need ADMIN
 * (403 with the spec's message); an admin cannot demote or suspend themselves.
 */
export async function updateUser(db: Db, caller: Caller, userId: string, input: UpdateUserInput, now: Date) {
  const isAdmin = caller.can("users.update");
  const isSelf = caller.userId === userId;
  if (input.role !== undefined && !isAdmin) throw new DomainError("FORBIDDEN", "Cannot change role without ADMIN privileges", { reason: "ROLE_CHANGE_FORBIDDEN" });
  if (!isAdmin && !isSelf) throw new DomainError("FORBIDDEN", "Forbidden: ADMIN required");
  if (input.status !== undefined && !isAdmin) throw new DomainError("FORBIDDEN", "Forbidden: ADMIN required");
  const { scope } = caller;
  const row = await memberRow(db, scope, userId);
  if (!row) throw userNotFound();
  if (isSelf && ((input.role && input.role !== row.m.role) || input.status === "SUSPENDED")) {
    throw new DomainError("UNPROCESSABLE", "You cannot change your own role or suspend yourself", { reason: "SELF_CHANGE_FORBIDDEN" });
  }
  if (row.m.status === "INVITED" && input.status === "ACTIVE") {
    throw new DomainError("UNPROCESSABLE", "An invited user becomes active by accepting the invitation");
  }
  await db.transaction(async (tx) => {
    if (input.firstName || input.lastName) {
      await tx
        .update(users)
        .set({ ...(input.firstName ? { firstName: input.firstName } : {}), ...(input.lastName ? { lastName: input.lastName } : {}), updatedAt: now })
        .where(eq(users.id, userId));
    }
    const roleChanged = input.role !== undefined && input.role !== row.m.role;
    const statusChanged = input.status !== undefined && input.status !== row.m.status;
    if (roleChanged || statusChanged) {
      await tx
        .update(memberships)
        .set({ ...(roleChanged ? { role: input.role } : {}), ...(statusChanged ? { status: input.status } : {}), updatedAt: now })
        .where(scope.where(memberships, eq(memberships.id, row.m.id)));
    }
    if (roleChanged) {
      await writeAudit(tx, caller, { action: "user.role_changed", targetType: "user", targetId: userId, metadata: { from: row.m.role, to: input.role } });
    }
    if (statusChanged) {
      await writeAudit(tx, caller, { action: "user.status_changed", targetType: "user", targetId: userId, metadata: { from: row.m.status, to: input.status } });
    }
  });
  const updated = (await memberRow(db, scope, userId))!;
  const u = serializeUser(updated.user, updated.m);
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, status: u.status, updatedAt: u.updatedAt };
}
