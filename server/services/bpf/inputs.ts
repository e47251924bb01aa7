import { asc, eq, inArray } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { z } from "zod";
import type { ZChargesInput, ZCourseClassInput, ZEnrollmentSubcontractingInput, ZTrainerEngagementInput } from "../../contracts/bpf";
import { NSF_CODES } from "../../contracts/nsf";
import type { DbOrTx } from "../../db";
import { bpfCharges, courses, enrollments, memberships, trainerProfiles, users } from "../../db/schema";
import { notFound, unprocessable } from "../../errors";
import { TEACHING_ROLES } from "../platform/who-may";
import { writeAudit } from "../platform/audit";

/**
 * The BPF's hand-entered inputs: charges per year (frame D), each trainer's engagement (E-1
 * internal / E-2 external), each course's F-3 objective and F-4 NSF code, and an enrollment's
 * subcontracting (F-2 / G). Each write is audited; another tenant's id is 404.
 */

/** GET /bpf/year/{year}/charges: null when not entered. */
export async function getCharges(db: DbOrTx, caller: Caller, year: number) {
  const [row] = await db.select().from(bpfCharges).where(caller.scope.where(bpfCharges, eq(bpfCharges.year, year)));
  return row ? { year: row.year, totalCents: row.totalCents, trainerSalariesCents: row.trainerSalariesCents, trainingPurchasesCents: row.trainingPurchasesCents, updatedAt: row.updatedAt.toISOString() } : null;
}

/** PUT /bpf/year/{year}/charges: the two "of which" lines cannot exceed the total (422). */
export async function putCharges(db: DbOrTx, caller: Caller, input: z.infer<typeof ZChargesInput>, now: Date) {
  if (input.trainerSalariesCents + input.trainingPurchasesCents > input.totalCents) {
    const msg = "Salaries and purchases together cannot exceed the total charges";
    throw unprocessable(msg, { totalCents: [msg] });
  }
  return db.transaction(async (tx) => {
    const values = { totalCents: input.totalCents, trainerSalariesCents: input.trainerSalariesCents, trainingPurchasesCents: input.trainingPurchasesCents, updatedBy: caller.userId, updatedAt: now };
    await tx
      .insert(bpfCharges)
      .values(caller.scope.values(bpfCharges, { year: input.year, ...values }))
      .onConflictDoUpdate({ target: [bpfCharges.tenantId, bpfCharges.year], set: values });
    await writeAudit(tx, caller, { action: "bpf.charges_set", targetType: "bpf", targetId: String(input.year), metadata: { ...input } });
    return (await getCharges(tx, caller, input.year))!;
  });
}

/** GET /bpf/trainers: the members who may teach, with their engagement (null: not entered). */
export async function listTrainers(db: DbOrTx, caller: Caller) {
  const rows = await db
    .select({ userId: memberships.userId, firstName: users.firstName, lastName: users.lastName, role: memberships.role, engagement: trainerProfiles.engagement })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(trainerProfiles, sameTenant(trainerProfiles, memberships, trainerProfiles.userId, memberships.userId))
    .where(caller.scope.where(memberships, inArray(memberships.role, [...TEACHING_ROLES]), eq(memberships.status, "ACTIVE")))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(memberships.userId));
  return rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`, role: r.role, engagement: r.engagement ?? null }));
}

/** PUT /bpf/trainers/{userId}: any member of the tenant (a trainer who left keeps their past hours); else 404. */
export async function setTrainerEngagement(db: DbOrTx, caller: Caller, input: z.infer<typeof ZTrainerEngagementInput>, now: Date) {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: memberships.id }).from(memberships).where(caller.scope.where(memberships, eq(memberships.userId, input.userId)));
    if (!member) throw notFound("User");
    const set = { engagement: input.engagement, updatedBy: caller.userId, updatedAt: now };
    await tx
      .insert(trainerProfiles)
      .values(caller.scope.values(trainerProfiles, { userId: input.userId, ...set }))
      .onConflictDoUpdate({ target: [trainerProfiles.tenantId, trainerProfiles.userId], set });
    await writeAudit(tx, caller, { action: "bpf.trainer_engagement_set", targetType: "user", targetId: input.userId, metadata: { engagement: input.engagement } });
    return { userId: input.userId, engagement: input.engagement };
  });
}

const courseClassColumns = {
  id: courses.id,
  title: courses.title,
  status: courses.status,
  certificationNumber: courses.certificationNumber,
  trainingObjective: courses.trainingObjective,
  rncpLevel: courses.rncpLevel,
  nsfCode: courses.nsfCode,
};

/** GET /bpf/courses: every course (not archived) with its F-3 and F-4 fields. */
export async function listCourseClasses(db: DbOrTx, caller: Caller) {
  return db
    .select(courseClassColumns)
    .from(courses)
    .where(caller.scope.where(courses, inArray(courses.status, ["DRAFT", "PUBLISHED"])))
    .orderBy(asc(courses.title), asc(courses.id));
}

/** PATCH /bpf/courses/{courseId}: the fields given; RNCP needs its level, the NSF code must be of the list (422). */
export async function setCourseClass(db: DbOrTx, caller: Caller, input: z.infer<typeof ZCourseClassInput>, now: Date) {
  return db.transaction(async (tx) => {
    const [course] = await tx.select(courseClassColumns).from(courses).where(caller.scope.where(courses, eq(courses.id, input.courseId))).for("update");
    if (!course) throw notFound("Course");
    const next = {
      trainingObjective: input.trainingObjective === undefined ? course.trainingObjective : input.trainingObjective,
      rncpLevel: input.rncpLevel === undefined ? course.rncpLevel : input.rncpLevel,
      nsfCode: input.nsfCode === undefined ? course.nsfCode : input.nsfCode,
    };
    if (next.trainingObjective !== "RNCP") next.rncpLevel = null;
    const errors: Record<string, string[]> = {};
    if (next.trainingObjective === "RNCP" && next.rncpLevel === null) errors.rncpLevel = ["Required for an RNCP certification (2 to 8)"];
    if (next.nsfCode && !NSF_CODES[next.nsfCode]) errors.nsfCode = ["Not a code of the NSF list"];
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    await tx.update(courses).set({ ...next, updatedAt: now }).where(caller.scope.where(courses, eq(courses.id, course.id)));
    await writeAudit(tx, caller, { action: "bpf.course_class_set", targetType: "course", targetId: course.id, metadata: next });
    return { ...course, ...next };
  });
}

/** PUT /bpf/enrollments/{enrollmentId}/subcontracting. */
export async function setEnrollmentSubcontracting(db: DbOrTx, caller: Caller, input: z.infer<typeof ZEnrollmentSubcontractingInput>, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(enrollments)
      .set({ subcontracting: input.subcontracting, updatedAt: now })
      .where(caller.scope.where(enrollments, eq(enrollments.id, input.enrollmentId)))
      .returning({ id: enrollments.id });
    if (!row) throw notFound("Enrollment");
    await writeAudit(tx, caller, { action: "bpf.enrollment_subcontracting_set", targetType: "enrollment", targetId: row.id, metadata: { subcontracting: input.subcontracting } });
    return { enrollmentId: row.id, subcontracting: input.subcontracting };
  });
}
