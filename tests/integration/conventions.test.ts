import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingClients, courses, enrollments, tenantLegalIdentities } from "../../server/db/schema";
import { demoSignature } from "../../server/seed/signature-png";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { startApi, type TestApi } from "../helpers/api";
import { fetchBytes, pdfImageList, pdfText } from "../helpers/documents";
import { expectError, expectUnknownFields, tenantBySlug } from "../helpers/rest";
import { courseOf, mailsTo, SST } from "../helpers/sessions";
import { demoUsers, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment } from "../factories/learning";

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "conventions-test-"));
process.env.MEDIA_DIR = mediaDir;

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "learner" | "learner2" | "funder" | "finance" | "globexAdmin";
const tok = {} as Record<Who, string>;
const uid = {} as Record<string, string>;
let acmeId: string;
let sst: { id: string; title: string };
const call = (method: string, p: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, p, { tenant, token, body });
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const VERIFY_CODE = /Code de vérification : ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/;
const clientNamed = async (name: string) => (await api.db.select().from(billingClients).where(and(eq(billingClients.tenantId, acmeId), eq(billingClients.name, name))).limit(1))[0]!;
const enrollmentOf = async (courseId: string, userId: string) =>
  (await api.db.select().from(enrollments).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.courseId, courseId), eq(enrollments.userId, userId))).limit(1))[0]!;
