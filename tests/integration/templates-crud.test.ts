import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, templates } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { startApi, type TestApi } from "../helpers/api";
import { expectEmbeddedFonts, fetchBytes, isPdf, pdfText } from "../helpers/documents";
import { expectError, expectUnknownFields, tenantBySlug, userIdOf } from "../helpers/rest";
import { seedDemoData, tokenFor } from "../factories";

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "learner" | "funder" | "finance" | "globexAdmin";
const tok = {} as Record<Who, string>;
let acmeId: string;
const call = (method: string, path: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, path, { tenant, token, body });

const BODY = "# Attestation\n\nNous attestons que **{{learner.fullName}}** a suivi {{course.title}}.\n\n- Durée : {{course.durationHours}} heures\n- Note : {{note}}";

async function create(token = tok.admin, over: Record<string, unknown> = {}) {
  const res = await call("POST", "/templates", token, { name: "Attestation maison", category: "ATTESTATION", body: BODY, fields: [{ key: "note", label: "Note obtenue", type: "NUMBER", required: true }], ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function systemId(key: string, tenant = "acme") {
  const t = await tenantBySlug(api, tenant);
  const [row] = await api.db.select().from(templates).where(eq(templates.tenantId, t.id)).then((rows) => rows.filter((r) => r.systemKey === key));
  return row!.id;
}

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  for (const w of ["admin", "creator", "trainer", "learner", "funder", "finance"] as const) tok[w] = await tokenFor(api, "acme", w);
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
});
afterAll(async () => {
  await closeRenderPool();
  await api.close();
});

describe("SYSTEM templates", () => {
  it("each tenant has the five French SYSTEM templates (seeded idempotently)", async () => {
    const res = await call("GET", "/templates?kind=SYSTEM&limit=100", tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 5, page: 1, limit: 100, totalPages: 1 });
    expect(res.body.data.map((t: any) => t.systemKey).sort()).toEqual(["attestation", "convention", "convocation", "emargement", "programme"]);
    expect(res.body.data.map((t: any) => t.category).sort()).toEqual(["ATTESTATION", "CONVENTION", "CONVOCATION", "EMARGEMENT", "PROGRAMME"]);
    const detail = await call("GET", `/templates/${await systemId("attestation")}`, tok.admin);
    expect(detail.body.data.name).toBe("Certificat de réalisation — attestation de fin de formation");
    expect(detail.body.data.body).toContain("{{learner.fullName}}");
    expect(detail.body.data.body).toContain("Cet enregistrement ne vaut pas agrément de l'État");
    // seeding again adds nothing
    await seedDemoData(api.db);
    expect((await call("GET", "/templates?kind=SYSTEM", tok.admin)).body.meta.total).toBe(5);
  });

  it("a tenant created by the platform gets them too", async () => {
    const platform = await api.call("POST", "/auth/login", { body: { email: "platform@admin.test", password: "demo-Passw0rd!" } });
    const created = await api.call("POST", "/tenants", { token: platform.body.data.accessToken, body: { name: "Initech Formation", slug: "initech" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rows = await api.db.select().from(templates).where(eq(templates.tenantId, created.body.data.id));
    expect(rows.filter((r) => r.kind === "SYSTEM")).toHaveLength(5);
  });

  it("PATCH, DELETE, PUT fields and DELETE field on a SYSTEM template: 403 SYSTEM_TEMPLATE_READ_ONLY", async () => {
    const id = await systemId("convention");
    for (const [method, path, body] of [
      ["PATCH", `/templates/${id}`, { name: "Autre" }],
      ["DELETE", `/templates/${id}`, undefined],
      ["PUT", `/templates/${id}/fields`, { fields: [] }],
      ["DELETE", `/templates/${id}/fields/tfd_aaaaaaaaaaaaaaaaaaaaaaaa`, undefined],
    ] as const) {
      const res = await call(method, path, tok.admin, body);
      expectError(res, 403);
      expect(res.body.code, `${method} ${path}`).toBe("SYSTEM_TEMPLATE_READ_ONLY");
    }
  });
});

describe("POST /templates and GET /templates/{id}", () => {
  it("201 CUSTOM with fields (ADMIN and CREATOR)", async () => {
    const t = await create(tok.creator);
    expect(t).toMatchObject({
      id: expect.stringMatching(/^tpl_[a-z0-9]{24}$/),
      name: "Attestation maison",
      category: "ATTESTATION",
      kind: "CUSTOM",
      isActive: true,
      systemKey: null,
      body: BODY,
      sourceTemplateId: null,
      documentCount: 0,
      fields: [{ id: expect.stringMatching(/^tfd_/), key: "note", label: "Note obtenue", type: "NUMBER", required: true, position: 0 }],
    });
    const got = await call("GET", `/templates/${t.id}`, tok.admin);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(t);
  });

  it("kind is read-only, unknown fields refused, duplicate field keys 400, missing body 400", async () => {
    expectUnknownFields(await call("POST", "/templates", tok.admin, { name: "X", category: "OTHER", body: "x", kind: "SYSTEM" }), ["kind"]);
    const dup = await call("POST", "/templates", tok.admin, { name: "X", category: "OTHER", body: "x", fields: [{ key: "a", label: "A" }, { key: "a", label: "B" }] });
    expectError(dup, 400);
    expect(Object.keys(dup.body.errors)).toEqual(["fields.1.key"]);
    const missing = await call("POST", "/templates", tok.admin, { name: "X", category: "OTHER" });
    expectError(missing, 400);
    expect(Object.keys(missing.body.errors)).toContain("body");
    const badCategory = await call("POST", "/templates", tok.admin, { name: "X", category: "NOPE", body: "x" });
    expectError(badCategory, 400);
  });

  it("403 for TRAINER, LEARNER, FUNDER, FINANCIER (reads and writes)", async () => {
    for (const who of ["trainer", "learner", "funder", "finance"] as const) {
      expectError(await call("POST", "/templates", tok[who], { name: "X", category: "OTHER", body: "x" }), 403);
      expectError(await call("GET", "/templates", tok[who]), 403);
    }
  });

  it("404 for an unknown id and for another tenant's template", async () => {
    const t = await create();
    const unknown = await call("GET", "/templates/tpl_zzzzzzzzzzzzzzzzzzzzzzzz", tok.admin);
    expectError(unknown, 404);
    expect(unknown.body.code).toBe("TEMPLATE_NOT_FOUND");
    for (const [method, path, body] of [
      ["GET", `/templates/${t.id}`, undefined],
      ["PATCH", `/templates/${t.id}`, { name: "Volé" }],
      ["DELETE", `/templates/${t.id}`, undefined],
      ["POST", `/templates/${t.id}/duplicate`, undefined],
      ["PUT", `/templates/${t.id}/fields`, { fields: [] }],
      ["DELETE", `/templates/${t.id}/fields/${t.fields[0].id}`, undefined],
      ["GET", `/templates/export/${t.id}`, undefined],
      ["POST", `/templates/${t.id}/preview`, {}],
    ] as const) {
      const res = await call(method, path, tok.globexAdmin, body, "globex");
      expectError(res, 404);
      expect(res.body.code, `${method} ${path}`).toBe("TEMPLATE_NOT_FOUND");
    }
    expect((await call("GET", `/templates/${t.id}`, tok.admin)).body.data.name).toBe("Attestation maison");
  });
});

describe("GET /templates", () => {
  it("filters category, kind, isActive, search; paginated newest first", async () => {
    const a = await create(tok.admin, { name: "Convocation atelier Zéphyr", category: "CONVOCATION" });
    const b = await create(tok.admin, { name: "Programme zéphyr avancé", category: "PROGRAMME", isActive: false });
    const search = await call("GET", "/templates?search=z%C3%A9phyr", tok.admin);
    expect(search.status).toBe(200);
    expect(search.body.data.map((t: any) => t.id)).toEqual([b.id, a.id]);
    const cat = await call("GET", "/templates?category=CONVOCATION&kind=CUSTOM", tok.admin);
    expect(cat.body.data.map((t: any) => t.id)).toEqual([a.id]);
    const inactive = await call("GET", "/templates?isActive=false", tok.admin);
    expect(inactive.body.data.map((t: any) => t.id)).toEqual([b.id]);
    const page = await call("GET", "/templates?limit=2&page=2", tok.admin);
    expect(page.body.meta).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.meta.total).toBeGreaterThanOrEqual(7);
    expect(page.body.data).toHaveLength(2);
    expect(Object.keys(page.body.data[0]).sort()).toEqual(["category", "createdAt", "id", "isActive", "kind", "name", "systemKey", "updatedAt"]);
    expectError(await call("GET", "/templates?kind=OTHER", tok.admin), 400);
  });
});

describe("GET /templates/variables/catalog", () => {
  it("lists each category's variables with label and example", async () => {
    const res = await call("GET", "/templates/variables/catalog?category=ATTESTATION", tok.creator);
    expect(res.status).toBe(200);
    expect(res.body.data.category).toBe("ATTESTATION");
    const keys = res.body.data.variables.map((v: any) => v.key);
    expect(keys).toEqual(expect.arrayContaining(["learner.fullName", "course.title", "course.durationHours", "enrollment.enrolledAt", "enrollment.completedAt", "organisation.name"]));
    expect(res.body.data.variables.find((v: any) => v.key === "course.durationHours")).toEqual({ key: "course.durationHours", label: "Durée de la formation (heures)", example: "14" });
    const conv = await call("GET", "/templates/variables/catalog?category=CONVOCATION", tok.creator);
    expect(conv.body.data.variables.map((v: any) => v.key)).toContain("session.date");
    expectError(await call("GET", "/templates/variables/catalog", tok.admin), 400);
    expectError(await call("GET", "/templates/variables/catalog?category=ATTESTATION", tok.learner), 403);
  });
});

describe("PATCH /templates/{id}", () => {
  it("edits a CUSTOM template; unknown field 400", async () => {
    const t = await create();
    const res = await call("PATCH", `/templates/${t.id}`, tok.creator, { name: "Renommé", body: "# Nouveau\n\n{{learner.fullName}}", isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: t.id, name: "Renommé", body: "# Nouveau\n\n{{learner.fullName}}", isActive: false, kind: "CUSTOM" });
    expectUnknownFields(await call("PATCH", `/templates/${t.id}`, tok.admin, { kind: "SYSTEM" }), ["kind"]);
    expectError(await call("PATCH", `/templates/${t.id}`, tok.learner, { name: "x" }), 403);
  });
});

describe("DELETE /templates/{id}", () => {
  it("204 then 404; 409 TEMPLATE_IN_USE when documents were generated from it", async () => {
    const t = await create();
    const del = await call("DELETE", `/templates/${t.id}`, tok.admin);
    expect(del.status).toBe(204);
    expectError(await call("GET", `/templates/${t.id}`, tok.admin), 404);

    const used = await create();
    const learnerId = await userIdOf(api, "learner@acme.test");
    await api.db.insert(documents).values({
      id: newId("doc"), tenantId: acmeId, kind: "OTHER", templateId: used.id, subjectType: "COURSE", subjectId: "crs_x", userId: learnerId, title: "x", fileName: "x.pdf",
      sha256: "0".repeat(64), sizeBytes: 1, storagePath: `${acmeId}/doc_x`, generatedAt: new Date(),
    });
    const refused = await call("DELETE", `/templates/${used.id}`, tok.admin);
    expectError(refused, 409);
    expect(refused.body.code).toBe("TEMPLATE_IN_USE");
    expect((await call("GET", `/templates/${used.id}`, tok.admin)).body.data.documentCount).toBe(1);
    expectError(await call("DELETE", `/templates/${used.id}`, tok.trainer), 403);
  });
});

describe("POST /templates/{id}/duplicate", () => {
  it("201 CUSTOM clone of a SYSTEM template, with its body; the clone is editable", async () => {
    const id = await systemId("attestation");
    const source = (await call("GET", `/templates/${id}`, tok.admin)).body.data;
    const res = await call("POST", `/templates/${id}/duplicate`, tok.creator);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "CUSTOM", systemKey: null, name: `${source.name} (copie)`, category: "ATTESTATION", body: source.body, sourceTemplateId: id, isActive: true });
    expect(res.body.data.id).not.toBe(id);
    expect((await call("PATCH", `/templates/${res.body.data.id}`, tok.creator, { name: "Mon certificat" })).status).toBe(200);
    expectError(await call("POST", `/templates/${id}/duplicate`, tok.learner), 403);
  });

  it("copies the fields", async () => {
    const t = await create();
    const res = await call("POST", `/templates/${t.id}/duplicate`, tok.admin);
    expect(res.body.data.fields.map((f: any) => [f.key, f.label, f.type, f.required])).toEqual([["note", "Note obtenue", "NUMBER", true]]);
  });
});

