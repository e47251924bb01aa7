import { count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, enrollmentStatusEnum, funders, memberships, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TCreateEnrollmentInput, TListEnrollmentsInput, TUpdateEnrollmentInput } from "../../contracts/enrollments";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";
import { conflict, forbidden, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { getCourse, getOwnedCourse } from "../courses/access";
import { funderEnrollments, isCourseOwner } from "../platform/who-may";
import { emitEvent } from "../platform/events";
import { courseOfEnrollment, lockEnrollment, progressCountColumns } from "./access";
import { fullName, progressTotals, serializeEnrollment } from "./serialize";
import type { Caller } from "../../auth/caller";

type EnrollmentStatus = (typeof enrollments.$inferSelect)["status"];

/**
 * The learner of a new enrollment: a member of the tenant, or a learner already known here
 * through another enrollment (learners may have no membership). Anyone else: 404.
 */
export async function findLearner(tx: DbOrTx, scope: TenantScope, userId: string) {
  const [row] = await tx
    .select({
      user: users,
      membershipStatus: memberships.status,
      enrolledHere: sql<boolean>`exists (select 1 from ${enrollments} where ${scope.where(enrollments, eq(enrollments.userId, users.id))})`,
    })
    .from(users)
    .leftJoin(memberships, scope.where(memberships, eq(memberships.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  const known = row && (row.membershipStatus !== null || row.enrolledHere === true || (row.enrolledHere as unknown) === "t");
  if (!row || !known) throw notFound("User");
  if (row.membershipStatus === "SUSPENDED") throw unprocessable("User is suspended in this organisation", { userId: ["Suspended member"] });
  return row.user;
}

/**
 * Enrolls a learner for free (ADMIN, or the CREATOR of the course). Paid methods are refused:
 * they go through the payments flow, which creates the enrollment when the payment is captured.
 * A CANCELLED enrollment of the same learner and course is re-activated (one row per pair, its
 * progress kept); an ACTIVE or COMPLETED one answers 409. Emits enrollment.created.
 */
export async function createEnrollment(db: Db, caller: Caller, input: TCreateEnrollmentInput, now: Date) {
  if (input.paymentMethod !== "FREE") {
    throw unprocessable("Paid enrollment goes through the payments flow", { paymentMethod: ["Only FREE is accepted by this operation"] });
  }
  return db.transaction(async (tx) => {
    const course = await getOwnedCourse(tx, caller, input.courseId);
    return enrollLearner(tx, caller.scope, { course, userId: input.userId, paymentMethod: input.paymentMethod, enrolledBy: caller.userId, traineeCategory: input.traineeCategory, financingSource: input.financingSource, funderId: input.funderId }, now);
  });
}

/**
 * POST /enrollments/me: a signed-in member enrols THEMSELF in a FREE course of the catalogue (the
 * course page's "S'inscrire"), through enrollLearner like every enrollment. A paid course goes
 * through the checkout (POST /payments/checkout): 422 COURSE_NOT_FREE.
 */
export async function enrollSelf(db: Db, caller: Caller, courseId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(caller.scope.where(courses, eq(courses.id, courseId))).limit(1);
    if (!course) throw notFound("Course");
    if (course.price > 0) throw unprocessable("The course is paid: pay for it with POST /payments/checkout", { courseId: ["Paid course: use the checkout"] }, "COURSE_NOT_FREE");
    return enrollLearner(tx, caller.scope, { course, userId: caller.userId, paymentMethod: "FREE", enrolledBy: caller.userId }, now);
  });
}

type EnrollableCourse = { id: string; title: string; status: string };

/**
 * The one enrollment creation, in the caller's transaction: POST /enrollments (FREE) and the
 * payments flow (a captured payment, paymentMethod = its gateway, enrolledBy null when a gateway
 * callback captured it). The course must be PUBLISHED (422) and the learner known to the tenant
 * (404). A CANCELLED enrollment of the same learner and course is re-activated (one row per pair,
 * its progress kept); an ACTIVE or COMPLETED one answers 409, a REVOKED one 409 too (final).
 * Emits enrollment.created and logs the activity.
 */
export async function enrollLearner(
  tx: DbOrTx,
  scope: TenantScope,
  p: {
    course: EnrollableCourse;
    userId: string;
    paymentMethod: TCreateEnrollmentInput["paymentMethod"];
    enrolledBy: string | null;
    traineeCategory?: TCreateEnrollmentInput["traineeCategory"];
    financingSource?: TCreateEnrollmentInput["financingSource"];
    funderId?: string;
  },
  now: Date,
) {
  const { course } = p;
  if (course.status !== "PUBLISHED") throw unprocessable("Course is not published", { courseId: ["Only a PUBLISHED course accepts enrollments"] }, "COURSE_NOT_PUBLISHED");
  const learner = await findLearner(tx, scope, p.userId);
  const [existing] = await tx
    .select()
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, course.id), eq(enrollments.userId, learner.id)))
    .limit(1)
    .for("update");
  if (existing?.status === "REVOKED") throw conflict("The learner's enrollment in this course was revoked: revocation is final", "ENROLLMENT_REVOKED");
  if (existing && existing.status !== "CANCELLED") throw conflict("User is already enrolled in this course", "ALREADY_ENROLLED");

  const fields = {
    status: "ACTIVE" as const,
    paymentMethod: p.paymentMethod,
    traineeCategory: p.traineeCategory ?? existing?.traineeCategory ?? null,
    financingSource: p.financingSource ?? existing?.financingSource ?? null,
    funderId: p.funderId ? await tenantFunderId(tx, scope, p.funderId) : (existing?.funderId ?? null),
    enrolledBy: p.enrolledBy,
    enrolledAt: now,
    completedAt: null,
    cancelledAt: null,
    suspendedAt: null,
    revokedAt: null,
    statusReason: null,
    updatedAt: now,
  };
  const [row] = existing
    ? await tx.update(enrollments).set(fields).where(scope.where(enrollments, eq(enrollments.id, existing.id))).returning()
    : await tx
        .insert(enrollments)
        .values(scope.values(enrollments, { id: newId("enr"), courseId: course.id, userId: learner.id, ...fields }))
        .returning();
  const enrollment = row!;
  await emitEvent(tx, scope, "enrollment.created", {
    enrollmentId: enrollment.id,
    courseId: course.id,
    userId: learner.id,
    courseTitle: course.title,
    userName: fullName(learner),
    enrolledAt: enrollment.enrolledAt.toISOString(),
  });
  await logActivity(
    tx,
    scope,
    {
      userId: learner.id,
      action: "enrollment.created",
      courseId: course.id,
      enrollmentId: enrollment.id,
      metadata: { enrolledBy: p.enrolledBy, paymentMethod: p.paymentMethod, reactivated: Boolean(existing) },
    },
    now,
  );
  return serializeEnrollment(enrollment);
}

