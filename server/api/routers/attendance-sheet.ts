import { ATTENDANCE_STATUS_RULES } from "../../contracts/attendance";
import { ZSheetInput, ZSheetOutput } from "../../contracts/attendance-sheet";
import { one } from "../../contracts/envelope";
import { authorizeSheet, loadSheet } from "../../services/attendance/sheet/sheet-data";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Attendance (Qualiopi)"];

export const SHEET_WHO =
  "ADMIN, the course's creator and the session's trainers (permission attendance.read, then the session rule: another TRAINER or CREATOR gets 403); " +
  "404 for another tenant's session; 403 when the tenant's OF mode is off.";

export const SHEET_RULES =
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
 * runs the same chain (a raw route, server/http/raw-route.ts, which declares that operation); so is the
 * attestation (server/http/attendance-attestation.ts).
 */
export const attendanceSheetRouter = router({
  sheet: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}/sheet",
        tags,
        summary: "Attendance sheet data of a session",
        description: `${SHEET_WHO} ${SHEET_RULES} Canvas signatures are not inlined: hasSignature and signatureUrl (authenticated PNG download).`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session (or slot) not found" },
      },
    })
    .input(ZSheetInput)
    .output(ZSheetOutput)
    .query(async ({ ctx, input }) => {
      await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
      const { sheet } = await loadSheet(ctx.db, ctx.scope, input.sessionId, { slotId: input.slotId, now: ctx.clock.now(), timeZone: ctx.caller.tenant.timeZone });
      return one(sheet);
    }),
});
