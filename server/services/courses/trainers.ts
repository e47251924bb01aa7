import { asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courseTrainers, memberships, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, unprocessable, type FieldErrors } from "../../errors";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { getCourse, getOwnedCourse } from "./access";
import { isCourseOwner, TEACHING_ROLES } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

async function trainersOf(db: DbOrTx, scope: TenantScope, courseId: string) {
  const rows = await db
    .select({
      userId: courseTrainers.userId,
      role: courseTrainers.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      memberRole: memberships.role,
      assignedAt: courseTrainers.createdAt,
    })
    .from(courseTrainers)
    .innerJoin(users, eq(users.id, courseTrainers.userId))
    .innerJoin(memberships, scope.where(memberships, eq(memberships.userId, courseTrainers.userId)))
    .where(scope.where(courseTrainers, eq(courseTrainers.courseId, courseId)))
    .orderBy(asc(courseTrainers.role), asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({ ...r, assignedAt: r.assignedAt.toISOString() }));
}

/**
 * GET /courses/{id}/trainers: for the owner (creator or ADMIN), for anyone allowed to teach when
 * the course is PUBLISHED, and for the course's own trainers whatever its status (403 otherwise).
 */
export async function listCourseTrainers(db: Db, caller: Caller, courseId: string) {
  const course = await getCourse(db, caller.scope, courseId);
  const list = await trainersOf(db, caller.scope, course.id);
  const allowed = course.status === "PUBLISHED" || isCourseOwner(course, caller) || list.some((t) => t.userId === caller.userId);
  if (!allowed) throw forbidden("Forbidden: you do not own this course", "COURSE_NOT_OWNED");
  return list;
}

/**
 * PUT /courses/{id}/trainers: replaces the course's trainers (owner only). Each user must be
 * an ACTIVE member with role TRAINER, CREATOR or ADMIN; at most one PRIMARY; no duplicates (422).
 */
export async function setCourseTrainers(
  db: Db,
  caller: Caller,
  courseId: string,
  trainers: { userId: string; role: "PRIMARY" | "SECONDARY" }[],
  now: Date,
) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
    const errors: FieldErrors = {};
    const ids = trainers.map((t) => t.userId);
    const members = ids.length
      ? await tx
          .select({ userId: memberships.userId, role: memberships.role, status: memberships.status })
          .from(memberships)
          .where(scope.where(memberships, inArray(memberships.userId, ids)))
      : [];
    const byUser = new Map(members.map((m) => [m.userId, m]));
    const seen = new Set<string>();
    trainers.forEach((t, i) => {
      const m = byUser.get(t.userId);
      if (seen.has(t.userId)) errors[`trainers.${i}.userId`] = ["Listed twice"];
      else if (!m || m.status !== "ACTIVE" || !(TEACHING_ROLES as readonly string[]).includes(m.role)) {
        errors[`trainers.${i}.userId`] = ["Not an active TRAINER, CREATOR or ADMIN of this organisation"];
      }
      seen.add(t.userId);
    });
    if (trainers.filter((t) => t.role === "PRIMARY").length > 1) errors.trainers = ["At most one PRIMARY trainer"];
    if (Object.keys(errors).length) throw unprocessable("Invalid trainers", errors);

    // Keep the rows (and their assignment dates) of trainers who stay; change roles in place.
    const current = await tx.select().from(courseTrainers).where(scope.where(courseTrainers, eq(courseTrainers.courseId, course.id)));
    const wanted = new Map(trainers.map((t) => [t.userId, t.role]));
    const gone = current.filter((c) => !wanted.has(c.userId)).map((c) => c.id);
    if (gone.length) await tx.delete(courseTrainers).where(scope.where(courseTrainers, inArray(courseTrainers.id, gone)));
    for (const c of current) {
      const role = wanted.get(c.userId);
      if (role && role !== c.role) await tx.update(courseTrainers).set({ role }).where(scope.where(courseTrainers, eq(courseTrainers.id, c.id)));
    }
    const kept = new Set(current.map((c) => c.userId));
    const added = trainers.filter((t) => !kept.has(t.userId));
    if (added.length) {
      await tx
        .insert(courseTrainers)
        .values(scope.valuesMany(courseTrainers, added.map((t) => ({ id: newId("ctr"), courseId: course.id, userId: t.userId, role: t.role, createdAt: now }))));
    }
    await logActivity(tx, scope, { userId: caller.userId, action: "course.updated", courseId: course.id, metadata: { trainers: trainers.map((t) => `${t.userId}:${t.role}`) } }, now);
    return trainersOf(tx, scope, course.id);
  });
}

/** GET /trainers: ACTIVE members who may teach (TRAINER, CREATOR, ADMIN), for trainer pickers. */
export async function listTeachingMembers(db: Db, scope: TenantScope) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scope.where(memberships, inArray(memberships.role, [...TEACHING_ROLES]), eq(memberships.status, "ACTIVE")))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(500);
  return rows.map((r) => ({ ...r, role: r.role as (typeof TEACHING_ROLES)[number] }));
}
