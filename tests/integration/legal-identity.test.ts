import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { liveSessions, tenantLegalIdentities } from "../../server/db/schema";
import { VAT_EXEMPTION_MENTION } from "../../server/contracts/legal-identity";
import { frenchVatKey, isValidIban, isValidSiren, isValidSiret, isValidVatNumber } from "../../server/contracts/french-ids";
import { loadLegalIdentity, requireInvoiceableIdentity } from "../../server/services/billing/legal-identity";
import { organisationValues } from "../../server/services/documents/variables";
import { forTenant } from "../../server/db/tenant-scope";
import { DomainError } from "../../server/errors";
import { startWorld, type World } from "../helpers/attendance";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";
import { completeCourse, createCourse } from "../helpers/courses";

/**
 * Issue #12 item 1: the tenant's legal identity (GET|PATCH /billing/legal-identity), its checks,
 * roles, the completeness list, the service functions the invoices and the BPF read, and the
 * NDA printed on the attendance sheet and satisfying the publication check.
 */

let w: World;
const PATH = "/billing/legal-identity";
const globex = (method: string, token: string, body?: unknown) => w.api.call(method, PATH, { tenant: "globex", token, body });

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

describe("validators", () => {
  it("SIREN/SIRET Luhn, the French VAT key, the IBAN mod 97", () => {
    expect(isValidSiren("812345676")).toBe(true);
    expect(isValidSiren("812345677")).toBe(false);
    expect(isValidSiret("81234567600017")).toBe(true);
    expect(isValidSiret("81234567600018")).toBe(false);
    expect(frenchVatKey("404833048")).toBe("83"); // a published example: FR83404833048
    expect(isValidVatNumber("FR83404833048")).toBe(true);
    expect(isValidVatNumber("FR84404833048")).toBe(false);
    expect(isValidVatNumber("DE123456789")).toBe(true);
    expect(isValidIban("FR7630006000011234567890189")).toBe(true);
    expect(isValidIban("FR7630006000011234567890188")).toBe(false);
  });
});

describe("GET /billing/legal-identity", () => {
  it("answers the demo identity of acme (exempt, with its mention, nothing missing) to ADMIN and FINANCIER", async () => {
    for (const token of [w.tok.admin, w.tok.finance]) {
      const res = await w.call("GET", PATH, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({
        legalName: "Acme Formation SAS",
        legalForm: "SAS",
        siren: "812345676",
        siret: "81234567600017",
        vatNumber: "FR19812345676",
        rcs: "RCS Lyon 812 345 676",
        shareCapital: "20 000 €",
        nafCode: "85.59A",
        nda: "84691234569",
        ndaRegion: "Auvergne-Rhône-Alpes",
        addressLine1: "12 rue de la République",
        addressLine2: "Bâtiment B",
        postalCode: "69002",
        city: "Lyon",
        country: "FR",
        email: "facturation@acme.test",
        phone: "+33 4 72 00 00 00",
        iban: "FR7630004000031234567890143",
        bic: "BNPAFRPPXXX",
        vatRegime: "EXEMPT_261_4_4A",
        invoicePrefix: "ACME",
        paymentTermsDays: 30,
        facturxProfile: "EN16931",
        vatOnDebits: false,
        directorName: "Alice Martin",
        directorRole: "Présidente",
        signatoryName: "Alice Martin",
        signatoryRole: "Présidente",
        signatureImage: expect.stringMatching(/^data:image\/png;base64,/),
        vatExemptionMention: "Exonération de TVA – article 261-4-4° a du CGI",
        completeness: [],
        updatedAt: expect.any(String),
      });
    }
    expect(VAT_EXEMPTION_MENTION).toBe("Exonération de TVA – article 261-4-4° a du CGI");
  });

  it("globex (VAT liable) reads its own identity, no mention", async () => {
    const res = await globex("GET", w.tok.globexAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ legalName: "Globex Training SARL", vatRegime: "LIABLE", vatExemptionMention: null, invoicePrefix: "GLX", completeness: [] });
  });

  it("a tenant that never saved one reads the defaults and the completeness list", async () => {
    const [saved] = await w.api.db.select().from(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, w.globexId));
    await w.api.db.delete(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, w.globexId));
    try {
      const res = await globex("GET", w.tok.globexAdmin);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        legalName: null,
        siren: null,
        nda: null,
        country: "FR",
        vatRegime: "EXEMPT_261_4_4A",
        invoicePrefix: "FAC",
        paymentTermsDays: 30,
        facturxProfile: "EN16931",
        vatOnDebits: false,
        vatExemptionMention: VAT_EXEMPTION_MENTION,
        completeness: ["legalName", "siren", "addressLine1", "postalCode", "city", "nda"],
        updatedAt: null,
      });
      const err = await requireInvoiceableIdentity(w.api.db, w.globexId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).reason).toBe("LEGAL_IDENTITY_INCOMPLETE");
      expect(Object.keys((err as DomainError).fields as object)).toEqual(["legalName", "siren", "addressLine1", "postalCode", "city", "nda"]);
    } finally {
      await w.api.db.insert(tenantLegalIdentities).values(saved!);
    }
    expect((await requireInvoiceableIdentity(w.api.db, w.globexId)).legalName).toBe("Globex Training SARL");
  });

  it("roles: CREATOR, TRAINER, LEARNER, FUNDER 403; no token 401", async () => {
    for (const token of [w.tok.creator, w.tok.trainer, w.tok.learner, w.tok.funder]) expectError(await w.call("GET", PATH, token), 403);
    expectError(await w.call("GET", PATH), 401);
  });
});