async function pdfOf(url: string, token = tok.admin) {
  const res = await fetchBytes(api, "GET", url.replace(/^\/api\/v1/, ""), { tenant: "acme", token });
  expect(res.status, res.bytes.toString("utf8").slice(0, 200)).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/pdf");
  return { bytes: res.bytes, text: pdfText(res.bytes) };
}
/** The signing link's token from the last convention e-mail to `to`. */
async function signToken(to: string): Promise<string> {
  const mails = await mailsTo(api, to, "convention-sign");
  const m = /\/convention\/sign\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]!.text);
  return m![1]!;
}

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  {
    const demo = await demoUsers(api, "acme", ["admin", "creator", "trainer", "learner", "learner2", "funder", "finance"] as const);
    Object.assign(tok, demo.tok);
    Object.assign(uid, demo.uid);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  sst = await courseOf(api, "acme", SST);
});
afterAll(async () => {
  await closeRenderPool();
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("content", () => {
  it("an employer pays: the parties are the organisation and the employer, with dates, schedule, place, trainees, price, payment terms, programme page and signature blocks", async () => {
    const employer = await clientNamed("Boulangerie Durand SARL");
    const enr = await enrollmentOf(sst.id, uid.learner!);
    const res = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, { clientId: employer.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({ enrollmentId: enr.id, kind: "CONVENTION", payer: "EMPLOYER", clientId: employer.id, currentVersion: 1, status: "DRAFT" });
    expect(c.summary.clientName).toBe("Boulangerie Durand SARL");
    expect(c.summary.trainees).toContain("Léa Petit");
    expect(c.summary.endDate).toBeTruthy();
    expect(c.versions).toHaveLength(1);

    const { bytes, text } = await pdfOf(c.versions[0].pdfUrl);
    expect(sha(bytes)).toBe(c.versions[0].sha256);
    expect(text).toContain("Convention de formation professionnelle");
    expect(text).toContain("L6353-1");
    // parties: the organisation (legal identity) and the employer, not the learner
    expect(text).toContain("Acme Formation");
    expect(text).toContain("SIRET : 81234567600017");
    expect(text).toContain("84 69 12345 69");
    // The one L6352-12 wording (server/lib/regions.ts), elided as on the invoices.
    expect(text).toContain("auprès du préfet de la région d'Auvergne-Rhône-Alpes. Cet enregistrement ne vaut pas agrément de l'État.");
    expect(text).toContain("Représenté par Alice Martin");
    expect(text).toContain("Le client — l'employeur Boulangerie Durand SARL");
    expect(text).toContain("SIRET : 79845612500011");
    expect(text).not.toContain("Le stagiaire (cocontractant)");
    // content
    expect(text).toContain("Sauveteur Secouriste du Travail (SST)");
    expect(text).toContain(`Date de début ${c.summary.startDate}`);
    expect(text).toContain(`Date de fin ${c.summary.endDate}`);
    // the schedule in the shared long form of the sheet and the convocation (server/lib/schedule-text.ts)
    expect(text).toMatch(/Calendrier et horaires : .*(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(er)? \S+ 20\d\d, \d\d:\d\d–\d\d:\d\d( et \d\d:\d\d–\d\d:\d\d)? ; \d+ h/);
    expect(c.summary.duration).toMatch(/^\d+ h( \d\d)?$/);
    expect(text).toContain(`Durée totale ${c.summary.duration}`);
    expect(text).toContain("Modalité et lieu");
    expect(text).toContain("Nombre de stagiaires : 1. Nom du stagiaire : Léa Petit.");
    expect(text).toContain("Total HT");
    expect(text).toContain("Total TTC");
    expect(text).toContain("Exonération de TVA – article 261-4-4° a du CGI");
    expect(text).toContain("Modalités de paiement");
    expect(text).toContain("payable à 30 jours");
    expect(text).not.toContain("Délai de rétractation");
    // programme annexed as its own page, with the course's modules
    expect(text).toContain("Annexe 1 — Programme de la formation");
    expect(text).toContain("Module 1 — Le cadre de l'intervention");
    expect(text).toContain("Le rôle du SST dans l'entreprise");
    // signature blocks and place/date
    expect(text).toContain("Pour l'organisme de formation");
    expect(text).toContain("Pour le client");
    expect(text).toMatch(/Fait à Lyon, le \d{1,2} \S+ 20\d\d/);
  });

  it("an OPCO pays: the OPCO is the client party", async () => {
    const opco = await clientNamed("AKTO");
    const enr = await enrollmentOf(sst.id, uid.learner2!);
    const res = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, { clientId: opco.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "CONVENTION", payer: "OPCO" });
    const { text } = await pdfOf(res.body.data.versions[0].pdfUrl);
    expect(text).toContain("Le client — l'opérateur de compétences (OPCO) AKTO");
    expect(text).toContain("prise en charge partielle par l'OPCO");
  });

  it("a learner paying for themself: a contrat de formation professionnelle with the 10-day withdrawal and the 30 % rule; EMPLOYER financing without a client: 422", async () => {
    const course = await createLearningCourse(api.db, acmeId, { creatorId: uid.creator!, title: "Anglais professionnel", modules: [{ title: "Se présenter", lessons: [{ title: "Les salutations" }] }] });
    await api.db.update(courses).set({ price: 90_000, duration: 21 }).where(and(eq(courses.tenantId, acmeId), eq(courses.id, course.id)));
    const self = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: uid.learner! });
    await api.db.update(enrollments).set({ financingSource: "SELF" }).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.id, self.id)));
    const res = await call("POST", `/enrollments/${self.id}/conventions`, tok.creator, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "CONTRACT", payer: "LEARNER" });
    expect(res.body.data.summary.clientName).toBe("Léa Petit");
    const { text } = await pdfOf(res.body.data.versions[0].pdfUrl, tok.creator);
    expect(text).toContain("Contrat de formation professionnelle");
    expect(text).toContain("L6353-3");
    expect(text).toContain("Le stagiaire (cocontractant) Léa Petit");
    expect(text).toContain("Délai de rétractation");
    expect(text).toContain("délai de dix jours pour se rétracter");
    expect(text).toContain("L6353-5");
    expect(text).toContain("ne peut excéder 30 % du prix, soit au plus 270,00 €");
    expect(text).toContain("Durée totale 21 h");
    expect(text).toContain("Module 1 — Se présenter");

    const employerPaid = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: uid.learner2! });
    await api.db.update(enrollments).set({ financingSource: "EMPLOYER" }).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.id, employerPaid.id)));
    const missing = await call("POST", `/enrollments/${employerPaid.id}/conventions`, tok.admin, {});
    expectError(missing, 422);
    expect(missing.body.code).toBe("CONVENTION_CLIENT_REQUIRED");
    expect(missing.body.errors.clientId).toBeDefined();
  });
});

