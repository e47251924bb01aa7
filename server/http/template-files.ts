import { ZPreviewInput, ZTemplateIdInput } from "../contracts/templates";
import { can } from "../api/trpc";
import { exportTemplate, previewTemplate } from "../services/templates/templates";
import { rawRoute } from "./raw-route";

/** GET /api/v1/templates/export/{id}: the JSON export as a file, documented by `templates.export`. */
export const templateExportRoute = rawRoute({
  method: "GET",
  path: "/templates/export/{id}",
  produces: "application/json",
  successDescription: "JSON file (Content-Disposition: attachment)",
  procedure: can("templates.manage")
    .input(ZTemplateIdInput)
    .query(async ({ ctx, input }) => {
      const { fileName, json } = await exportTemplate(ctx.db, ctx.caller, input.id, ctx.clock.now());
      return { contentType: "application/json; charset=utf-8", filename: fileName, body: Buffer.from(`${JSON.stringify(json, null, 2)}\n`, "utf8") };
    }),
});

/** POST /api/v1/templates/{id}/preview: the preview PDF (inline), documented by `templates.preview`. */
export const templatePreviewRoute = rawRoute({
  method: "POST",
  path: "/templates/{id}/preview",
  produces: "application/pdf",
  successDescription: "PDF file (inline)",
  procedure: can("templates.manage")
    .input(ZPreviewInput)
    .query(async ({ ctx, input }) => {
      const pdf = await previewTemplate(ctx.db, ctx.caller, input, ctx.clock.now());
      return { contentType: "application/pdf", filename: `apercu-${input.id}.pdf`, disposition: "inline" as const, body: pdf };
    }),
});
