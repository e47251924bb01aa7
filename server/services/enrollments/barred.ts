import { unprocessable } from "../../errors";
import type { DomainError } from "../../errors";
import type { BarredStatus } from "../platform/who-may";

/**
 * The 422 a SUSPENDED or REVOKED learner gets when trying to take part (progress, quiz attempt,
 * attendance of any method): ENROLLMENT_SUSPENDED or ENROLLMENT_REVOKED, worded for the learner.
 */
export function barredEnrollmentError(status: BarredStatus): DomainError {
  return status === "SUSPENDED"
    ? unprocessable(
        "Enrollment is suspended: the learner cannot progress or sign attendance until an administrator reactivates it",
        { status: ["The enrollment is SUSPENDED"] },
        "ENROLLMENT_SUSPENDED",
      )
    : unprocessable("Enrollment is revoked: the learner can no longer progress or sign attendance", { status: ["The enrollment is REVOKED"] }, "ENROLLMENT_REVOKED");
}
