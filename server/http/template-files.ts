import { ZPreviewInput, ZTemplateExport, ZTemplateIdInput } from "../contracts/templates";
import { TEMPLATES_NOT_FOUND, TEMPLATES_WHO } from "../api/routers/templates";
import { exportTemplate, previewTemplate } from "../services/templates/templates";
import { rawRoute } from "./raw-route";

/** GET /api/v1/templates/export/{id}: the JSON export as a file. */
export const templateExportRoute = rawRoute({
  method: "GET",
  path: "/templates/export/{id}",
  access: { permission: "templates.manage" },
  input: ZTemplateIdInput,
  successSchema: ZTemplateExport,
  doc: {
    summary: "Export a template as a JSON file",
    description: `${TEMPLATES_WHO} Answers a JSON file (Content-Disposition: attachment, modele-<name>.json): {format: "template/v1", exportedAt, template: {name, category, kind, body, isActive, fields}}; its template member minus kind is a valid POST /templates body. SYSTEM templates export too.`,
    tags: ["Templates"],
    produces: "application/json",
    successDescription: "JSON file (application/json, attachment)",
    errorResponses: { 401: "Unauthorized", 403: "Role not allowed", ...TEMPLATES_NOT_FOUND },
  },
  handler: async ({ ctx, input }) => {
    const { fileName, json } = await exportTemplate(ctx.db, ctx.caller, input.id, ctx.clock.now());
    return { contentType: "application/json; charset=utf-8", filename: fileName, body: Buffer.from(`${JSON.stringify(json, null, 2)}\n`, "utf8") };
  },
});

/** POST /api/v1/templates/{id}/preview: the preview PDF (inline). */
export const templatePreviewRoute = rawRoute({
  method: "POST",
  path: "/templates/{id}/preview",
  access: { permission: "templates.manage" },
  input: ZPreviewInput,
  doc: {
    summary: "Preview a template as PDF",
    description:
      `${TEMPLATES_WHO} Answers application/pdf (inline, apercu-<id>.pdf): the template rendered with the catalogue's example values, the tenant's own organisation values, and for its fields the body's values (else "[label]"). ` +
      "Optional body {body?, values?}: body renders the editor's unsaved text instead of the stored one (the same rules as PATCH). Nothing is stored; SYSTEM templates preview too. " +
      "Rendered in the document worker pool (embedded DejaVu fonts); 503 with Retry-After when the pool is saturated.",
    tags: ["Templates"],
    produces: "application/pdf",
    successDescription: "PDF file (application/pdf, inline)",
    errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Role not allowed", ...TEMPLATES_NOT_FOUND, 503: "Renderer busy" },
  },
  handler: async ({ ctx, input }) => {
    const pdf = await previewTemplate(ctx.db, ctx.caller, input, ctx.clock.now());
    return { contentType: "application/pdf", filename: `apercu-${input.id}.pdf`, disposition: "inline" as const, body: pdf };
  },
});