const courseRef = { id: courses.id, title: courses.title, slug: courses.slug, bannerMediaId: courses.bannerMediaId };

/** The caller's own enrollments in the tenant, newest first, with their progress. */
export async function listMyEnrollments(db: Db, caller: Caller, q: { page: number; limit: number; status?: EnrollmentStatus }) {
  const { scope } = caller;
  const where = scope.where(enrollments, eq(enrollments.userId, caller.userId), q.status ? eq(enrollments.status, q.status) : undefined);
  // Walks enrollments_tenant_user_idx (tenant, user, enrolled_at, id) in order.
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      db
        .select({ enrollment: enrollments, course: courseRef, ...progressCountColumns(scope) })
        .from(enrollments)
        .innerJoin(courses, courseOfEnrollment(scope))
        .where(where)
        .orderBy(desc(enrollments.enrolledAt), desc(enrollments.id))
        .limit(limit)
        .offset(offset),
    total: () => countOf(db.select({ n: count() }).from(enrollments).where(where)),
    map: (rows) => rows.map((r) => ({ ...serializeEnrollment(r.enrollment), course: r.course, progress: progressTotals(r.completedLessons, r.totalLessons) })),
  });
}

/**
 * Enrollments of the tenant for the management screens, newest first. ADMIN sees all of them;
 * a FUNDER those their funder finances, a CREATOR those of the courses they created (readableBy).
 */
