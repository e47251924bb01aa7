import { ZSheetInput } from "../contracts/attendance-sheet";
import { SHEET_RULES, SHEET_WHO } from "../api/routers/attendance-sheet";
import { authorizeSheet, sheetFilename } from "../services/attendance/sheet/sheet-data";
import { buildSheetPdf } from "../services/attendance/sheet/sheet-pdf";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/emargement/{sessionId}/pdf[?slotId=…]: the attendance sheet as a PDF file. Rendered
 * in the document pool's worker thread: this request waits for it, other requests keep being served.
 */
export const attendancePdfRoute = rawRoute({
  method: "GET",
  path: "/emargement/{sessionId}/pdf",
  query: ["slotId"],
  access: { permission: "attendance.sheetPdf", ofMode: true },
  input: ZSheetInput,
  doc: {
    summary: "Attendance sheet PDF of a session",
    description:
      `${SHEET_WHO} Answers \`application/pdf\` as an attachment (feuille-emargement-<date>-<sessionId>.pdf): A4, French, a first page with the training organisation ` +
      "(name, activity number, SIRET), the training (title, reference, modules in order), the session (dates, planned and actual times, remote modality), the trainers and a " +
      "per-slot overview and the session's totals per status; then one section per slot (per half-day with HALF_DAY slots) with the trainers' and every learner's drawn signature image or method, " +
      'the signature\'s time ("—" without one, never a correction\'s time), the status in words (Présent, Absent, Absence justifiée, En retard (n min), Départ anticipé (n min), À venir), ' +
      "each correction with its author, time, reason and what it corrected, and the slot's totals per status; every page's footer prints the chain hash and the verification URL. " +
      "A FUNDER downloads the sheet of a session that expects one of the enrollments their funder finances (registration AUTO: the enrollment is ACTIVE or COMPLETED " +
      "in the session's course; LIST: it is registered; 404 for any other session; Capacity is not applied to what a FUNDER sees: an AUTO session over its maxParticipants stays visible to the funder of an enrollee beyond the cap, whose attestation there is 404 (the session does not expect them)): the full sheet, signed by every " +
      "participant and the trainers, as the funder needs it to pay for the training (the sheet is one document: it proves the session took place as a whole). " +
      `${SHEET_RULES} Rendered in a worker thread, so a large sheet does not delay other requests; 503 with Retry-After when too many sheets are being rendered.`,
    tags: ["Attendance (Qualiopi)"],
    produces: "application/pdf",
    successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
    errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session (or slot) not found", 503: "Renderer busy" },
  },
  handler: async ({ ctx, input }) => {
    const target = await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
    const pdf = await buildSheetPdf(ctx.db, ctx.scope, target.sessionId, { slotId: target.slotId, now: ctx.clock.now(), timeZone: ctx.caller.tenant.timeZone });
    return { contentType: "application/pdf", filename: sheetFilename(target.sessionId, target.scheduledAt, target.slotId), body: pdf };
  },
});
