import { clock } from "../../lib/clock";
import { and, asc, count, desc, eq, ilike } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TCreateTemplateInput, TListTemplatesInput, TTemplate, TTemplateExport, TTemplateField, TTemplateFieldInput, TTemplateSummary, TUpdateTemplateInput } from "../../contracts/templates";
import type { Db, DbOrTx } from "../../db";
import { documents, templateFields, templates } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { renderTemplatePdf } from "../documents/generate";
import { organisationValues } from "../documents/variables";
import { sampleValues } from "./catalog";
import { SYSTEM_TEMPLATES } from "./system-templates";

export type TemplateRow = typeof templates.$inferSelect;
type FieldRow = typeof templateFields.$inferSelect;

/**
 * Idempotent: inserts the SYSTEM templates the tenant does not have yet (one per systemKey).
 * Called on tenant creation, by the demo seed, and before any generation that needs one.
 */
export async function ensureSystemTemplates(db: DbOrTx, scope: TenantScope, now: Date = clock.now()): Promise<number> {
  const inserted = await db
    .insert(templates)
    .values(
      scope.valuesMany(
        templates,
        SYSTEM_TEMPLATES.map((t) => ({ id: newId("tpl"), name: t.name, category: t.category, kind: "SYSTEM" as const, body: t.body, systemKey: t.systemKey, isActive: true, createdAt: now, updatedAt: now })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: templates.id });
  return inserted.length;
}

/** The tenant's SYSTEM template with that key (seeded on demand). */
export async function systemTemplate(db: DbOrTx, scope: TenantScope, systemKey: string): Promise<TemplateRow> {
  const find = () => db.select().from(templates).where(scope.where(templates, eq(templates.systemKey, systemKey))).limit(1);
  let [row] = await find();
  if (!row) {
    await ensureSystemTemplates(db, scope);
    [row] = await find();
  }
  if (!row) throw new Error(`SYSTEM template ${systemKey} missing`);
  // SYSTEM templates are read-only: the code's current body is the truth (a tenant created before a wording change gets it).
  const current = SYSTEM_TEMPLATES.find((t) => t.systemKey === systemKey);
  if (current && row.kind === "SYSTEM" && row.body !== current.body) {
    [row] = await db.update(templates).set({ body: current.body }).where(scope.where(templates, eq(templates.id, row.id))).returning();
    if (!row) throw new Error(`SYSTEM template ${systemKey} missing`);
  }
  return row;
}

const iso = (d: Date) => d.toISOString();

function toSummary(t: TemplateRow): TTemplateSummary {
  return { id: t.id, name: t.name, category: t.category, kind: t.kind, isActive: t.isActive, systemKey: t.systemKey, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) };
}

const toField = (f: FieldRow): TTemplateField => ({ id: f.id, key: f.key, label: f.label, type: f.type, required: f.required, position: f.position });

async function fieldsOf(db: DbOrTx, scope: TenantScope, templateId: string): Promise<FieldRow[]> {
  return db.select().from(templateFields).where(scope.where(templateFields, eq(templateFields.templateId, templateId))).orderBy(asc(templateFields.position), asc(templateFields.id));
}

async function documentCount(db: DbOrTx, scope: TenantScope, templateId: string): Promise<number> {
  return countOf(db.select({ n: count() }).from(documents).where(scope.where(documents, eq(documents.templateId, templateId))));
}

async function toDetail(db: DbOrTx, scope: TenantScope, t: TemplateRow): Promise<TTemplate> {
  const [fields, used] = await Promise.all([fieldsOf(db, scope, t.id), documentCount(db, scope, t.id)]);
  return { ...toSummary(t), body: t.body, fields: fields.map(toField), sourceTemplateId: t.sourceTemplateId, createdBy: t.createdBy, documentCount: used };
}