describe("the organisation's signature", () => {
  it("the block names the legal identity's signatory and draws their signature image; without a signatory, the director, and no image", async () => {
    const [saved] = await api.db.select().from(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, acmeId));
    const setSignatory = (v: { signatoryName: string | null; signatoryRole: string | null; signatureImage: string | null }) =>
      api.db.update(tenantLegalIdentities).set(v).where(eq(tenantLegalIdentities.tenantId, acmeId));
    const employer = await clientNamed("Boulangerie Durand SARL");
    const course = await createLearningCourse(api.db, acmeId, { creatorId: uid.creator!, title: "Hygiène alimentaire", modules: [{ title: "HACCP", lessons: [{ title: "Les 7 principes" }] }] });
    const enr = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: uid.learner! });
    /** Images other than the 192-pixel verification QR codes: the signatures drawn. */
    const drawn = (bytes: Buffer) => pdfImageList(bytes).filter((i) => i.type === "image" && !(i.width === 192 && i.height === 192));
    try {
      await setSignatory({ signatoryName: "Bruno Leroy", signatoryRole: "Directeur pédagogique", signatureImage: `data:image/png;base64,${demoSignature(5).png.toString("base64")}` });
      const first = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, { clientId: employer.id });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const signed = await pdfOf(first.body.data.versions[0].pdfUrl);
      expect(signed.text).toContain("Représenté par Alice Martin, Présidente");
      expect(signed.text).toMatch(/Pour l'organisme de formation Pour le client Acme Formation SAS Bruno Leroy, Directeur pédagogique/);
      expect(drawn(signed.bytes)).toHaveLength(1);

      await setSignatory({ signatoryName: null, signatoryRole: null, signatureImage: null });
      const again = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, {});
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const blank = await pdfOf(again.body.data.versions[0].pdfUrl);
      expect(blank.text).toMatch(/Pour l'organisme de formation Pour le client Acme Formation SAS Alice Martin, Présidente/);
      expect(blank.text).not.toContain("Bruno Leroy");
      expect(drawn(blank.bytes)).toHaveLength(0);
    } finally {
      await setSignatory({ signatoryName: saved!.signatoryName, signatoryRole: saved!.signatoryRole, signatureImage: saved!.signatureImage });
    }
  });
});

