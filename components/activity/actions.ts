/** The actions the learning activity log records (server/services/activity/log.ts), for the filter. */
export const ACTIVITY_ACTIONS = [
  "course.created",
  "course.updated",
  "course.published",
  "course.archived",
  "course.duplicated",
  "course.viewed",
  "course.ai_generated",
  "enrollment.created",
  "enrollment.cancelled",
  "enrollment.updated",
  "enrollment.completed",
  "enrollment.suspended",
  "enrollment.reactivated",
  "enrollment.revoked",
  "lesson.started",
  "lesson.completed",
  "module.completed",
  "quiz.submitted",
  "survey.scheduled",
  "survey.skipped",
  "survey.sent",
  "survey.answered",
] as const;

export const isKnownAction = (a: string): a is (typeof ACTIVITY_ACTIONS)[number] => (ACTIVITY_ACTIONS as readonly string[]).includes(a);
