import { ZAttestationInput } from "../contracts/attendance-sheet";
import { ofModeProcedure } from "../api/trpc";
import { buildAttestationPdf } from "../services/attendance/attestation/attestation-pdf";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/qualiopi/emargement/{sessionId}/attestation/{userId}: the attestation d'assiduité
 * as a PDF file, documented by the `attendanceSheet.attestation` procedure.
 */
export const attendanceAttestationRoute = rawRoute({
  method: "GET",
  path: "/qualiopi/emargement/{sessionId}/attestation/{userId}",
  produces: "application/pdf",
  successDescription: "PDF file (Content-Disposition: attachment)",
  procedure: ofModeProcedure()
    .input(ZAttestationInput)
    .query(async ({ ctx, input }) => {
      const { pdf, filename } = await buildAttestationPdf(ctx.db, ctx.caller, input.sessionId, input.userId, ctx.clock.now());
      return { contentType: "application/pdf", filename, body: pdf };
    }),
});