/** The template, else 404 (another tenant's id too). */
async function loadTemplate(db: DbOrTx, scope: TenantScope, id: string, opts: { forUpdate?: boolean } = {}): Promise<TemplateRow> {
  const q = db.select().from(templates).where(scope.where(templates, eq(templates.id, id))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Template");
  return row;
}

function assertCustom(t: TemplateRow): void {
  if (t.kind === "SYSTEM") throw forbidden("SYSTEM templates cannot be modified: duplicate it to adapt it", "SYSTEM_TEMPLATE_READ_ONLY");
}

/** GET /templates: newest first; walks templates_tenant_created_idx (or _category_idx with a category). */
export async function listTemplates(db: Db, caller: Caller, q: TListTemplatesInput) {
  const where = caller.scope.where(
    templates,
    q.category ? eq(templates.category, q.category) : undefined,
    q.kind ? eq(templates.kind, q.kind) : undefined,
    q.isActive === undefined ? undefined : eq(templates.isActive, q.isActive),
    q.search ? ilike(templates.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  return paginate(limitPage(q), {
    rows: (limit, offset) => db.select().from(templates).where(where).orderBy(desc(templates.createdAt), desc(templates.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(templates).where(where)),
    map: (rows) => rows.map(toSummary),
  });
}

export async function getTemplate(db: Db, caller: Caller, id: string): Promise<TTemplate> {
  return toDetail(db, caller.scope, await loadTemplate(db, caller.scope, id));
}

/** Keys must be unique within a template (400 naming the duplicate). */
function checkFieldKeys(fields: TTemplateFieldInput[]): void {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  fields.forEach((f, i) => {
    if (seen.has(f.key)) errors[`fields.${i}.key`] = ["Duplicate key"];
    seen.add(f.key);
  });
  if (Object.keys(errors).length) throw badRequest("Validation failed", errors, "VALIDATION_FAILED");
}

async function writeFields(tx: DbOrTx, scope: TenantScope, templateId: string, fields: TTemplateFieldInput[], now: Date): Promise<void> {
  await tx.delete(templateFields).where(scope.where(templateFields, eq(templateFields.templateId, templateId)));
  if (!fields.length) return;
  await tx.insert(templateFields).values(
    scope.valuesMany(
      templateFields,
      fields.map((f, position) => ({ id: newId("tfd"), templateId, key: f.key, label: f.label, type: f.type, required: f.required, position, createdAt: now })),
    ),
  );
}

/** POST /templates: always CUSTOM. */
export async function createTemplate(db: Db, caller: Caller, input: TCreateTemplateInput, now: Date): Promise<TTemplate> {
  checkFieldKeys(input.fields ?? []);
  return db.transaction(async (tx) => {
    const id = newId("tpl");
    const [row] = await tx
      .insert(templates)
      .values(caller.scope.values(templates, { id, name: input.name, category: input.category, kind: "CUSTOM" as const, body: input.body, isActive: input.isActive, createdBy: caller.userId, createdAt: now, updatedAt: now }))
      .returning();
    await writeFields(tx, caller.scope, id, input.fields ?? [], now);
    await writeAudit(tx, caller, { action: "template.created", targetType: "template", targetId: id, metadata: { name: input.name, category: input.category } });
    return toDetail(tx, caller.scope, row!);
  });
}

/** PATCH /templates/{id}: CUSTOM only (403 on SYSTEM). */
export async function updateTemplate(db: Db, caller: Caller, input: TUpdateTemplateInput, now: Date): Promise<TTemplate> {
  return db.transaction(async (tx) => {
    const current = await loadTemplate(tx, caller.scope, input.id, { forUpdate: true });
    assertCustom(current);
    const [row] = await tx
      .update(templates)
      .set({ name: input.name, category: input.category, body: input.body, isActive: input.isActive, updatedAt: now })
      .where(caller.scope.where(templates, eq(templates.id, input.id)))
      .returning();
    await writeAudit(tx, caller, { action: "template.updated", targetType: "template", targetId: input.id, metadata: { changed: Object.keys(input).filter((k) => k !== "id") } });
    return toDetail(tx, caller.scope, row!);
  });
}

/** DELETE /templates/{id}: 403 SYSTEM, 409 when documents were generated from it. */
export async function deleteTemplate(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadTemplate(tx, caller.scope, id, { forUpdate: true });
    assertCustom(current);
    const used = await documentCount(tx, caller.scope, id);
    if (used > 0) throw conflict("Documents were generated from this template: deactivate it instead", "TEMPLATE_IN_USE", { count: used });
    await tx.delete(templates).where(caller.scope.where(templates, eq(templates.id, id)));
    await writeAudit(tx, caller, { action: "template.deleted", targetType: "template", targetId: id, metadata: { name: current.name } });
  });
}

/** POST /templates/{id}/duplicate: a CUSTOM copy (fields too), named "… (copie)", of any template, SYSTEM included. */
export async function duplicateTemplate(db: Db, caller: Caller, id: string, now: Date): Promise<TTemplate> {
  return db.transaction(async (tx) => {
    const source = await loadTemplate(tx, caller.scope, id);
    const fields = await fieldsOf(tx, caller.scope, id);
    const copyId = newId("tpl");
    const [row] = await tx
      .insert(templates)
      .values(
        caller.scope.values(templates, {
          id: copyId,
          name: `${source.name} (copie)`.slice(0, 200),
          category: source.category,
          kind: "CUSTOM" as const,
          body: source.body,
          isActive: true,
          sourceTemplateId: source.id,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await writeFields(tx, caller.scope, copyId, fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required })), now);
    await writeAudit(tx, caller, { action: "template.duplicated", targetType: "template", targetId: copyId, metadata: { sourceTemplateId: source.id } });
    return toDetail(tx, caller.scope, row!);
  });
}

/** PUT /templates/{id}/fields: replaces every field in one transaction (403 on SYSTEM). */
export async function replaceFields(db: Db, caller: Caller, id: string, fields: TTemplateFieldInput[], now: Date): Promise<TTemplateField[]> {
  checkFieldKeys(fields);
  return db.transaction(async (tx) => {
    const current = await loadTemplate(tx, caller.scope, id, { forUpdate: true });
    assertCustom(current);
    await writeFields(tx, caller.scope, id, fields, now);
    await tx.update(templates).set({ updatedAt: now }).where(caller.scope.where(templates, eq(templates.id, id)));
    await writeAudit(tx, caller, { action: "template.fields_replaced", targetType: "template", targetId: id, metadata: { keys: fields.map((f) => f.key) } });
    return (await fieldsOf(tx, caller.scope, id)).map(toField);
  });
}

/** DELETE /templates/{id}/fields/{fieldId}: 403 on SYSTEM, 404 when the field is not the template's. */
export async function deleteField(db: Db, caller: Caller, id: string, fieldId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadTemplate(tx, caller.scope, id, { forUpdate: true });
    assertCustom(current);
    const gone = await tx
      .delete(templateFields)
      .where(caller.scope.where(templateFields, and(eq(templateFields.id, fieldId), eq(templateFields.templateId, id))))
      .returning({ id: templateFields.id });
    if (!gone.length) throw notFound("Template field");
    await tx.update(templates).set({ updatedAt: now }).where(caller.scope.where(templates, eq(templates.id, id)));
  });
}

