import { ZAttestationInput } from "../contracts/attendance-sheet";
import { buildAttestationPdf } from "../services/attendance/attestation/attestation-pdf";
import { rawRoute } from "./raw-route";

/** GET /api/v1/qualiopi/emargement/{sessionId}/attestation/{userId}: the attestation d'assiduité as a PDF file. */
export const attendanceAttestationRoute = rawRoute({
  method: "GET",
  path: "/qualiopi/emargement/{sessionId}/attestation/{userId}",
  access: { member: true, ofMode: true },
  input: ZAttestationInput,
  doc: {
    summary: "Attestation d'assiduité of a learner for a session (PDF)",
    description:
      "Answers `application/pdf` as an attachment (attestation-assiduite-<date>-<session title>-<learner name>.pdf), rendered on demand by the document service's render pool (not stored): " +
      "the training organisation (name, activity number, SIRET), the course, the session (dates and times in the tenant's time zone, modality, place), the learner, the hours " +
      "attended in total and per slot, the planned hours and the rate. Hours come from the status function, the same as GET /qualiopi/emargement/{sessionId} " +
      "(learners[].attendanceMinutes and slots[].minutes): PRESENT counts the slot's length, LATE/LEFT_EARLY the length less the minutes, absences and NOT_YET 0 (a session " +
      "not held yet gives 0 h). Who: ADMIN, the course's creator, the session's trainers, the learner for themself, and a FUNDER for a learner whose enrollment their funder finances " +
      "in a session that expects that enrollment (registration AUTO: ACTIVE or COMPLETED in the session's course, within its capacity; LIST: registered; other learners and sessions: 404); anyone else 403; a learner outside the course gets 404; " +
      "userId must be an expected learner of the session, or a learner with a record in it (404 otherwise); 404 for another tenant's session.",
    tags: ["Attendance (Qualiopi)"],
    produces: "application/pdf",
    successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
    errorResponses: { 400: "Invalid id", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session or learner not found", 503: "Renderer busy" },
  },
  handler: async ({ ctx, input }) => {
    const { pdf, filename } = await buildAttestationPdf(ctx.db, ctx.caller, input.sessionId, input.userId, ctx.clock.now());
    return { contentType: "application/pdf", filename, body: pdf };
  },
});
