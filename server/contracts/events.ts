import { z } from "zod";

/**
 * Isomorphic: imports only zod. The 14 events of the spec (Events §5), the schema of each
 * event's `data`, and the envelope a webhook receives. Every `data` schema is strict: an
 * emitter sends exactly these fields (tests/integration/events-schemas.test.ts parses every
 * emitted event with its schema). Conventions for the payloads: the ids of the objects
 * involved, the human-readable names a receiver needs to act without calling back (course
 * title, learner name), and ISO 8601 UTC timestamps of the change. Money is in cents.
 */

export const EVENT_NAMES = [
  "enrollment.created",
  "enrollment.completed",
  "enrollment.suspended",
  "enrollment.revoked",
  "payment.completed",
  "payment.refunded",
  "payment.failed",
  "course.published",
  "course.archived",
  "session.started",
  "session.ended",
  "emargement.signed",
  "certificate.generated",
  "user.created",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

const ZAt = z.iso.datetime().describe("ISO 8601 UTC timestamp");
const id = (prefix: string, what: string) => z.string().min(1).describe(`${what} (${prefix}_...)`);

const enrollmentRef = {
  enrollmentId: id("enr", "Enrollment id"),
  courseId: id("crs", "Course id"),
  userId: id("usr", "Learner's user id"),
  courseTitle: z.string().describe("Course title at the time of the event"),
  userName: z.string().describe("Learner's full name (first and last name)"),
};

const ZEnrollmentCreated = z
  .strictObject({ ...enrollmentRef, enrolledAt: ZAt })
  .describe("A learner was enrolled (POST /enrollments, a re-activated cancelled enrollment included; later the payments flow)");

const ZEnrollmentCompleted = z
  .strictObject({ ...enrollmentRef, enrolledAt: ZAt, completedAt: ZAt })
  .describe("The learner completed every lesson of the course (100 % progress): the enrollment became COMPLETED");

const ZEnrollmentSuspended = z
  .strictObject({
    ...enrollmentRef,
    reason: z.string().nullable().describe("The reason the admin gave, or null"),
    suspendedAt: ZAt,
    by: id("usr", "The admin who suspended it"),
  })
  .describe("An admin suspended an ACTIVE enrollment (POST /enrollments/{id}/suspend): the learner can neither progress nor sign until reactivated");

const ZEnrollmentRevoked = z
  .strictObject({
    ...enrollmentRef,
    previousStatus: z.enum(["ACTIVE", "COMPLETED", "SUSPENDED"]).describe("The status before revocation"),
    reason: z.string().describe("Why the enrollment was revoked"),
    revokedAt: ZAt,
    by: id("usr", "The admin who revoked it").nullable().describe("The admin who revoked it; null when revoked by the payments flow (refund)"),
  })
  .describe("The enrollment was revoked (POST /enrollments/{id}/revoke, or a refund): final, the learner loses access");

const ZGateway = z.enum(["PSP_A_ISV", "PSP_B", "FREE"]).describe("Payment gateway");
const paymentRef = {
  paymentId: id("pay", "Payment id"),
  enrollmentId: id("enr", "Enrollment id").nullable().describe("The enrollment the payment created or pays for; null when none exists yet"),
  courseId: id("crs", "Course id"),
  userId: id("usr", "Paying learner's user id"),
  courseTitle: z.string(),
  userName: z.string(),
  amount: z.number().int().describe("Amount of the payment in cents"),
  currency: z.string().length(3).describe("ISO 4217 currency code"),
  gateway: ZGateway,
  gatewayPaymentId: z.string().nullable().describe("The payment's id at the gateway"),
};

const ZPaymentCompleted = z.strictObject({ ...paymentRef, capturedAt: ZAt }).describe("The payment was captured (emitted by the payments flow)");
const ZPaymentRefunded = z
  .strictObject({
    ...paymentRef,
    refundId: z.string().describe("Refund id"),
    refundedAmount: z.number().int().describe("Amount refunded by this refund, in cents"),
    totalRefundedAmount: z.number().int().describe("Everything refunded on the payment so far, in cents"),
    full: z.boolean().describe("true when the payment is now entirely refunded"),
    refundedAt: ZAt,
  })
  .describe("A refund (partial or total) of the payment completed");
const ZPaymentFailed = z
  .strictObject({
    ...paymentRef,
    failureReason: z.string().describe("Why the payment failed, as reported by the gateway, or CANCELLED when the payer cancelled"),
    failedAt: ZAt,
  })
  .describe("The payment failed or was cancelled");

const courseRef = {
  courseId: id("crs", "Course id"),
  title: z.string(),
  slug: z.string(),
  creatorId: id("usr", "The course's creator"),
  previousStatus: z.enum(["DRAFT", "PUBLISHED", "ARCHIVED"]).describe("The status before the change"),
};
const ZCoursePublished = z.strictObject({ ...courseRef, publishedAt: ZAt }).describe("A DRAFT course was published (POST /courses/{id}/publish or PATCH status)");
const ZCourseArchived = z.strictObject({ ...courseRef, archivedAt: ZAt }).describe("A course was archived (DELETE /courses/{id} or PATCH status)");

const sessionRef = { sessionId: id("ses", "Live session id"), courseId: id("crs", "Course id"), title: z.string().describe("Session title") };
const ZSessionStarted = z.strictObject({ ...sessionRef, scheduledAt: ZAt, startedAt: ZAt }).describe("A SCHEDULED live session went LIVE");
const ZSessionEnded = z
  .strictObject({ ...sessionRef, scheduledAt: ZAt, startedAt: ZAt.nullable().describe("When it went LIVE"), endedAt: ZAt })
  .describe("A LIVE session ended");

const ZEmargementSigned = z
  .strictObject({
    emargementId: id("emg", "Attendance record id"),
    sessionId: id("ses", "Live session id"),
    courseId: id("crs", "Course id"),
    userId: id("usr", "Who the record is for (learner or trainer)"),
    enrollmentId: id("enr", "Enrollment id").nullable().describe("The learner's enrollment; null for a trainer's countersignature"),
    slotId: z.string().nullable().describe("The time slot signed, or null for the whole session"),
    method: z.enum(["QR", "QR_CODE", "PIN", "CANVAS", "AUTO", "OVERRIDE"]).describe("Signature method (OVERRIDE: an ADMIN correction)"),
    signedAt: ZAt,
    sealedHash: z.string().describe("The record's seal in the tenant's hash chain (sha256:...)"),
  })
  .describe("An attendance record was appended (any method, ADMIN corrections included)");

const ZCertificateGenerated = z
  .strictObject({
    documentId: id("doc", "Generated document id"),
    enrollmentId: id("enr", "Enrollment id"),
    courseId: id("crs", "Course id"),
    userId: id("usr", "Learner's user id"),
    sha256: z.string().regex(/^[0-9a-f]{64}$/).describe("Lower-case hex SHA-256 of the PDF"),
    generatedAt: ZAt,
  })
  .describe("The certificate of completion of an enrollment was generated");

const ZUserCreated = z
  .strictObject({
    userId: id("usr", "User id"),
    email: z.string().describe("E-mail address (lower-case)"),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(["ADMIN", "CREATOR", "TRAINER", "LEARNER", "FINANCIER", "FUNDER"]).describe("Role in the tenant"),
    status: z.enum(["ACTIVE", "INVITED"]).describe("Membership status: INVITED until the invitation is accepted"),
  })
  .describe("A user joined the tenant: POST /users, signup, SSO provisioning, or the first admin of a new tenant");

/** The `data` schema of each event. */
export const EVENT_DATA = {
  "enrollment.created": ZEnrollmentCreated,
  "enrollment.completed": ZEnrollmentCompleted,
  "enrollment.suspended": ZEnrollmentSuspended,
  "enrollment.revoked": ZEnrollmentRevoked,
  "payment.completed": ZPaymentCompleted,
  "payment.refunded": ZPaymentRefunded,
  "payment.failed": ZPaymentFailed,
  "course.published": ZCoursePublished,
  "course.archived": ZCourseArchived,
  "session.started": ZSessionStarted,
  "session.ended": ZSessionEnded,
  "emargement.signed": ZEmargementSigned,
  "certificate.generated": ZCertificateGenerated,
  "user.created": ZUserCreated,
} as const satisfies Record<EventName, z.ZodType>;

export type EventData<E extends EventName> = z.infer<(typeof EVENT_DATA)[E]>;

/** One sentence per event, for the webhooks section of the OpenAPI document and the UI's event picker. */
export const EVENT_SUMMARIES: Record<EventName, string> = {
  "enrollment.created": "A learner was enrolled",
  "enrollment.completed": "An enrollment reached 100 % progress",
  "enrollment.suspended": "An admin suspended an enrollment",
  "enrollment.revoked": "An enrollment was revoked (refund or admin)",
  "payment.completed": "A payment was captured",
  "payment.refunded": "A payment was refunded (partial or total)",
  "payment.failed": "A payment failed or was cancelled",
  "course.published": "A course went from DRAFT to PUBLISHED",
  "course.archived": "A course was archived",
  "session.started": "A live session started",
  "session.ended": "A live session ended",
  "emargement.signed": "An attendance record was signed",
  "certificate.generated": "A certificate of completion was generated",
  "user.created": "A user was created in the tenant",
};

/** The webhook body of one event: `{id, event, tenantId, createdAt, data}` (spec, Events §3). */
export function eventEnvelope<E extends EventName>(event: E) {
  return z
    .strictObject({
      id: z.string().regex(/^evt_/).describe("Event id (evt_...): the same on every delivery attempt of the event; use it to de-duplicate"),
      event: z.literal(event).describe("Event name"),
      tenantId: z.string().describe("The tenant (organisation) the event belongs to"),
      createdAt: ZAt.describe("When the change happened (the event was written in the change's transaction)"),
      data: EVENT_DATA[event],
    })
    .describe(`Webhook payload of ${event}`);
}

