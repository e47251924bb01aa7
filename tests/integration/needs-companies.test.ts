import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { MIGRATIONS_DIR, openDatabase } from "../../server/db";
import { createLearningCourse } from "../factories/learning";
import { startWorld, type World } from "../helpers/attendance";
import type { ApiResponse } from "../helpers/api";
import { expectError } from "../helpers/rest";

const notACompany = (res: ApiResponse) => {
  expectError(res, 404, "Company not found");
  expect(res.body.code).toBe("COMPANY_NOT_FOUND");
};

/**
 * Issue #23 item 7: one list of companies. The needs analyses' companies are the billing clients
 * of kind COMPANY or OPCO (GET /companies and GET /billing/clients show the same rows), and the
 * local provider matches objectives to courses by French Snowball stems.
 */

let w: World;
let gestesId: string;

beforeAll(async () => {
  w = await startWorld();
  // The course of the report, as an organisation publishes it beside the demo catalogue.
  const c = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Gestes et postures au travail" });
  await w.api.db
    .update(courses)
    .set({
      description: "Prévenir les troubles musculo-squelettiques par des postures adaptées.",
      pedagogicalObjectives: "Adopter les bons gestes de manutention\nAménager son poste de travail",
      tags: ["prévention", "TMS", "manutention"],
      level: "BEGINNER",
      format: "PRESENTIAL",
    })
    .where(eq(courses.id, c.id));
  gestesId = c.id;
}, 180_000);
afterAll(() => w?.close());

const analysis = (companyId: string, objectives: string[], token = w.tok.admin) =>
  w.call("POST", "/needs-analysis", token, { companyId, objectives, currentLevel: "BEGINNER", targetLevel: "INTERMEDIATE", context: "Atelier de menuiserie, 12 salariés." });

describe("one list of companies: the COMPANY and OPCO billing clients", () => {
  it("'former 4 menuisiers aux gestes et postures' recommends 'Gestes et postures au travail' (French stems, stop words left out)", async () => {
    const companies = await w.call("GET", "/companies?perPage=100", w.tok.admin);
    expect(companies.status).toBe(200);
    const res = await analysis(companies.body.data[0].id, ["former 4 menuisiers aux gestes et postures"]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const recs = res.body.data.recommendations as { courseId: string; matchedObjectives: string[] }[];
    expect(recs.map((r) => r.courseId)).toContain(gestesId);
    expect(recs[0]!.courseId).toBe(gestesId);
    expect(recs[0]!.matchedObjectives).toEqual(["former 4 menuisiers aux gestes et postures"]);
    // A plural objective meets the singular words of the course's objectives ("les bons gestes de manutention").
    const plural = await analysis(companies.body.data[0].id, ["Manutentions"]);
    expect(plural.body.data.recommendations.map((r: { courseId: string }) => r.courseId)).toContain(gestesId);
  });

  it("a billing client created through POST /billing/clients is listed by GET /companies and accepted as companyId", async () => {
    const client = await w.call("POST", "/billing/clients", w.tok.admin, { kind: "COMPANY", name: "Menuiserie Roux et fils", siret: "49327168800001" });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const id = client.body.data.id as string;
    expect(id).toMatch(/^cli_/);
    const list = await w.call("GET", "/companies?search=Roux%20et%20fils", w.tok.admin);
    expect(list.body.data).toEqual([expect.objectContaining({ id, kind: "COMPANY", name: "Menuiserie Roux et fils", siret: "49327168800001" })]);
    expect((await w.call("GET", `/companies/${id}`, w.tok.creator)).status).toBe(200);
    const res = await analysis(id, ["Gestes et postures"], w.tok.creator);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await w.call("GET", `/needs-analysis/${res.body.data.id}`, w.tok.admin);
    expect(got.body.data).toMatchObject({ companyId: id, companyName: "Menuiserie Roux et fils" });
    // An OPCO client is a company too.
    const opco = (await w.call("GET", "/billing/clients?kind=OPCO", w.tok.admin)).body.data[0];
    expect((await analysis(opco.id, ["Gestes et postures"])).status).toBe(201);
  });

  it("POST /companies creates a COMPANY billing client (cli_) that GET /billing/clients lists", async () => {
    const res = await w.call("POST", "/companies", w.tok.admin, { name: "Ébénisterie Martin", contactName: "Paul Martin", contactEmail: "paul@martin.test", opcoName: "OPCO EP" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^cli_/), kind: "COMPANY", contactEmail: "paul@martin.test", opcoName: "OPCO EP" });
    const clients = await w.call("GET", "/billing/clients?search=%C3%89b%C3%A9nisterie", w.tok.admin);
    expect(clients.body.data).toEqual([expect.objectContaining({ id: res.body.data.id, kind: "COMPANY", email: "paul@martin.test" })]);
  });

  it("a quote request names an existing client (case ignored): no new company; an unknown name becomes a COMPANY billing client", async () => {
    const slug = (await w.api.db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, gestesId)))[0]!.slug;
    const body = (companyName: string) => ({ companyName, contactName: "Jean Roux", email: "jean@roux.test", learners: 4, message: "Former 4 menuisiers aux gestes et postures." });
    const before = (await w.call("GET", "/companies?perPage=100", w.tok.admin)).body.meta.total;
    const known = await w.api.call("POST", `/public/courses/${slug}/quote-requests`, { tenant: "acme", body: body("  boulangerie durand sarl ") });
    expect(known.status, JSON.stringify(known.body)).toBe(201);
    const durand = (await w.call("GET", "/companies?search=Boulangerie%20Durand%20SARL", w.tok.admin)).body.data[0];
    expect(known.body.data.companyId).toBe(durand.id);
    expect((await w.call("GET", "/companies?perPage=100", w.tok.admin)).body.meta.total).toBe(before);
    const fresh = await w.api.call("POST", `/public/courses/${slug}/quote-requests`, { tenant: "acme", body: body("Scierie Nouvelle") });
    expect(fresh.status).toBe(201);
    const client = await w.call("GET", `/billing/clients/${fresh.body.data.companyId}`, w.tok.admin);
    expect(client.body.data).toMatchObject({ id: expect.stringMatching(/^cli_/), kind: "COMPANY", name: "Scierie Nouvelle", email: "jean@roux.test" });
  });

  it("an INDIVIDUAL client is not a company: 404 COMPANY_NOT_FOUND, and GET /companies does not list it", async () => {
    const person = (await w.call("GET", "/billing/clients?kind=INDIVIDUAL", w.tok.admin)).body.data[0];
    expect(person).toBeTruthy();
    notACompany(await analysis(person.id, ["Gestes et postures"]));
    notACompany(await w.call("GET", `/companies/${person.id}`, w.tok.admin));
    const all = await w.call("GET", "/companies?perPage=100", w.tok.admin);
    expect(all.body.data.map((c: { id: string }) => c.id)).not.toContain(person.id);
    expect(new Set(all.body.data.map((c: { kind: string }) => c.kind))).toEqual(new Set(["COMPANY", "OPCO"]));
  });

  it("another tenant's billing client: 404", async () => {
    const g = await w.api.call("POST", "/companies", { tenant: "globex", token: w.tok.globexAdmin, body: { name: "Globex client" } });
    expect(g.status).toBe(201);
    notACompany(await analysis(g.body.data.id, ["Gestes et postures"]));
    notACompany(await w.call("GET", `/companies/${g.body.data.id}`, w.tok.admin));
  });
});

