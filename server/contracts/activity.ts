import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";

/** Isomorphic: imports only zod. The learning activity log (spec, Activity log). */

const ZActivityItem = z.object({
  id: z.string().describe("act_ identifier"),
  userId: z.string().nullable().describe("The user the activity is about (the learner for enrollment, lesson and quiz actions)"),
  userName: z.string().nullable(),
  action: z.string().describe("course.published, enrollment.created, lesson.completed, quiz.submitted, ..."),
  courseId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  lessonId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: ZTimestamp,
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

const ZActivityLimit = z.coerce.number().int().min(1).max(100).default(50).describe("At most this many entries, newest first (max 100)");

export const ZCourseActivityInput = z.object({ slug: z.string().max(MAX.slug).describe("Course slug (the course id is accepted too)"), limit: ZActivityLimit });
export const ZEnrollmentActivityInput = z.object({ id: z.string().max(MAX.id).describe("Enrollment id"), limit: ZActivityLimit });
export const ZActivityOutput = envelope(z.array(ZActivityItem));

/** A calendar date (whole day, UTC) or an ISO 8601 date-time. */
const ZDateBound = z.union([z.iso.date().max(MAX.date), z.iso.datetime({ offset: true }).max(MAX.dateTime)], { error: "Expected an ISO 8601 date or date-time" });

export const ZListActivityInput = ZLimitPageInput.extend({
  userId: z.string().max(MAX.id).optional(),
  action: z.string().max(100).optional(),
  dateFrom: ZDateBound.optional().describe("Entries at or after this instant (a date means its start, UTC)"),
  dateTo: ZDateBound.optional().describe("Entries at or before this instant (a date includes the whole day, UTC)"),
});
export type TListActivityInput = z.infer<typeof ZListActivityInput>;
export const ZListActivityOutput = listEnvelope(ZActivityItem, ZLimitPageMeta);
