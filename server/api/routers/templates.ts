import { z } from "zod";
import {
  ZCatalogInput,
  ZCatalogOutput,
  ZCreateTemplateInput,
  ZFieldIdInput,
  ZListTemplatesInput,
  ZListTemplatesOutput,
  ZReplaceFieldsInput,
  ZTemplateFieldsOutput,
  ZTemplateIdInput,
  ZTemplateOutput,
  ZUpdateTemplateInput,
} from "../../contracts/templates";
import { one } from "../../contracts/envelope";
import { catalogFor } from "../../services/templates/catalog";
import {
  createTemplate,
  deleteField,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  replaceFields,
  updateTemplate,
} from "../../services/templates/templates";
import { can, router } from "../trpc";

const tags = ["Templates"];
const WHO = "ADMIN or CREATOR (permission templates.manage), for reads and writes alike: templates are the organisation's back-office material.";
const notFound = { 404: "Template not found (or another tenant's)" };
const system403 = { 403: "Role not allowed, or a SYSTEM template (SYSTEM_TEMPLATE_READ_ONLY: duplicate it to adapt it)" };
const BODY =
  "Body: text with {{variable}} placeholders (GET /templates/variables/catalog lists each category's variables; a template's own fields are {{key}} too) in a small safe markdown subset: " +
  "`#`/`##`/`###` headings, paragraphs, `- ` lists, `**bold**`, `---` rules; nothing else is interpreted (no HTML, links or images).";

/**
 * Document templates (spec: Templates table; conventions §12). GET /templates/export/{id} and
 * POST /templates/{id}/preview answer files on REST (server/http/template-files.ts, raw routes);
 * the procedures here document them and serve the tRPC transport.
 */
export const templatesRouter = router({
  list: can("templates.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/templates",
        tags,
        summary: "List document templates",
        description: `${WHO} Filters category, kind (SYSTEM or CUSTOM), isActive, search (case-insensitive substring of the name). Newest first; paginated (page, limit).`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Role not allowed" },
      },
    })
    .input(ZListTemplatesInput)
    .output(ZListTemplatesOutput)
    .query(({ ctx, input }) => listTemplates(ctx.db, ctx.caller, input)),

  create: can("templates.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/templates",
        tags,
        summary: "Create a CUSTOM template",
        description: `${WHO} Always kind CUSTOM (kind is read-only). ${BODY} fields: [{key, label, type (TEXT, NUMBER, DATE, BOOLEAN), required}], keys unique (400 naming the duplicate).`,
        errorResponses: { 400: "Invalid body, unknown field or duplicate field key", 401: "Unauthorized", 403: "Role not allowed" },
      },
    })
    .input(ZCreateTemplateInput)
    .output(ZTemplateOutput)
    .mutation(async ({ ctx, input }) => one(await createTemplate(ctx.db, ctx.caller, input, ctx.clock.now()))),

  catalog: can("templates.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/templates/variables/catalog",
        tags,
        summary: "Variables offered to a template category",
        description: `${WHO} query category (required). Each variable: key (write {{key}} in the body), its French label and the example value the preview prints. Organisation values come from the tenant: its name, and the SIRET, NDA and address of its legal identity (GET /billing/legal-identity), else integrations.siret, activityNumber and address.`,
        errorResponses: { 400: "Missing or unknown category", 401: "Unauthorized", 403: "Role not allowed" },
      },
    })
    .input(ZCatalogInput)
    .output(ZCatalogOutput)
    .query(({ input }) => one({ category: input.category, variables: catalogFor(input.category) })),

  get: can("templates.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/templates/{id}",
        tags,
        summary: "Template detail",
        description: `${WHO} With body, fields (in order) and documentCount (documents generated from it).`,
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed", ...notFound },
      },
    })
    .input(ZTemplateIdInput)
    .output(ZTemplateOutput)
    .query(async ({ ctx, input }) => one(await getTemplate(ctx.db, ctx.caller, input.id))),

  update: can("templates.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/templates/{id}",
        tags,
        summary: "Edit a CUSTOM template",
        description: `${WHO} Partial: name, category, body, isActive. SYSTEM templates answer 403 (SYSTEM_TEMPLATE_READ_ONLY). ${BODY} Documents already generated keep their file.`,
        errorResponses: { 400: "Invalid body or unknown field", 401: "Unauthorized", ...system403, ...notFound },
      },
    })
    .input(ZUpdateTemplateInput)
    .output(ZTemplateOutput)
    .mutation(async ({ ctx, input }) => one(await updateTemplate(ctx.db, ctx.caller, input, ctx.clock.now()))),

  delete: can("templates.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/templates/{id}",
        tags,
        summary: "Delete a CUSTOM template",
        description: `${WHO} 403 on a SYSTEM template; 409 (TEMPLATE_IN_USE) when documents were generated from it (deactivate it with isActive false instead); 204 otherwise, with its fields.`,
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", ...system403, ...notFound, 409: "Documents were generated from it" },
      },
    })
    .input(ZTemplateIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteTemplate(ctx.db, ctx.caller, input.id);
    }),

  duplicate: can("templates.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/templates/{id}/duplicate",
        tags,
        summary: "Duplicate a template (CUSTOM clone)",
        description: `${WHO} Any template, SYSTEM included: a CUSTOM copy named "<name> (copie)", active, with the same category, body and fields; sourceTemplateId names the original.`,
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed", ...notFound },
      },
    })
    .input(ZTemplateIdInput)
    .output(ZTemplateOutput)
    .mutation(async ({ ctx, input }) => one(await duplicateTemplate(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  replaceFields: can("templates.manage")
    .meta({
      openapi: {
        method: "PUT",
        path: "/templates/{id}/fields",
        tags,
        summary: "Replace a template's fields",
        description: `${WHO} Body {fields: [{key, label, type, required}]} (up to 100): every existing field is replaced in one transaction (new ids; the order given is the position); an empty list removes them all. Keys unique (400). SYSTEM templates: 403. Answers the new fields.`,
        errorResponses: { 400: "Invalid body, unknown field or duplicate key", 401: "Unauthorized", ...system403, ...notFound },
      },
    })
    .input(ZReplaceFieldsInput)
    .output(ZTemplateFieldsOutput)
    .mutation(async ({ ctx, input }) => one(await replaceFields(ctx.db, ctx.caller, input.id, input.fields, ctx.clock.now()))),

  deleteField: can("templates.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/templates/{id}/fields/{fieldId}",
        tags,
        summary: "Delete one field of a template",
        description: `${WHO} 204; 404 when the field is not this template's; 403 on a SYSTEM template.`,
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", ...system403, 404: "Template or field not found" },
      },
    })
    .input(ZFieldIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteField(ctx.db, ctx.caller, input.id, input.fieldId, ctx.clock.now());
    }),
});

/** Shared with the binary routes GET /templates/export/{id} and POST /templates/{id}/preview (server/http/template-files.ts). */
export { WHO as TEMPLATES_WHO, notFound as TEMPLATES_NOT_FOUND };
