import { ZSheetInput, ZSheetOutput, ZSheetPdfOutput } from "../../contracts/attendance-sheet";
import { authorizeSheet, loadSheet } from "../../services/attendance/sheet/sheet-data";
import { buildSheetPdf } from "../../services/attendance/sheet/sheet-pdf";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Attendance (Qualiopi)"];

const WHO =
  "ADMIN, the course's creator and the session's trainers (permission attendance.read, then the session rule: another TRAINER or CREATOR gets 403); " +
  "404 for another tenant's session; 403 when the tenant's OF mode is off.";

const RULES =
  "Slots: the session's attendance slots in order; a session without slots has one slot covering the whole session (id null). `slotId` keeps one slot (404 when it is not the session's). " +
  "Learners: every ACTIVE or COMPLETED enrollment of the course, sorted by last name, plus anyone who signed as a learner and has lost the enrollment since (enrolled false). " +
  "Trainers: the session's trainers, plus a course creator who countersigned. " +
  "A sheet proves signatures made at the time, per slot: a signature (QR, QR_CODE, PIN, CANVAS) with a slotId counts for that slot; a session-level one (slotId null) counts for " +
  "the slot during which it was made (before the first slot: the first; after the last: the last). AUTO and OVERRIDE records with slotId null apply to every slot. " +
  "Status per slot and person: the slot's own OVERRIDE (the latest) decides (PRESENT when attendanceMinutes > 0); a session-level OVERRIDE of 0 minutes makes the person ABSENT " +
  "in every slot; otherwise a signature for the slot (its own first, else the session-level one) makes them PRESENT, else an AUTO record whose connection overlaps the slot; " +
  "otherwise a session-level OVERRIDE crediting the whole session's duration does; a partial one cannot say which slots it covers, so it changes no status and is listed with " +
  "its reason in every slot's `overrides`; otherwise ABSENT. `record` is the record that decided (or the person's latest AUTO record when absent). " +
  "Identity: the activity number (numéro de déclaration d'activité) is the tenant's integrations.activityNumber, else the course's activityNumber; SIRET is integrations.siret; " +
  "null (printed \"non renseigné\") when not recorded. Times are printed in Europe/Paris. " +
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
      const { sheet } = await loadSheet(ctx.db, ctx.scope, input.sessionId, { slotId: input.slotId, now: ctx.clock.now() });
      return { data: sheet };
    }),

  pdf: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/emargement/{sessionId}/pdf",
        tags,
        summary: "Attendance sheet PDF of a session",
        description:
          `${WHO} Answers \`application/pdf\` as an attachment (feuille-emargement-<date>-<sessionId>.pdf): A4, French, a first page with the training organisation ` +
          "(name, activity number, SIRET), the training (title, reference, modules in order), the session (dates, planned and actual times, remote modality), the trainers and a " +
          "per-slot overview; then one section per slot (per half-day with HALF_DAY slots) with the trainers' and every learner's drawn signature image or method and time, " +
          "\"Absent\" marked explicitly, corrections with their reason and author; every page's footer prints the chain hash and the verification URL. " +
          `${RULES} Rendered in a worker thread, so a large sheet does not delay other requests; 503 with Retry-After when too many sheets are being rendered.`,
        successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not allowed, or OF mode off", 404: "Session (or slot) not found", 503: "Renderer busy" },
      },
    })
    .input(ZSheetInput)
    .output(ZSheetPdfOutput)
    .query(async ({ ctx, input }) => {
      await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
      const pdf = await buildSheetPdf(ctx.db, ctx.scope, input.sessionId, { slotId: input.slotId, now: ctx.clock.now() });
      return Buffer.from(pdf).toString("base64");
    }),

});
