import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZQueryBool, ZTimestamp } from "./common";

/** Document templates (spec: Templates table; conventions §12). */
export const ZTemplateCategory = z.enum(["CONVENTION", "CONVOCATION", "ATTESTATION", "PROGRAMME", "EMARGEMENT", "INVOICE", "OTHER"]);
export type TTemplateCategory = z.infer<typeof ZTemplateCategory>;
export const ZTemplateKind = z.enum(["SYSTEM", "CUSTOM"]);
export const ZTemplateFieldType = z.enum(["TEXT", "NUMBER", "DATE", "BOOLEAN"]);

/** Longest accepted body (characters). */
const TEMPLATE_BODY_MAX = 50_000;

const ZTemplateName = z.string().trim().min(1, "Required").max(200);
const ZTemplateBody = z
  .string()
  .min(1, "Required")
  .max(TEMPLATE_BODY_MAX)
  .describe(
    "Text with {{variable}} placeholders (letters, digits, dots and underscores). A small safe markdown subset: `# `, `## `, `### ` headings, paragraphs separated by a blank line, " +
      "`- ` list items, `**bold**`, and `---` for a horizontal rule. Anything else is printed as plain text (no HTML, no links, no images).",
  );

const ZTemplateField = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  type: ZTemplateFieldType,
  required: z.boolean(),
  position: z.number().int(),
});
export type TTemplateField = z.infer<typeof ZTemplateField>;

const ZTemplateSummary = z.object({
  id: z.string(),
  name: z.string(),
  category: ZTemplateCategory,
  kind: ZTemplateKind,
  isActive: z.boolean(),
  systemKey: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

const ZTemplate = ZTemplateSummary.extend({
  body: z.string(),
  fields: z.array(ZTemplateField),
  sourceTemplateId: z.string().nullable(),
  createdBy: z.string().nullable(),
  documentCount: z.number().int().describe("Documents generated from this template (DELETE answers 409 while it is above 0)"),
});
export type TTemplate = z.infer<typeof ZTemplate>;

export const ZListTemplatesInput = ZLimitPageInput.extend({
  category: ZTemplateCategory.optional(),
  kind: ZTemplateKind.optional(),
  isActive: ZQueryBool.optional(),
  search: z.string().trim().max(100).optional().describe("Case-insensitive substring of the name"),
});
export type TListTemplatesInput = z.infer<typeof ZListTemplatesInput>;
export const ZListTemplatesOutput = listEnvelope(ZTemplateSummary, ZLimitPageMeta);

export const ZTemplateIdInput = z.strictObject({ id: ZId("tpl") });

const ZFieldKey = z
  .string()
  .trim()
  .max(MAX.code)
  .regex(/^[a-zA-Z][a-zA-Z0-9_.]{0,63}$/, "Letters, digits, dots and underscores, starting with a letter")
  .describe("The placeholder name: {{key}} in the body");
const ZTemplateFieldInput = z.strictObject({
  key: ZFieldKey,
  label: z.string().trim().min(1, "Required").max(200),
  type: ZTemplateFieldType.default("TEXT"),
  required: z.boolean().default(false),
});
export type TTemplateFieldInput = z.infer<typeof ZTemplateFieldInput>;
const ZFieldList = z.array(ZTemplateFieldInput).max(100);

export const ZCreateTemplateInput = z.strictObject({
  name: ZTemplateName,
  category: ZTemplateCategory,
  body: ZTemplateBody,
  isActive: z.boolean().default(true),
  fields: ZFieldList.optional().describe("Extra input fields of the template (keys unique)"),
});
export type TCreateTemplateInput = z.infer<typeof ZCreateTemplateInput>;

export const ZUpdateTemplateInput = z.strictObject({
  id: ZId("tpl"),
  name: ZTemplateName.optional(),
  category: ZTemplateCategory.optional(),
  body: ZTemplateBody.optional(),
  isActive: z.boolean().optional(),
});
export type TUpdateTemplateInput = z.infer<typeof ZUpdateTemplateInput>;

export const ZReplaceFieldsInput = z.strictObject({ id: ZId("tpl"), fields: ZFieldList });
export const ZFieldIdInput = z.strictObject({ id: ZId("tpl"), fieldId: ZId("tfd") });

export const ZTemplateOutput = envelope(ZTemplate);
export const ZTemplateFieldsOutput = envelope(z.array(ZTemplateField));

export const ZCatalogInput = z.object({ category: ZTemplateCategory });
const ZCatalogVariable = z.object({
  key: z.string().describe("Use as {{key}} in the body"),
  label: z.string().describe("French label shown in the editor's picker"),
  example: z.string().describe("The sample value the preview prints"),
});
export type TCatalogVariable = z.infer<typeof ZCatalogVariable>;
export const ZCatalogOutput = envelope(z.object({ category: ZTemplateCategory, variables: z.array(ZCatalogVariable) }));

/** The JSON export file (GET /templates/export/{id}). */
export const ZTemplateExport = z.object({
  format: z.literal("template/v1"),
  exportedAt: ZTimestamp,
  template: z.object({ name: z.string(), category: ZTemplateCategory, kind: ZTemplateKind, body: z.string(), isActive: z.boolean(), fields: z.array(ZTemplateFieldInput) }),
});
export type TTemplateExport = z.infer<typeof ZTemplateExport>;

export const ZPreviewInput = z.strictObject({
  id: ZId("tpl"),
  body: ZTemplateBody.optional().describe("Render this text instead of the stored body (the editor's unsaved text)"),
  values: z.record(z.string().max(64), z.string().max(2000)).optional().describe("Values of the template's own fields ({{key}}), else their labels are printed"),
});