describe("PUT /templates/{id}/fields and DELETE /templates/{id}/fields/{fieldId}", () => {
  it("replaces every field atomically; a duplicate key changes nothing", async () => {
    const t = await create();
    const res = await call("PUT", `/templates/${t.id}/fields`, tok.admin, {
      fields: [
        { key: "lieu", label: "Lieu", type: "TEXT", required: true },
        { key: "dateExamen", label: "Date d'examen", type: "DATE" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: any) => [f.key, f.type, f.required, f.position])).toEqual([
      ["lieu", "TEXT", true, 0],
      ["dateExamen", "DATE", false, 1],
    ]);
    const dup = await call("PUT", `/templates/${t.id}/fields`, tok.admin, { fields: [{ key: "x", label: "X" }, { key: "x", label: "Y" }] });
    expectError(dup, 400);
    expect((await call("GET", `/templates/${t.id}`, tok.admin)).body.data.fields.map((f: any) => f.key)).toEqual(["lieu", "dateExamen"]);
    const badKey = await call("PUT", `/templates/${t.id}/fields`, tok.admin, { fields: [{ key: "1bad key", label: "X" }] });
    expectError(badKey, 400);
    expectError(await call("PUT", `/templates/${t.id}/fields`, tok.trainer, { fields: [] }), 403);
  });

  it("DELETE one field: 204, then 404 TEMPLATE_FIELD_NOT_FOUND", async () => {
    const t = await create();
    const fieldId = t.fields[0].id;
    expectError(await call("DELETE", `/templates/${t.id}/fields/${fieldId}`, tok.learner), 403);
    expect((await call("DELETE", `/templates/${t.id}/fields/${fieldId}`, tok.admin)).status).toBe(204);
    const again = await call("DELETE", `/templates/${t.id}/fields/${fieldId}`, tok.admin);
    expectError(again, 404);
    expect(again.body.code).toBe("TEMPLATE_FIELD_NOT_FOUND");
    expect((await call("GET", `/templates/${t.id}`, tok.admin)).body.data.fields).toEqual([]);
  });
});

describe("GET /templates/export/{id}", () => {
  it("a JSON file that POST /templates accepts back", async () => {
    const t = await create();
    const res = await fetchBytes(api, "GET", `/templates/export/${t.id}`, { tenant: "acme", token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="modele-attestation-maison.json"');
    expect(res.body).toMatchObject({ format: "template/v1", exportedAt: expect.any(String), template: { name: "Attestation maison", category: "ATTESTATION", kind: "CUSTOM", body: BODY, isActive: true } });
    expect(res.body.template.fields).toEqual([{ key: "note", label: "Note obtenue", type: "NUMBER", required: true }]);
    const { kind: _kind, ...again } = res.body.template;
    expect((await call("POST", "/templates", tok.admin, again)).status).toBe(201);
    const missing = await fetchBytes(api, "GET", "/templates/export/tpl_zzzzzzzzzzzzzzzzzzzzzzzz", { tenant: "acme", token: tok.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("TEMPLATE_NOT_FOUND");
    expect((await fetchBytes(api, "GET", `/templates/export/${t.id}`, { tenant: "acme", token: tok.learner })).status).toBe(403);
  });
});

describe("POST /templates/{id}/preview", () => {
  it("a PDF with the sample values, the field values and embedded fonts; the unsaved body when given", async () => {
    const t = await create();
    const res = await fetchBytes(api, "POST", `/templates/${t.id}/preview`, { tenant: "acme", token: tok.creator, body: { values: { note: "17" } } });
    expect(res.status, res.bytes.toString("utf8").slice(0, 300)).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="apercu-tpl_/);
    expect(isPdf(res.bytes)).toBe(true);
    const text = pdfText(res.bytes);
    expect(text).toContain("Camille Martin"); // catalogue example of learner.fullName
    expect(text).toContain("Sauveteur Secouriste du Travail (SST)");
    expect(text).toContain("Durée : 14 heures");
    expect(text).toContain("Note : 17");
    expect(text).toContain("Acme Formation"); // the tenant's real organisation name
    expectEmbeddedFonts(res.bytes);

    const unsaved = await fetchBytes(api, "POST", `/templates/${t.id}/preview`, { tenant: "acme", token: tok.admin, body: { body: "## Brouillon {{unknown.key}} pour {{note}}" } });
    expect(unsaved.status).toBe(200);
    expect(pdfText(unsaved.bytes)).toContain("Brouillon [unknown.key] pour [Note obtenue]");

    // SYSTEM templates preview too
    const sys = await fetchBytes(api, "POST", `/templates/${await systemId("attestation")}/preview`, { tenant: "acme", token: tok.admin });
    expect(sys.status).toBe(200);
    expect(pdfText(sys.bytes)).toContain("Certificat de réalisation");
  });

  it("400 unknown field, 403 role, 404", async () => {
    const t = await create();
    const unknown = await fetchBytes(api, "POST", `/templates/${t.id}/preview`, { tenant: "acme", token: tok.admin, body: { colour: "red" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ colour: ["Unknown field"] });
    expect((await fetchBytes(api, "POST", `/templates/${t.id}/preview`, { tenant: "acme", token: tok.learner, body: {} })).status).toBe(403);
    const missing = await fetchBytes(api, "POST", "/templates/tpl_zzzzzzzzzzzzzzzzzzzzzzzz/preview", { tenant: "acme", token: tok.admin, body: {} });
    expect(missing.status).toBe(404);
  });
});
