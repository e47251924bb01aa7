import { ZSheetInput } from "../contracts/attendance-sheet";
import { ofModeProcedure } from "../api/trpc";
import { authorizeSheet, sheetFilename } from "../services/attendance/sheet/sheet-data";
import { buildSheetPdf } from "../services/attendance/sheet/sheet-pdf";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/emargement/{sessionId}/pdf[?slotId=…]: the attendance sheet as a PDF file,
 * documented by the `attendanceSheet.pdf` procedure. Rendered in the document pool's worker
 * thread: this request waits for it, other requests keep being served.
 */
export const attendancePdfRoute = rawRoute({
  method: "GET",
  path: "/emargement/{sessionId}/pdf",
  query: ["slotId"],
  produces: "application/pdf",
  successDescription: "PDF file (Content-Disposition: attachment)",
  procedure: ofModeProcedure("attendance.sheetPdf")
    .input(ZSheetInput)
    .query(async ({ ctx, input }) => {
      const target = await authorizeSheet(ctx.db, ctx.caller, input.sessionId, input.slotId);
      const pdf = await buildSheetPdf(ctx.db, ctx.scope, target.sessionId, { slotId: target.slotId, now: ctx.clock.now(), timeZone: ctx.caller.tenant.timeZone });
      return { contentType: "application/pdf", filename: sheetFilename(target.sessionId, target.scheduledAt, target.slotId), body: pdf };
    }),
});