describe("versions and signature", () => {
  let conventionId: string;
  let v1: { sha256: string; pdfUrl: string };
  let token1: string;

  it("a DRAFT is replaced by a new generation; once sent it is final: unchanged → 409, a change → version 2, version 1 kept with its hash", async () => {
    const employer = await clientNamed("Transports Lefèvre");
    const course = await createLearningCourse(api.db, acmeId, { creatorId: uid.creator!, title: "Gestes et postures", modules: [{ title: "Prévenir les TMS", lessons: [{ title: "Lever une charge" }] }] });
    await api.db.update(courses).set({ price: 45_000, pedagogicalObjectives: "Adopter les bons gestes." }).where(and(eq(courses.tenantId, acmeId), eq(courses.id, course.id)));
    const enr = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: uid.learner2! });
    const first = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, { clientId: employer.id });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    conventionId = first.body.data.id;
    const again = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, {});
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(conventionId);
    expect(again.body.data.versions.map((v: any) => [v.version, v.status])).toEqual([[1, "DRAFT"]]);
    expect(again.body.data.clientId).toBe(employer.id);

    const sent = await call("POST", `/conventions/${conventionId}/send`, tok.admin, { message: "Merci de signer avant le début." });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.versions[0]).toMatchObject({ version: 1, status: "SENT", sentTo: "rh@transports-lefevre.example.com" });
    v1 = sent.body.data.versions[0];
    const [mail] = await mailsTo(api, "rh@transports-lefevre.example.com", "convention-sign");
    expect(mail!.text).toContain("Merci de signer avant le début.");
    expect(mail!.attachments[0]!.contentType).toBe("application/pdf");
    expect(sha(Buffer.from(mail!.attachments[0]!.content, "base64"))).toBe(v1.sha256);
    token1 = await signToken("rh@transports-lefevre.example.com");
    expect((await call("POST", `/conventions/${conventionId}/send`, tok.admin, {})).body.code).toBe("CONVENTION_NOT_DRAFT");

    const unchanged = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, {});
    expectError(unchanged, 409);
    expect(unchanged.body.code).toBe("CONVENTION_UNCHANGED");

    // the course's price changes: version 2; version 1 stays SENT, downloadable, same bytes
    await api.db.update(courses).set({ price: 52_000 }).where(and(eq(courses.tenantId, acmeId), eq(courses.id, course.id)));
    const v2 = await call("POST", `/enrollments/${enr.id}/conventions`, tok.admin, {});
    expect(v2.status, JSON.stringify(v2.body)).toBe(201);
    expect(v2.body.data.versions.map((v: any) => [v.version, v.status])).toEqual([
      [2, "DRAFT"],
      [1, "SENT"],
    ]);
    expect(v2.body.data.versions[1].sha256).toBe(v1.sha256);
    expect(v2.body.data.versions[0].sha256).not.toBe(v1.sha256);
    const old = await pdfOf(v1.pdfUrl);
    expect(sha(old.bytes)).toBe(v1.sha256);
    expect(old.text).toContain("450,00 €");
    expect((await pdfOf(v2.body.data.versions[0].pdfUrl)).text).toContain("520,00 €");
  });

  it("sending version 2 supersedes version 1: its link stops, its PDF and hash stay", async () => {
    const sent = await call("POST", `/conventions/${conventionId}/send`, tok.admin, { to: "direction@transports-lefevre.example.com" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.versions.map((v: any) => [v.version, v.status])).toEqual([
      [2, "SENT"],
      [1, "SUPERSEDED"],
    ]);
    const dead = await api.call("GET", `/conventions/sign/${token1}`, { tenant: "acme" });
    expectError(dead, 404);
    expect(dead.body.code).toBe("CONVENTION_SIGN_TOKEN_INVALID");
    expect(sha((await pdfOf(v1.pdfUrl)).bytes)).toBe(v1.sha256);
  });

  it("the client signs through the link without an account: the signed PDF carries the signature, time, IP, user-agent hash and the unsigned version's hash", async () => {
    const token = await signToken("direction@transports-lefevre.example.com");
    const view = await api.call("GET", `/conventions/sign/${token}`, { tenant: "acme" });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({ version: 2, status: "SENT", clientName: "Transports Lefèvre", courseTitle: "Gestes et postures", signedAt: null });
    const unsignedSha = view.body.data.sha256;
    const publicPdf = await fetchBytes(api, "GET", `/conventions/sign/${token}/pdf`, { tenant: "acme" });
    expect(publicPdf.status).toBe(200);
    expect(sha(publicPdf.bytes)).toBe(unsignedSha);

    const short = await api.call("POST", `/conventions/sign/${token}`, { tenant: "acme", body: { signerName: "Marc Lefèvre", method: "DRAWN", strokes: [[{ x: 1, y: 1 }]], signatureBase64: `data:image/png;base64,${demoSignature(1).png.toString("base64")}`, accept: true } });
    expectError(short, 422);
    expect(short.body.code).toBe("SIGNATURE_TOO_SHORT");
    expectUnknownFields(await api.call("POST", `/conventions/sign/${token}`, { tenant: "acme", body: { signerName: "Marc Lefèvre", method: "TYPED", accept: true, extra: 1 } }), ["extra"]);

    const { png, strokes } = demoSignature(3);
    const signed = await api.call("POST", `/conventions/sign/${token}`, {
      tenant: "acme",
      body: { signerName: "Marc Lefèvre", method: "DRAWN", signatureBase64: `data:image/png;base64,${png.toString("base64")}`, strokes, accept: true },
      headers: { "User-Agent": "Mozilla/5.0 (convention-test)" },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({ status: "SIGNED", signerName: "Marc Lefèvre" });
    expectError(await api.call("POST", `/conventions/sign/${token}`, { tenant: "acme", body: { signerName: "Marc Lefèvre", method: "TYPED", accept: true } }), 409);

    const c = (await call("GET", `/conventions/${conventionId}`, tok.finance)).body.data;
    const v2 = c.versions[0];
    expect(v2).toMatchObject({ version: 2, status: "SIGNED", signerName: "Marc Lefèvre", sha256: unsignedSha });
    const signedPdf = await pdfOf(v2.signedPdfUrl, tok.finance);
    expect(sha(signedPdf.bytes)).toBe(v2.signedSha256);
    expect(v2.signedSha256).not.toBe(unsignedSha);
    const t = signedPdf.text;
    expect(t).toContain("Preuve de signature électronique");
    expect(t).toContain(unsignedSha);
    expect(t).toContain("Marc Lefèvre");
    expect(t).toContain("Signature manuscrite tracée à l'écran");
    expect(t).toContain(`Date et heure (UTC) ${v2.signedAt}`);
    expect(t).toMatch(/Adresse IP (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    expect(t).toContain(sha(Buffer.from("Mozilla/5.0 (convention-test)")));
    expect(t).toContain(sha(png));
    expect(t).toContain("Signé par Marc Lefèvre");
    expect(t).toContain("Pour l'organisme de formation");
    // the unsigned text is unchanged in the signed file
    expect(t).toContain("520,00 €");
    // the public link now serves the signed PDF
    expect(sha((await fetchBytes(api, "GET", `/conventions/sign/${token}/pdf`, { tenant: "acme" })).bytes)).toBe(v2.signedSha256);
    // version 1 is still there with its hash
    expect(c.versions[1]).toMatchObject({ version: 1, status: "SUPERSEDED", sha256: v1.sha256 });
  });

  it("every version's PDF, unsigned and signed, prints its own verification code: it resolves without a token to the downloaded bytes' SHA-256", async () => {
    const c = (await call("GET", `/conventions/${conventionId}`, tok.admin)).body.data;
    const [v2, first] = c.versions;
    const files = [
      { url: first.pdfUrl, signed: false },
      { url: v2.pdfUrl, signed: false },
      { url: v2.signedPdfUrl, signed: true },
    ];
    const codes: string[] = [];
    for (const f of files) {
      const { bytes, text } = await pdfOf(f.url);
      const code = VERIFY_CODE.exec(text)?.[1];
      expect(code, `no verification code in ${f.url}`).toBeTruthy();
      codes.push(code!);
      const res = await api.call("GET", `/verify/${code}`, { tenant: "acme" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ code, sha256: sha(bytes), sizeBytes: bytes.length, document: { type: "CONVENTION", reference: expect.stringMatching(/^CNV-\w+ v[12]$/) } });
      expect(res.body.data.document.title).toContain(f.signed ? "exemplaire signé" : "Gestes et postures");
      // the unsigned file of a signed version reports the signed file as a newer issue
      expect(res.body.data.newerIssuedAt).toBe(f.url === v2.pdfUrl ? v2.signedAt : null);
      expectError(await api.call("GET", `/verify/${code}`, { tenant: "globex" }), 404);
    }
    expect(new Set(codes).size).toBe(3);
  });

  it("a typed signature also signs", async () => {
    const enr = await enrollmentOf(sst.id, uid.learner2!);
    const list = await call("GET", `/conventions?enrollmentId=${enr.id}`, tok.admin);
    const id = list.body.data[0].id;
    const sent = await call("POST", `/conventions/${id}/send`, tok.admin, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const token = await signToken(sent.body.data.versions[0].sentTo);
    const signed = await api.call("POST", `/conventions/sign/${token}`, { tenant: "acme", body: { signerName: "Claire Dumas", method: "TYPED", accept: true } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const c = (await call("GET", `/conventions/${id}`, tok.admin)).body.data;
    const { text } = await pdfOf(c.versions[0].signedPdfUrl);
    expect(text).toContain("Signature saisie (nom tapé)");
    expect(text).toContain("Claire Dumas");
  });
});

describe("access", () => {
  let id: string;
  let enrollmentId: string;
  beforeAll(async () => {
    enrollmentId = (await enrollmentOf(sst.id, uid.learner!)).id;
    id = (await call("GET", `/conventions?enrollmentId=${enrollmentId}`, tok.admin)).body.data[0].id;
  });

  it("another tenant's convention, version, PDF and link: 404", async () => {
    for (const [m, p] of [
      ["GET", `/conventions/${id}`],
      ["POST", `/conventions/${id}/send`],
      ["GET", `/conventions/${id}/versions/1/pdf`],
    ] as const) {
      const res = p.endsWith("/pdf") ? await fetchBytes(api, m, p, { tenant: "globex", token: tok.globexAdmin }) : await call(m, p, tok.globexAdmin, m === "POST" ? {} : undefined, "globex");
      expect(res.status, p).toBe(404);
    }
    expect((await call("GET", "/conventions", tok.globexAdmin, undefined, "globex")).body.data.map((c: any) => c.id)).not.toContain(id);
    const cross = await call("POST", `/enrollments/${enrollmentId}/conventions`, tok.globexAdmin, {}, "globex");
    expectError(cross, 404);
    expect(cross.body.code).toBe("ENROLLMENT_NOT_FOUND");
  });

  it("roles: FINANCIER reads, cannot generate or send; a FUNDER reads a funded enrollment's, cannot generate; TRAINER, LEARNER 403; a CREATOR not owning the course 404; unauthenticated 401", async () => {
    expect((await call("GET", `/conventions/${id}`, tok.finance)).status).toBe(200);
    expect((await call("GET", "/conventions", tok.finance)).status).toBe(200);
    expect((await fetchBytes(api, "GET", `/conventions/${id}/versions/1/pdf`, { tenant: "acme", token: tok.finance })).status).toBe(200);
    expectError(await call("POST", `/enrollments/${enrollmentId}/conventions`, tok.finance, {}), 403);
    expectError(await call("POST", `/conventions/${id}/send`, tok.finance, {}), 403);
    // learner@'s SST enrollment is financed by AKTO, funder@'s funder (tests/integration/funder-perimeter.test.ts: the whole matrix)
    expect((await call("GET", `/conventions/${id}`, tok.funder)).status).toBe(200);
    expect((await fetchBytes(api, "GET", `/conventions/${id}/versions/1/pdf`, { tenant: "acme", token: tok.funder })).status).toBe(200);
    expectError(await call("POST", `/enrollments/${enrollmentId}/conventions`, tok.funder, {}), 403);
    expectError(await call("POST", `/conventions/${id}/send`, tok.funder, {}), 403);
    for (const who of ["trainer", "learner"] as const) {
      expectError(await call("GET", `/conventions/${id}`, tok[who]), 403);
      expectError(await call("GET", "/conventions", tok[who]), 403);
      expectError(await call("POST", `/enrollments/${enrollmentId}/conventions`, tok[who], {}), 403);
      expect((await fetchBytes(api, "GET", `/conventions/${id}/versions/1/pdf`, { tenant: "acme", token: tok[who] })).status).toBe(403);
    }
    expectError(await call("GET", `/conventions/${id}`, undefined), 401);
    const notOwned = await createLearningCourse(api.db, acmeId, { creatorId: uid.admin!, modules: [{ lessons: [{}] }] });
    const e = await insertEnrollment(api.db, acmeId, { courseId: notOwned.id, userId: uid.learner2! });
    expectError(await call("POST", `/enrollments/${e.id}/conventions`, tok.creator, {}), 404);
    expectUnknownFields(await call("POST", `/enrollments/${enrollmentId}/conventions`, tok.admin, { force: true }), ["force"]);
  });
});
