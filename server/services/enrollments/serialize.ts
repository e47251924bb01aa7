import type { TEnrollment, TProgressTotals } from "../../contracts/enrollments";
import type { enrollments, lessonProgress } from "../../db/schema";

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type LessonProgressRow = typeof lessonProgress.$inferSelect;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function serializeEnrollment(e: EnrollmentRow): TEnrollment {
  return {
    id: e.id,
    courseId: e.courseId,
    userId: e.userId,
    status: e.status,
    paymentMethod: e.paymentMethod,
    traineeCategory: e.traineeCategory,
    financingSource: e.financingSource,
    funderId: e.funderId,
    enrolledAt: e.enrolledAt.toISOString(),
    completedAt: iso(e.completedAt),
    cancelledAt: iso(e.cancelledAt),
    suspendedAt: iso(e.suspendedAt),
    revokedAt: iso(e.revokedAt),
    statusReason: e.statusReason,
    lastActivityAt: iso(e.lastActivityAt),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function serializeProgressRecord(p: LessonProgressRow) {
  return {
    status: p.status,
    timeSpentSeconds: p.timeSpentSeconds,
    startedAt: iso(p.startedAt),
    completedAt: iso(p.completedAt),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Rounded down, so 100 means every lesson is done. */
export function percentOf(done: number, total: number): number {
  return total > 0 ? Math.floor((done * 100) / total) : 0;
}

export function progressTotals(completedLessons: number, totalLessons: number): TProgressTotals {
  return { percentage: percentOf(completedLessons, totalLessons), completedLessons, totalLessons };
}

export const fullName = (u: { firstName: string; lastName: string }): string => `${u.firstName} ${u.lastName}`.trim();
