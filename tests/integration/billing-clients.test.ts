import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { billingClients } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { buildCaller } from "../../server/auth/caller";
import { clientForLearner, loadClient } from "../../server/services/billing/clients";
import { DomainError } from "../../server/errors";
import { startWorld, type World } from "../helpers/attendance";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";

/**
 * Issue #12 item 2 (clients, conventions §10): GET|POST /billing/clients, GET|PATCH
 * /billing/clients/{id}; the SIREN rules per kind, the learner an INDIVIDUAL stands for,
 * roles, cross-tenant 404, and the service functions the invoices use.
 */

let w: World;
const CLI = /^cli_[a-z0-9]{24}$/;
let company: Record<string, unknown> & { id: string; address: Record<string, unknown> };
let globexClientId: string;

beforeAll(async () => {
  w = await startWorld();
  const res = await w.call("POST", "/billing/clients", w.tok.finance, {
    name: "Menuiserie Roux",
    siret: "404 833 048 00022",
    vatNumber: "fr83404833048",
    address: { line1: "3 rue du Bois", postalCode: "38000", city: "Grenoble" },
    email: "Compta@Roux.test",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  company = res.body.data;
  const [g] = await w.api.db.select({ id: billingClients.id }).from(billingClients).where(eq(billingClients.tenantId, w.globexId)).limit(1);
  globexClientId = g!.id;
}, 120_000);
afterAll(() => w.close());

describe("POST /billing/clients", () => {
  it("201 with the client: kind COMPANY by default, SIREN taken from the SIRET, numbers compacted, e-mail lower-cased, country FR; audited", async () => {
    expect(company).toEqual({
      id: expect.stringMatching(CLI),
      kind: "COMPANY",
      name: "Menuiserie Roux",
      siren: "404833048",
      siret: "40483304800022",
      vatNumber: "FR83404833048",
      address: { line1: "3 rue du Bois", line2: null, postalCode: "38000", city: "Grenoble", country: "FR" },
      email: "compta@roux.test",
      userId: null,
      createdAt: w.now().toISOString(),
      updatedAt: w.now().toISOString(),
    });
    expect(await auditRows(w.api, "billing_client.created", { targetId: company.id })).toHaveLength(1);
  });

  it("conventions §10: address is one object in and out (201, read back as sent); the flat fields of earlier versions answer 400 naming each", async () => {
    const address = { line1: "8 quai Saint-Vincent", line2: "2e étage", postalCode: "69001", city: "Lyon", country: "FR" };
    const res = await w.call("POST", "/billing/clients", w.tok.admin, { name: "Soierie Lyonnaise", siren: "812345676", address });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.address).toEqual(address);
    expect((await w.call("GET", `/billing/clients/${res.body.data.id}`, w.tok.admin)).body.data.address).toEqual(address);
    // no country: FR
    const be = await w.call("POST", "/billing/clients", w.tok.admin, { name: "Sans pays", siren: "812345676", address: { city: "Lille" } });
    expect(be.body.data.address).toEqual({ line1: null, line2: null, postalCode: null, city: "Lille", country: "FR" });
    const flat = await w.call("POST", "/billing/clients", w.tok.admin, { name: "Ancien format", siren: "812345676", addressLine1: "1 rue", postalCode: "69001", city: "Lyon", country: "FR" });
    expectUnknownFields(flat, ["addressLine1", "city", "country", "postalCode"]);
  });

  it("each kind: an OPCO with a SIREN, a PUBLIC buyer without one, an INDIVIDUAL standing for a learner", async () => {
    const opco = await w.call("POST", "/billing/clients", w.tok.admin, { kind: "OPCO", name: "Atlas", siren: "812345676" });
    expect(opco.status, JSON.stringify(opco.body)).toBe(201);
    expect(opco.body.data).toMatchObject({ kind: "OPCO", siren: "812345676", siret: null });
    const pub = await w.call("POST", "/billing/clients", w.tok.admin, { kind: "PUBLIC", name: "Région Test" });
    expect(pub.status).toBe(201);
    const person = await w.call("POST", "/billing/clients", w.tok.admin, { kind: "INDIVIDUAL", name: "Lucas Moreau", userId: w.uid.learner2, email: "learner2@acme.test" });
    expect(person.status, JSON.stringify(person.body)).toBe(201);
    expect(person.body.data).toMatchObject({ kind: "INDIVIDUAL", userId: w.uid.learner2, siren: null });
  });

  it("naming the field: 400 for a malformed one (Luhn, VAT key, name, e-mail, country, kind), 422 for the rules across fields (SIREN of a COMPANY or OPCO, SIRET or VAT number of another SIREN, identifiers on an INDIVIDUAL, userId)", async () => {
    const cases: [Record<string, unknown>, string[], 400 | 422][] = [
      [{ name: "Sans SIREN" }, ["siren"], 422],
      [{ kind: "OPCO", name: "OPCO sans SIREN" }, ["siren"], 422],
      [{ name: "X", siren: "812345677" }, ["siren"], 400],
      [{ name: "X", siret: "81234567600018" }, ["siret"], 400],
      [{ name: "X", siren: "812345676", siret: "40483304800022" }, ["siret"], 422],
      [{ name: "X", siren: "812345676", vatNumber: "FR20812345676" }, ["vatNumber"], 400],
      [{ name: "X", siren: "812345676", vatNumber: "FR83404833048" }, ["vatNumber"], 422],
      [{ kind: "INDIVIDUAL", name: "X", siren: "812345676" }, ["siren"], 422],
      [{ kind: "COMPANY", name: "X", siren: "812345676", userId: w.uid.learner }, ["userId"], 422],
      [{ kind: "INDIVIDUAL", name: "X", userId: w.uid.globexLearner }, ["userId"], 422],
      [{ kind: "INDIVIDUAL", name: "X", userId: w.uid.learner }, ["userId"], 422], // the demo already has learner@acme.test's client
      [{ siren: "812345676" }, ["name"], 400],
      [{ name: "  ", siren: "812345676" }, ["name"], 400],
      [{ name: "X", siren: "812345676", email: "nope" }, ["email"], 400],
      [{ name: "X", siren: "812345676", address: { country: "France" } }, ["address.country"], 400],
      [{ name: "X", siren: "812345676", address: { postalCode: 75001 } }, ["address.postalCode"], 400],
      [{ name: "X", siren: "812345676", address: "1 rue X" }, ["address"], 400],
      [{ name: "X", kind: "PERSON" }, ["kind"], 400],
    ];
    for (const [body, fields, status] of cases) {
      const res = await w.call("POST", "/billing/clients", w.tok.admin, body);
      expectError(res, status);
      expect(res.body.code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const none = await w.call("POST", "/billing/clients", w.tok.admin, { name: "Sans SIREN" });
    expect(none.body.errors).toEqual({ siren: ["A COMPANY or OPCO client needs a SIREN or SIRET"] });
    expectUnknownFields(await w.call("POST", "/billing/clients", w.tok.admin, { name: "X", siren: "812345676", tenantId: "ten_x" }), ["tenantId"]);
  });

  it("roles: ADMIN and FINANCIER; CREATOR, TRAINER, LEARNER, FUNDER 403; no token 401", async () => {
    for (const token of [w.tok.creator, w.tok.trainer, w.tok.learner, w.tok.funder]) {
      expectError(await w.call("POST", "/billing/clients", token, { name: "X", siren: "812345676" }), 403);
      expectError(await w.call("GET", "/billing/clients", token), 403);
      expectError(await w.call("GET", `/billing/clients/${company.id}`, token), 403);
      expectError(await w.call("PATCH", `/billing/clients/${company.id}`, token, { name: "Y" }), 403);
    }
    expectError(await w.call("GET", "/billing/clients"), 401);
  });
});

describe("GET /billing/clients", () => {
  it("by name then id, with meta; search by name or SIREN/SIRET digits; kind filter; perPage at most 100", async () => {
    const all = await w.call("GET", "/billing/clients?perPage=100", w.tok.finance);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const names = (all.body.data as { name: string }[]).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toEqual(expect.arrayContaining(["AKTO", "OPCO EP", "France Travail", "Boulangerie Durand SARL", "Léa Petit", "Menuiserie Roux"]));
    expect(all.body.meta).toEqual({ total: names.length, page: 1, perPage: 100 });
    const page2 = await w.call("GET", "/billing/clients?perPage=2&page=2", w.tok.admin);
    expect((page2.body.data as { name: string }[]).map((c) => c.name)).toEqual(names.slice(2, 4));
    expect(page2.body.meta).toEqual({ total: names.length, page: 2, perPage: 2 });
    const byName = await w.call("GET", "/billing/clients?search=menuis", w.tok.admin);
    expect((byName.body.data as { id: string }[]).map((c) => c.id)).toEqual([company.id]);
    const bySiren = await w.call("GET", `/billing/clients?search=${encodeURIComponent("404 833")}`, w.tok.admin);
    expect((bySiren.body.data as { id: string }[]).map((c) => c.id)).toEqual([company.id]);
    const opcos = await w.call("GET", "/billing/clients?kind=OPCO", w.tok.admin);
    expect((opcos.body.data as { name: string; kind: string }[]).every((c) => c.kind === "OPCO")).toBe(true);
    expect((opcos.body.data as { name: string }[]).map((c) => c.name)).toEqual(["AKTO", "Atlas", "OPCO EP"]);
    expectError(await w.call("GET", "/billing/clients?perPage=500", w.tok.admin), 400);
    expectError(await w.call("GET", "/billing/clients?kind=NOPE", w.tok.admin), 400);
  });

  it("lists only the caller's tenant", async () => {
    const res = await w.api.call("GET", "/billing/clients?perPage=100", { tenant: "globex", token: w.tok.globexAdmin });
    expect(res.status).toBe(200);
    const ids = (res.body.data as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(globexClientId);
    expect(ids).not.toContain(company.id);
  });
});

describe("GET|PATCH /billing/clients/{id}", () => {
  it("GET answers the client; PATCH changes only the fields sent, null clears; audited", async () => {
    const get = await w.call("GET", `/billing/clients/${company.id}`, w.tok.finance);
    expect(get.status).toBe(200);
    expect(get.body.data).toEqual(company);
    await w.advance(60);
    const res = await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.finance, { name: "Menuiserie Roux & Fils", vatNumber: null, address: { line2: "Atelier 2" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the address members not sent stay as they were
    expect(res.body.data).toEqual({ ...company, name: "Menuiserie Roux & Fils", vatNumber: null, address: { ...company.address, line2: "Atelier 2" }, updatedAt: w.now().toISOString() });
    const [audit] = await auditRows(w.api, "billing_client.updated", { targetId: company.id });
    expect(audit!.metadata).toEqual({ fields: ["addressLine2", "name", "vatNumber"] });
  });

  it("the rules apply to the client after the change: 422 clearing a COMPANY's SIREN and SIRET, or turning it INDIVIDUAL with them", async () => {
    const cleared = await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { siren: null, siret: null });
    expectError(cleared, 422);
    expect(Object.keys(cleared.body.errors)).toEqual(["siren"]);
    const individual = await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { kind: "INDIVIDUAL" });
    expect(Object.keys(individual.body.errors).sort()).toEqual(["siren", "siret"]);
    const ok = await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { kind: "INDIVIDUAL", siren: null, siret: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ kind: "INDIVIDUAL", siren: null, siret: null });
    const back = await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { kind: "COMPANY", siret: "40483304800022" });
    expect(back.body.data).toMatchObject({ kind: "COMPANY", siren: "404833048", siret: "40483304800022" });
    expectError(await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { siret: "40483304800023" }), 400); // a bad check digit is malformed: 400
    expectUnknownFields(await w.call("PATCH", `/billing/clients/${company.id}`, w.tok.admin, { createdBy: "usr_x" }), ["createdBy"]);
  });

  it("another tenant's client, or none, is 404 CLIENT_NOT_FOUND", async () => {
    for (const res of [
      await w.call("GET", `/billing/clients/${globexClientId}`, w.tok.admin),
      await w.call("PATCH", `/billing/clients/${globexClientId}`, w.tok.admin, { name: "Volé" }),
      await w.call("GET", "/billing/clients/cli_doesnotexist", w.tok.admin),
    ]) {
      expectError(res, 404, "Client not found");
      expect(res.body.code).toBe("CLIENT_NOT_FOUND");
    }
    const [g] = await w.api.db.select().from(billingClients).where(eq(billingClients.id, globexClientId));
    expect(g!.name).not.toBe("Volé");
  });
});

describe("service functions for invoicing", () => {
  const caller = () =>
    buildCaller({
      tenant: { id: w.acmeId, slug: "acme", name: "Acme Formation", ofMode: true, authMode: "PASSWORD", timeZone: "Europe/Paris" },
      scope: forTenant(w.acmeId),
      userId: w.uid.finance,
      role: "FINANCIER",
      membershipId: null,
      ip: null,
      userAgent: null,
      requestId: null,
    });

  it("loadClient: the row, or 404 CLIENT_NOT_FOUND for another tenant's", async () => {
    expect((await loadClient(w.api.db, forTenant(w.acmeId), company.id)).id).toBe(company.id);
    const err = await loadClient(w.api.db, forTenant(w.acmeId), globexClientId).catch((e: unknown) => e);
    expect((err as DomainError).reason).toBe("CLIENT_NOT_FOUND");
  });

  it("clientForLearner: finds the learner's INDIVIDUAL client, or creates it once from their name and e-mail", async () => {
    const demo = await clientForLearner(w.api.db, caller(), w.uid.learner);
    expect(demo).toMatchObject({ kind: "INDIVIDUAL", name: "Léa Petit", userId: w.uid.learner });
    const [a, b] = await Promise.all([clientForLearner(w.api.db, caller(), w.uid.funder), clientForLearner(w.api.db, caller(), w.uid.funder)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ kind: "INDIVIDUAL", name: "Fabien Simon", email: "funder@acme.test", userId: w.uid.funder });
    const rows = await w.api.db.select().from(billingClients).where(and(eq(billingClients.tenantId, w.acmeId), eq(billingClients.userId, w.uid.funder)));
    expect(rows).toHaveLength(1);
    const err = await clientForLearner(w.api.db, caller(), w.uid.globexLearner).catch((e: unknown) => e);
    expect((err as DomainError).code).toBe("NOT_FOUND");
  });
});