describe("PATCH /billing/legal-identity", () => {
  it("ADMIN changes the fields sent (spaces removed, letters upper-cased, empty text cleared); audited with before and after", async () => {
    const res = await w.call("PATCH", PATH, w.tok.admin, {
      siren: "404 833 048",
      siret: "404 833 048 00022",
      vatNumber: "fr 83 404833048",
      iban: "fr76 3000 6000 0112 3456 7890 189",
      bic: "agrifrpp",
      nafCode: "8559a",
      addressLine2: "",
      invoicePrefix: "AC-24",
      paymentTermsDays: 45,
      facturxProfile: "EXTENDED",
      country: "fr",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      siren: "404833048",
      siret: "40483304800022",
      vatNumber: "FR83404833048",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      nafCode: "8559A",
      addressLine2: null,
      invoicePrefix: "AC-24",
      paymentTermsDays: 45,
      facturxProfile: "EXTENDED",
      country: "FR",
      legalName: "Acme Formation SAS",
      updatedAt: w.now().toISOString(),
    });
    const [audit] = await auditRows(w.api, "legal_identity.updated", { targetId: w.acmeId });
    expect(audit!.metadata).toMatchObject({
      fields: ["addressLine2", "bic", "country", "facturxProfile", "iban", "invoicePrefix", "nafCode", "paymentTermsDays", "siren", "siret", "vatNumber"],
      changes: { siren: { from: "812345676", to: "404833048" }, iban: { from: "…0143", to: "…0189" } },
    });
    expect((await loadLegalIdentity(w.api.db, w.acmeId)).invoicePrefix).toBe("AC-24");
  });

  it("a SIRET alone fills the SIREN; switching to LIABLE asks for the VAT number in completeness", async () => {
    const cleared = await w.call("PATCH", PATH, w.tok.admin, { siren: null, siret: null, vatNumber: null });
    expect(cleared.body.data.completeness).toEqual(["siren"]);
    const res = await w.call("PATCH", PATH, w.tok.admin, { siret: "81234567600017", vatRegime: "LIABLE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ siren: "812345676", siret: "81234567600017", vatRegime: "LIABLE", vatExemptionMention: null, completeness: ["vatNumber"] });
    const back = await w.call("PATCH", PATH, w.tok.admin, { vatNumber: "FR19812345676", vatRegime: "EXEMPT_261_4_4A" });
    expect(back.body.data.completeness).toEqual([]);
  });

  it("the option for VAT on debits: set, read back, audited; a boolean only", async () => {
    const on = await w.call("PATCH", PATH, w.tok.admin, { vatOnDebits: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.vatOnDebits).toBe(true);
    expect((await w.call("GET", PATH, w.tok.finance)).body.data.vatOnDebits).toBe(true);
    const bad = await w.call("PATCH", PATH, w.tok.admin, { vatOnDebits: "yes" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["vatOnDebits"]);
    const off = await w.call("PATCH", PATH, w.tok.admin, { vatOnDebits: false });
    expect(off.body.data.vatOnDebits).toBe(false);
  });

  it("naming each field: 400 for a malformed one (Luhn, VAT key, IBAN, NDA, prefix, terms, country, e-mail, NAF, enums), 422 for a SIRET or VAT number of another SIREN", async () => {
    const cases: [Record<string, unknown>, string, (400 | 422)?][] = [
      [{ siren: "812345677" }, "siren"],
      [{ siren: "81234567" }, "siren"],
      [{ siret: "81234567600018" }, "siret"],
      [{ siret: "40483304800022" }, "siret", 422], // valid, but not of the stored SIREN 812345676
      [{ vatNumber: "FR20812345676" }, "vatNumber"], // wrong key
      [{ vatNumber: "FR83404833048" }, "vatNumber", 422], // valid, but another SIREN
      [{ iban: "FR7630006000011234567890188" }, "iban"],
      [{ bic: "BNP" }, "bic"],
      [{ nda: "8469123456" }, "nda"],
      [{ invoicePrefix: "FAC/24" }, "invoicePrefix"],
      [{ invoicePrefix: "ABCDEFGHIJK" }, "invoicePrefix"],
      [{ invoicePrefix: "" }, "invoicePrefix"],
      [{ paymentTermsDays: 91 }, "paymentTermsDays"],
      [{ paymentTermsDays: -1 }, "paymentTermsDays"],
      [{ country: "FRA" }, "country"],
      [{ email: "nope" }, "email"],
      [{ nafCode: "8559" }, "nafCode"],
      [{ vatRegime: "EXEMPT" }, "vatRegime"],
      [{ facturxProfile: "MINIMUM" }, "facturxProfile"],
    ];
    for (const [body, field, status = 400] of cases) {
      const res = await w.call("PATCH", PATH, w.tok.admin, body);
      expectError(res, status);
      expect(res.body.code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const both = await w.call("PATCH", PATH, w.tok.admin, { siren: "404833048", siret: "81234567600017" });
    expect(both.body.errors).toEqual({ siret: ["The SIRET must start with the SIREN"], vatNumber: ["The VAT number must carry the SIREN"] });
    const fr = await w.call("PATCH", PATH, w.tok.admin, { siren: "1" }, { "Accept-Language": "fr" });
    expect(fr.body.errors.siren).toEqual(["SIREN invalide (9 chiffres avec une clé de contrôle valide)"]);
    expect((await loadLegalIdentity(w.api.db, w.acmeId)).siren).toBe("812345676"); // nothing changed
    expectUnknownFields(await w.call("PATCH", PATH, w.tok.admin, { tenantId: "ten_x", legalName: "X" }), ["tenantId"]);
  });

  it("roles: FINANCIER reads but cannot change (403); CREATOR, TRAINER, LEARNER 403", async () => {
    for (const token of [w.tok.finance, w.tok.creator, w.tok.trainer, w.tok.learner, w.tok.funder]) expectError(await w.call("PATCH", PATH, token, { legalName: "Pirate" }), 403);
    expect((await loadLegalIdentity(w.api.db, w.acmeId)).legalName).toBe("Acme Formation SAS");
  });

  it("each tenant changes only its own identity", async () => {
    const res = await globex("PATCH", w.tok.globexAdmin, { legalName: "Globex Training SA" });
    expect(res.status).toBe(200);
    expect((await loadLegalIdentity(w.api.db, w.acmeId)).legalName).toBe("Acme Formation SAS");
    expect((await loadLegalIdentity(w.api.db, w.globexId)).legalName).toBe("Globex Training SA");
  });
});

describe("the NDA where documents printed 'non renseigné'", () => {
  it("the attendance sheet prints the legal identity's NDA and SIRET", async () => {
    const [session] = await w.api.db.select({ id: liveSessions.id }).from(liveSessions).where(and(eq(liveSessions.tenantId, w.acmeId))).limit(1);
    const res = await w.call("GET", `/qualiopi/emargement/${session!.id}/sheet`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tenant).toMatchObject({ activityNumber: "84 69 12345 69", siret: "81234567600017" });
  });

  it("document templates' organisation variables: the legal identity's NDA, SIRET and address", async () => {
    const { values } = await organisationValues(w.api.db, forTenant(w.acmeId), w.now());
    expect(values).toMatchObject({
      "organisation.activityNumber": "84 69 12345 69",
      "organisation.siret": "81234567600017",
      "organisation.address": "12 rue de la République, 69002 Lyon", // addressLine2 was cleared above
    });
  });

  it("the publication check: the tenant's NDA stands for the course's activityNumber; without it the blocker returns", async () => {
    const { activityNumber: _a, ...fields } = completeCourse();
    const course = await createCourse(w.api, "acme", w.tok.creator, { ...fields, title: "Sans numéro propre" });
    const blockers = async () => {
      const res = await w.call("GET", `/qualiopi/check-publication?courseId=${course.id}`, w.tok.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.blockers as { field: string }[]).map((b) => b.field);
    };
    expect(await blockers()).not.toContain("activityNumber");
    expect((await w.call("PATCH", PATH, w.tok.admin, { nda: null })).status).toBe(200);
    expect(await blockers()).toContain("activityNumber");
    expect((await w.call("PATCH", PATH, w.tok.admin, { nda: "84 69 12345 69" })).body.data.nda).toBe("84691234569");
    expect(await blockers()).not.toContain("activityNumber");
  });
});