/** GET /templates/export/{id}: the template as a JSON file that POST /templates accepts (name, category, body, isActive, fields). */
export async function exportTemplate(db: Db, caller: Caller, id: string, now: Date): Promise<{ fileName: string; json: TTemplateExport }> {
  const t = await loadTemplate(db, caller.scope, id);
  const fields = await fieldsOf(db, caller.scope, id);
  const slug = t.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "modele";
  return {
    fileName: `modele-${slug}.json`,
    json: {
      format: "template/v1",
      exportedAt: now.toISOString(),
      template: { name: t.name, category: t.category, kind: t.kind, body: t.body, isActive: t.isActive, fields: fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required })) },
    },
  };
}


/**
 * POST /templates/{id}/preview: the template (or the editor's unsaved `body`) rendered with the
 * catalogue's sample values, the tenant's real organisation values, and for the template's own
 * fields the given `values` (else "[label]"). Nothing is stored.
 */
export async function previewTemplate(db: Db, caller: Caller, input: { id: string; body?: string; values?: Record<string, string> }, now: Date): Promise<Uint8Array> {
  const t = await loadTemplate(db, caller.scope, input.id);
  const fields = await fieldsOf(db, caller.scope, t.id);
  const org = await organisationValues(db, caller.scope, now);
  const own = Object.fromEntries(fields.map((f) => [f.key, input.values?.[f.key] ?? `[${f.label}]`]));
  const values = { ...sampleValues(), ...org.values, ...own };
  return renderTemplatePdf({ name: t.name, body: input.body ?? t.body }, values, org.info, `Aperçu avec des données d'exemple — ${org.info.name}`, `Aperçu — ${t.name}`);
}
