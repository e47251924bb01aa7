import { ATTENDANCE_STATUS_RULES } from "../../contracts/attendance";
import { ZAttestationInput, ZSheetInput, ZSheetOutput, ZSheetPdfOutput } from "../../contracts/attendance-sheet";
import { buildAttestationPdf } from "../../services/attendance/attestation/attestation-pdf";
import { authorizeSheet, loadSheet } from "../../services/attendance/sheet/sheet-data";
import { buildSheetPdf } from "../../services/attendance/sheet/sheet-pdf";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Attendance (Qualiopi)"];

const WHO =
  "ADMIN, the course's creator and the session's trainers (permission attendance.read, then the session rule: another TRAINER or CREATOR gets 403); " +
  "404 for another tenant's session; 403 when the tenant's OF mode is off.";

const RULES =
  "Slots: the session's attendance slots in order; a session without slots has one slot covering the whole session (id null). `slotId` keeps one slot (404 when it is not the session's). " +
  "Learners: the ones the session expects (registration AUTO: the course's ACTIVE or COMPLETED enrollees up to capacity; LIST: its registered participants), sorted by last name, plus anyone who signed as a learner and has lost the enrollment since (enrolled false). " +
  "Trainers: the session's trainers, plus a course creator who countersigned. " +
  `Each learner row carries ${ATTENDANCE_STATUS_RULES} ` +
  "Per row: status (with minutes late / left early, the justification of an excused absence), minutes, signedAt and `signature` (the learner's own record for the slot, whatever a " +
  "correction decided), `record` (the record that decided) and the corrections applying to the slot with author, time, reason and the record they corrected. " +
  "Totals per status per slot (summary.byStatus) and for the session (summary, the same as GET /qualiopi/emargement/{sessionId}). " +
  "The place (name, address, room) when the session has one; the delivery mode in words. "+
  "Identity: the activity number (numéro de déclaration d'activité) is the NDA of the tenant's legal identity (GET /billing/legal-identity, printed \"11 75 12345 75\"), else the tenant's integrations.activityNumber (never a course's own); SIRET is the legal identity's, else integrations.siret; " +
  "null (printed \"non renseigné\") when not recorded. Times are printed in the tenant's time zone (Europe/Paris by default). " +
  "chain.hash is the sealedHash of the session's latest record in the tenant's chain (null without records); chain.verificationUrl is the tenant UI page that verifies it.";

/**
 * The attendance sheet (feuille d'émargement): JSON data and the PDF. The PDF's REST answer is
 * binary, so GET /emargement/{sessionId}/pdf is served by server/http/attendance-pdf.ts, which
 * runs the same chain (a raw route, server/http/raw-route.ts); the `pdf` procedure documents that path
 * and serves the tRPC transport (base64).
 */
export const attendanceSheetRouter = router({
  sheet: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}/sheet",
        tags,
        summary: "Attendance sheet data of a session",
        description: `${WHO} ${RULES} Canvas signatures are not inlined: hasSignature and signatureUrl (authenticated PNG download).`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session (or slot) not found" },
      },
    })
    .input(ZSheetInput)
    .output(ZSheetOutput)
    .query(async ({ ctx, input }) => {
      await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
      const { sheet } = await loadSheet(ctx.db, ctx.scope, input.sessionId, { slotId: input.slotId, now: ctx.clock.now(), timeZone: ctx.caller.tenant.timeZone });
      return { data: sheet };
    }),

  pdf: ofModeProcedure("attendance.sheetPdf")
    .meta({
      openapi: {
        method: "GET",
        path: "/emargement/{sessionId}/pdf",
        tags,
        summary: "Attendance sheet PDF of a session",
        description:
          `${WHO} Answers \`application/pdf\` as an attachment (feuille-emargement-<date>-<sessionId>.pdf): A4, French, a first page with the training organisation ` +
          "(name, activity number, SIRET), the training (title, reference, modules in order), the session (dates, planned and actual times, remote modality), the trainers and a " +
          "per-slot overview and the session's totals per status; then one section per slot (per half-day with HALF_DAY slots) with the trainers' and every learner's drawn signature image or method, " +
          "the signature's time (\"—\" without one, never a correction's time), the status in words (Présent, Absent, Absence justifiée, En retard (n min), Départ anticipé (n min), À venir), " +
          "each correction with its author, time, reason and what it corrected, and the slot's totals per status; every page's footer prints the chain hash and the verification URL. " +
          "A FUNDER downloads the sheet of a session one of the enrollments their funder finances is registered to (404 for any other session): the full sheet, signed by every " +
          "participant and the trainers, as the funder needs it to pay for the training (the sheet is one document: it proves the session took place as a whole). " +
          `${RULES} Rendered in a worker thread, so a large sheet does not delay other requests; 503 with Retry-After when too many sheets are being rendered.`,
        successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session (or slot) not found", 503: "Renderer busy" },
      },
    })
    .input(ZSheetInput)
    .output(ZSheetPdfOutput)
    .query(async ({ ctx, input }) => {
      await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
      const pdf = await buildSheetPdf(ctx.db, ctx.scope, input.sessionId, { slotId: input.slotId, now: ctx.clock.now(), timeZone: ctx.caller.tenant.timeZone });
      return Buffer.from(pdf).toString("base64");
    }),


  attestation: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}/attestation/{userId}",
        tags,
        summary: "Attestation d'assiduité of a learner for a session (PDF)",
        description:
          "Answers `application/pdf` as an attachment (attestation-assiduite-<date>-<sessionId>-<userId>.pdf), rendered on demand by the document service's render pool (not stored): " +
          "the training organisation (name, activity number, SIRET), the course, the session (dates and times in the tenant's time zone, modality, place), the learner, the hours " +
          "attended in total and per slot, the planned hours and the rate. Hours come from the status function, the same as GET /qualiopi/emargement/{sessionId} " +
          "(learners[].attendanceMinutes and slots[].minutes): PRESENT counts the slot's length, LATE/LEFT_EARLY the length less the minutes, absences and NOT_YET 0 (a session " +
          "not held yet gives 0 h). Who: ADMIN, the course's creator, the session's trainers, the learner for themself, and a FUNDER for a learner whose enrollment their funder finances " +
          "in a session that enrollment is registered to (other learners and sessions: 404); anyone else 403; a learner outside the course gets 404; " +
          "userId must be an expected learner of the session, or a learner with a record in it (404 otherwise); 404 for another tenant's session.",
        successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
        errorResponses: { 400: "Invalid id", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session or learner not found", 503: "Renderer busy" },
      },
    })
    .input(ZAttestationInput)
    .output(ZSheetPdfOutput)
    .query(async ({ ctx, input }) => {
      const { pdf } = await buildAttestationPdf(ctx.db, ctx.caller, input.sessionId, input.userId, ctx.clock.now());
      return Buffer.from(pdf).toString("base64");
    }),
});