export async function listEnrollments(db: Db, caller: Caller, q: TListEnrollmentsInput) {
  const { scope } = caller;
  const ownCourses = caller.can("enrollments.readTenant")
    ? undefined
    : caller.can("funders.perimeter")
      ? funderEnrollments(caller)
      : eq(courses.creatorId, caller.userId);
  const filters = [
    q.courseId ? eq(enrollments.courseId, q.courseId) : undefined,
    q.userId ? eq(enrollments.userId, q.userId) : undefined,
    q.status ? eq(enrollments.status, q.status) : undefined,
  ];
  const where = scope.where(enrollments, ...filters, ownCourses);
  // Walks enrollments_tenant_enrolled_idx (tenant, enrolled_at, id) in order, or the
  // (tenant, user, ...) index for one learner; courses and users are joined by primary key.
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      db
        .select({
          enrollment: enrollments,
          course: courseRef,
          learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
          ...progressCountColumns(scope),
        })
        .from(enrollments)
        .innerJoin(courses, courseOfEnrollment(scope))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(where)
        .orderBy(desc(enrollments.enrolledAt), desc(enrollments.id))
        .limit(limit)
        .offset(offset),
    // Without a filter (or with status alone) the maintained counters; a CREATOR's total joins their courses.
    total: () => {
      if (ownCourses) return countOf(db.select({ n: count() }).from(enrollments).innerJoin(courses, courseOfEnrollment(scope)).where(where));
      if (!q.courseId && !q.userId) return maintainedTotal(db, scope, totalKeys("enrollments", q.status ? [q.status] : enrollmentStatusEnum.enumValues));
      return countOf(db.select({ n: count() }).from(enrollments).where(where));
    },
    map: (rows) =>
      rows.map((r) => ({
        ...serializeEnrollment(r.enrollment),
        learner: r.learner,
        course: r.course,
        progress: progressTotals(r.completedLessons, r.totalLessons),
      })),
  });
}

/** The funder when it is one of the tenant's, else 422 on the `funderId` field. */
async function tenantFunderId(tx: DbOrTx, scope: TenantScope, funderId: string): Promise<string> {
  const [row] = await tx.select({ id: funders.id }).from(funders).where(scope.where(funders, eq(funders.id, funderId))).limit(1);
  if (!row) throw unprocessable("Unknown funder", { funderId: ["Unknown funder"] });
  return row.id;
}

/** ADMIN sets the BPF fields (conventions §10) and the funder; null clears one. */
export async function updateEnrollment(db: Db, caller: Caller, input: TUpdateEnrollmentInput, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const current = await lockEnrollment(tx, scope, input.id);
    const changes: Partial<Pick<typeof enrollments.$inferInsert, "traineeCategory" | "financingSource" | "funderId">> = {};
    if (input.traineeCategory !== undefined) changes.traineeCategory = input.traineeCategory;
    if (input.financingSource !== undefined) changes.financingSource = input.financingSource;
    if (input.funderId !== undefined) changes.funderId = input.funderId === null ? null : await tenantFunderId(tx, scope, input.funderId);
    if (Object.keys(changes).length === 0) return serializeEnrollment(current);
    const [row] = await tx
      .update(enrollments)
      .set({ ...changes, updatedAt: now })
      .where(scope.where(enrollments, eq(enrollments.id, current.id)))
      .returning();
    await logActivity(
      tx,
      scope,
      { userId: current.userId, action: "enrollment.updated", courseId: current.courseId, enrollmentId: current.id, metadata: { ...changes, updatedBy: caller.userId } },
      now,
    );
    return serializeEnrollment(row!);
  });
}

const CANCELLABLE: EnrollmentStatus[] = ["ACTIVE", "COMPLETED"];

/**
 * ACTIVE or COMPLETED -> CANCELLED by the course's creator or an ADMIN. Progress and quiz
 * attempts are kept (audit evidence); the learner loses access to the course.
 */
export async function cancelEnrollment(db: Db, caller: Caller, id: string, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const current = await lockEnrollment(tx, scope, id);
    const course = await getCourse(tx, scope, current.courseId);
    if (!isCourseOwner(course, caller)) throw forbidden("Forbidden: course not owned", "COURSE_NOT_OWNED");
    if (current.status === "CANCELLED") throw conflict("Enrollment is already cancelled", "ENROLLMENT_ALREADY_CANCELLED");
    if (!CANCELLABLE.includes(current.status)) throw conflict(`A ${current.status} enrollment cannot be cancelled`, "ENROLLMENT_TRANSITION_INVALID");
    const [row] = await tx
      .update(enrollments)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now })
      .where(scope.where(enrollments, eq(enrollments.id, current.id)))
      .returning();
    await logActivity(
      tx,
      scope,
      { userId: current.userId, action: "enrollment.cancelled", courseId: course.id, enrollmentId: current.id, metadata: { previousStatus: current.status, cancelledBy: caller.userId } },
      now,
    );
    return serializeEnrollment(row!);
  });
}
