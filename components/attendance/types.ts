import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Out = inferRouterOutputs<AppRouter>;

/** A sealed attendance record as the signing procedures answer it. */
export type AttendanceRecord = Out["attendance"]["signPin"]["data"];
/** qualiopiAttendance.sessionAttendance: the roster of a session (moderators). */
export type SessionAttendance = Out["qualiopiAttendance"]["sessionAttendance"]["data"];
export type RosterLearner = SessionAttendance["learners"][number];
export type MediaToken = Out["sessions"]["token"]["data"];
export type UpcomingSession = Out["enrollments"]["upcomingSessions"]["data"][number];

/** qualiopiAttendance.slots: a time slot with the caller's own signature. */
export type SessionSlot = Out["qualiopiAttendance"]["slots"]["data"][number];