describe("migration 0044: the companies become billing clients", () => {
  it("keeps a company's cmp_ id (its analyses still resolve) and merges a company into the client of the same SIRET", async () => {
    // Migrate a fresh database up to 0043 (a copy of the folder with a shortened journal), add rows, then migrate to the end.
    const dir = mkdtempSync(path.join(tmpdir(), "mig0043-"));
    const handle = await openDatabase({ migrate: false });
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalPath = path.join(dir, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((e) => e.tag === "0043_catalogue-quote");
      expect(upTo).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, upTo + 1);
      writeFileSync(journalPath, JSON.stringify(journal));
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as never, { migrationsFolder: dir });

      const db = handle.db;
      await db.execute(sql`insert into tenants (id, slug, name) values ('ten_mig', 'mig', 'Mig')`);
      await db.execute(sql`insert into companies (id, tenant_id, name, siret, contact_name, contact_email, contact_phone, opco_name)
        values ('cmp_old', 'ten_mig', 'Atelier Ancien', null, 'Anne Ancien', 'anne@ancien.test', '01 02 03 04 05', 'AKTO'),
               ('cmp_dup', 'ten_mig', 'Menuiserie Doublon', '49327168800001', 'Denis Doublon', null, null, 'OPCO EP')`);
      await db.execute(sql`insert into billing_clients (id, tenant_id, kind, name, siren, siret, email)
        values ('cli_dup', 'ten_mig', 'COMPANY', 'Menuiserie Doublon SARL', '493271688', '49327168800001', 'compta@doublon.test')`);
      const gap = sql`'{"currentLevel":"BEGINNER","targetLevel":"ADVANCED","levelGap":2,"steps":[],"coveredObjectives":[],"uncoveredObjectives":[],"estimatedHours":null,"summary":""}'::jsonb`;
      await db.execute(sql`insert into needs_analyses (id, tenant_id, company_id, current_level, target_level, context, gap_analysis, provider)
        values ('nda_old', 'ten_mig', 'cmp_old', 'BEGINNER', 'ADVANCED', 'c', ${gap}, 'local'), ('nda_dup', 'ten_mig', 'cmp_dup', 'BEGINNER', 'ADVANCED', 'c', ${gap}, 'local')`);

      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });

      const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];
      const clients = rows(await db.execute(sql`select id, kind, name, siren, siret, email, contact_name, contact_phone, opco_name from billing_clients where tenant_id = 'ten_mig' order by id`));
      expect(clients).toEqual([
        { id: "cli_dup", kind: "COMPANY", name: "Menuiserie Doublon SARL", siren: "493271688", siret: "49327168800001", email: "compta@doublon.test", contact_name: "Denis Doublon", contact_phone: null, opco_name: "OPCO EP" },
        { id: "cmp_old", kind: "COMPANY", name: "Atelier Ancien", siren: null, siret: null, email: "anne@ancien.test", contact_name: "Anne Ancien", contact_phone: "01 02 03 04 05", opco_name: "AKTO" },
      ]);
      const analyses = rows(await db.execute(sql`select id, company_id from needs_analyses where tenant_id = 'ten_mig' order by id`));
      expect(analyses).toEqual([
        { id: "nda_dup", company_id: "cli_dup" },
        { id: "nda_old", company_id: "cmp_old" },
      ]);
      const table = rows(await db.execute(sql`select to_regclass('public.companies') as t`));
      expect(table[0]!.t).toBeNull();
      // The foreign key now points at billing_clients.
      await expect(
        db.execute(sql`insert into needs_analyses (id, tenant_id, company_id, current_level, target_level, context, gap_analysis, provider) values ('nda_bad', 'ten_mig', 'cmp_gone', 'BEGINNER', 'ADVANCED', 'c', ${gap}, 'local')`),
      ).rejects.toThrow();
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
