import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, enrollments, mailConfigurations, users } from "../../server/db/schema";
import { seedDocuments } from "../../server/seed/documents";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { generateCertificate } from "../../server/services/documents/uses";
import { organizerEmail } from "../../server/services/sessions/notices";
import { startApi, type TestApi } from "../helpers/api";
import { fetchBytes, pdfImageList, pdfText } from "../helpers/documents";
import { auditRows, tenantBySlug, userIdOf } from "../helpers/rest";
import { courseOf, EXCEL, mailsTo, parseIcs, SST } from "../helpers/sessions";
import { tokenFor } from "../factories";

/**
 * Issue #20 items 3 and 6: planned days and hours from the session's schedule on the sheet, the
 * convocation (PDF, e-mail, .ics) and the attestation; the place printed once; the link only for
 * a remote session; the .ics ORGANIZER; the certificate's own course content, signatory, "Fait à",
 * prefect region and NDA; the NDA of the public course page; a certificate for every COMPLETED
 * enrollment of the seed.
 */
const mediaDir = mkdtempSync(path.join(os.tmpdir(), "times-places-"));
process.env.MEDIA_DIR = mediaDir;

let api: TestApi;
const tok = {} as Record<"admin" | "creator" | "learner", string>;
let acmeId: string;
let sst: { id: string };
let excel: { id: string };
const call = (method: string, p: string, token?: string, body?: unknown) => api.call(method, p, { tenant: "acme", token, body });

const TWO_DAYS = [
  { date: "2026-12-08", ranges: [{ start: "09:00", end: "12:30" }, { start: "13:30", end: "17:00" }] },
  { date: "2026-12-09", ranges: [{ start: "09:00", end: "12:30" }, { start: "13:30", end: "17:00" }] },
];
const PLANNED = "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; mercredi 9 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 14 h";
const PLACE = { name: "Acme Formation", room: "Salle 2", address: "12 rue de la République, 69002 Lyon" };
/** The verification block's QR code, drawn on every issued document (server/services/verification: 192 px wide). */
const VERIFICATION_QR = { page: 1, type: "image", width: 192, height: 192 };

let presential: { id: string };
let remote: { id: string };

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  for (const w of ["admin", "creator", "learner"] as const) tok[w] = await tokenFor(api, "acme", w);
  sst = await courseOf(api, "acme", SST);
  excel = await courseOf(api, "acme", EXCEL);
  const created = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "SST en salle (2 jours)", deliveryMode: "PRESENTIAL", place: PLACE, schedule: TWO_DAYS, sendConvocation: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  presential = created.body.data;
  const online = await call("POST", "/sessions", tok.admin, {
    courseId: sst.id,
    title: "SST classe virtuelle",
    deliveryMode: "REMOTE",
    schedule: [{ date: "2026-12-15", ranges: [{ start: "09:00", end: "12:30" }] }],
    sendConvocation: true,
  });
  expect(online.status, JSON.stringify(online.body)).toBe(201);
  remote = online.body.data;
}, 240_000);

afterAll(async () => {
  await closeRenderPool();
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("attendance sheet: planned days from the schedule, place once", () => {
  it("JSON: session.schedule and session.planned", async () => {
    const res = await call("GET", `/qualiopi/emargement/${presential.id}/sheet`, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.session.schedule).toEqual(TWO_DAYS);
    expect(res.body.data.session.planned).toBe(PLANNED);
    expect(res.body.data.tenant.activityNumber).toBe("84 69 12345 69");
  });

  it("PDF: the two days with their ranges (not 09:00 – 23:00), 'Salle 2' once, the organisation's NDA", async () => {
    const res = await fetchBytes(api, "GET", `/emargement/${presential.id}/pdf`, { tenant: "acme", token: tok.admin });
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain(`${PLANNED} (heure de Paris)`);
    expect(text).not.toMatch(/23:00|14 h 00/);
    expect(text).toContain("Acme Formation — Salle 2, 12 rue de la République, 69002 Lyon");
    expect(text).not.toContain("Salle Salle");
    expect(text).toContain("84 69 12345 69");
  });
});

describe("convocation: e-mail, .ics and PDF", () => {
  it("in person: the schedule in long form, the place, no connection link, no minutes", async () => {
    const [mail] = (await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("SST en salle"));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`Dates et horaires (heure de Paris)\u202f: ${PLANNED.replaceAll(" ;", "\u202f;")}`);
    expect(mail!.text).toContain("Lieu\u202f: Acme Formation — Salle 2, 12 rue de la République, 69002 Lyon");
    expect(mail!.text).toContain(`Informations pratiques\u202f: `);
    expect(mail!.text).not.toMatch(/connexion|minutes|2026-12-08|Europe\/Paris/);

    // One VEVENT per range (the lunch break and the night stay free), the organisation as ORGANIZER.
    const ics = parseIcs(mail!.attachments[0]!.content);
    expect(ics.events.map((e) => [e.DTSTART, e.DTEND])).toEqual([
      ["20261208T080000Z", "20261208T113000Z"],
      ["20261208T123000Z", "20261208T160000Z"],
      ["20261209T080000Z", "20261209T113000Z"],
      ["20261209T123000Z", "20261209T160000Z"],
    ]);
    for (const e of ics.events) expect(e.ORGANIZER).toBe("mailto:facturation@acme.test");
    expect(ics.raw).toContain('ORGANIZER;CN="Acme Formation":mailto:facturation@acme.test');
    expect(ics.raw).not.toContain("no-reply@");
    expect(ics.events[0]!.LOCATION).toBe("Acme Formation — Salle 2\\, 12 rue de la République\\, 69002 Lyon");

    const pdf = pdfText(Buffer.from(mail!.attachments[1]!.content, "base64"));
    expect(pdf).toContain(`Dates et horaires : ${PLANNED}`);
    expect(pdf).toContain("Lieu : Acme Formation — Salle 2, 12 rue de la République, 69002 Lyon");
    expect(pdf).toContain("Informations pratiques :");
    expect(pdf).not.toMatch(/connexion|840|minutes/);
    expect(pdf.match(/Salle 2/g)).toHaveLength(1);
    expect(pdf).toContain("auprès du préfet de la région d'Auvergne-Rhône-Alpes.");
  });

  it("remote: the connection link, no place", async () => {
    const [mail] = (await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("SST classe virtuelle"));
    expect(mail!.text).toContain("Dates et horaires (heure de Paris)\u202f: mardi 15 décembre 2026, 09:00–12:30\u202f; 3 h 30");
    expect(mail!.text).toContain(`Lien de connexion à la classe virtuelle\u202f: `);
    expect(mail!.text).toContain(`/sessions/${remote.id}`);
    expect(mail!.text).not.toContain("Lieu");
    const pdf = pdfText(Buffer.from(mail!.attachments[1]!.content, "base64"));
    expect(pdf).toContain("Lieu : à distance (classe virtuelle)");
    expect(pdf).toContain("Lien de connexion à la classe virtuelle :");
  });

  it("cancellation: the planned days as the convocation gave them, in French and in English", async () => {
    await api.db.update(users).set({ locale: "en" }).where(eq(users.email, "learner2@acme.test"));
    expect((await call("DELETE", `/sessions/${remote.id}`, tok.admin)).status).toBe(204);
    const [fr] = (await mailsTo(api, "learner@acme.test", "session-cancellation")).filter((m) => m.subject.includes("SST classe virtuelle"));
    expect(fr!.text).toContain("Elle était prévue\u202f: mardi 15 décembre 2026, 09:00–12:30\u202f; 3 h 30");
    const [en] = (await mailsTo(api, "learner2@acme.test", "session-cancellation")).filter((m) => m.subject.includes("SST classe virtuelle"));
    expect(en!.text).toContain("It was planned: Tuesday 15 December 2026, 09:00–12:30; 3 h 30");
  });

  it("ORGANIZER: the tenant's mail configuration sender first, then the legal identity's e-mail", async () => {
    expect(await organizerEmail(api.db, acmeId)).toBe("facturation@acme.test");
    const id = newId("mcf");
    await api.db.insert(mailConfigurations).values({ id, tenantId: acmeId, ownerUserId: null, provider: "SMTP", fromName: "Acme Formation", fromEmail: "formation@acme.test", createdBy: await userIdOf(api, "admin@acme.test") });
    try {
      expect(await organizerEmail(api.db, acmeId)).toBe("formation@acme.test");
    } finally {
      await api.db.delete(mailConfigurations).where(and(eq(mailConfigurations.tenantId, acmeId), eq(mailConfigurations.id, id)));
    }
  });
});

describe("attestation d'assiduité", () => {
  it("prints the planned days and ranges, each slot's hours whole, its signatory and « Fait à »", async () => {
    const learnerId = await userIdOf(api, "learner@acme.test");
    const res = await fetchBytes(api, "GET", `/qualiopi/emargement/${presential.id}/attestation/${learnerId}`, { tenant: "acme", token: tok.admin });
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain(`: ${PLANNED} (heure de Paris)`);
    expect(text).not.toMatch(/\d\d:\d\d[–-]{1,2}(?!\d)/);
    expect(text).toContain("08/12/2026 09:00–12:30");
    expect(text).toContain("09/12/2026 13:30–17:00");
    // Signed like the certificate: the legal identity's signatory, and where it was made.
    expect(text).toContain("L'organisme de formation ci-dessous, représenté par Alice Martin, Présidente, atteste que");
    expect(text).toMatch(/Fait à Lyon, le \d\d\/\d\d\/\d{4}/);
  });
});

describe("certificate of completion", () => {
  const scope = () => forTenant(acmeId);
  const certificateText = async (enrollmentId: string) => {
    const out = await generateCertificate(api.db, scope(), enrollmentId, new Date("2026-11-28T10:00:00Z"));
    expect(out).not.toBeNull();
    const file = await fetchBytes(api, "GET", `/documents/${out!.document.id}/file`, { tenant: "acme", token: tok.admin });
    expect(file.status).toBe(200);
    return { bytes: file.bytes, text: pdfText(file.bytes) };
  };

  it("Excel: its own objectives, assessment and hours; the signatory, 'Fait à', the region, the organisation's NDA", async () => {
    const learnerId = await userIdOf(api, "learner@acme.test");
    const [e] = await api.db.select().from(enrollments).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.courseId, excel.id), eq(enrollments.userId, learnerId)));
    expect(e!.status).toBe("COMPLETED");
    const { bytes, text } = await certificateText(e!.id);
    expect(text).toContain("tableau croisé dynamique");
    expect(text).toContain("Quiz final noté");
    expect(text).not.toMatch(/accident|INRS|secour/i);
    expect(text).toContain("Durée de la formation : 7 h");
    expect(text).toContain("Modalité : formation à distance (e-learning)");
    expect(text).toContain("Certification visée : aucune (action de formation non certifiante)");
    expect(text).toContain("dispensateur de l'action de formation, représenté par Alice Martin, Présidente, atteste que");
    expect(text).not.toMatch(/\(e\)|\(s\)/); // epicene wording, no bracketed endings
    expect(text).toContain("Fait à Lyon, le 28/11/2026, pour servir et valoir ce que de droit.");
    expect(text).toContain("Alice Martin, Présidente");
    expect(text).toContain("Déclaration d'activité enregistrée sous le numéro 84 69 12345 69 auprès du préfet de la région d'Auvergne-Rhône-Alpes.");
    expect(text).not.toContain("11 75 12345 75");
    expect(text).not.toContain("préfet de région");
    // The signature image of the legal identity (the seed's 320 × 110 PNG) is drawn, besides the verification QR code.
    const images = pdfImageList(bytes).filter((i) => i.type === "image");
    expect(images).toContainEqual(VERIFICATION_QR);
    expect(images).toContainEqual({ page: 1, type: "image", width: 320, height: 110 });
  });

  it("SST: its certification number (RS) from the course, its own objectives and the sessions taken with their schedule", async () => {
    const learner3 = await userIdOf(api, "learner3@acme.test");
    const [e] = await api.db.select().from(enrollments).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.courseId, sst.id), eq(enrollments.userId, learner3)));
    await api.db.update(enrollments).set({ status: "COMPLETED", completedAt: new Date("2026-11-20T16:00:00Z") }).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.id, e!.id)));
    const { text } = await certificateText(e!.id);
    expect(text).toContain("Certification visée : RS5678");
    expect(text).toContain("intervenir efficacement face à une situation d'accident");
    expect(text).toContain("Durée de la formation : 14 h");
    // Last year's BPF day (seed/bpf.ts), planned as its slots are.
    expect(text).toMatch(/SST — session de novembre (\d{4}) : \S+ 18 novembre \1, 09:00–12:30 et 13:30–17:00 ; 7 h/);
    // Sessions after the completion are not on it.
    expect(text).not.toContain("SST en salle (2 jours)");
  });

  it("no signatory recorded: the director; a removed signature image leaves a blank to sign", async () => {
    const patched = await call("PATCH", "/billing/legal-identity", tok.admin, { signatoryName: null, signatoryRole: null, signatureImage: null });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ signatoryName: null, signatoryRole: null, signatureImage: null, directorName: "Alice Martin" });
    const learnerId = await userIdOf(api, "learner@acme.test");
    const [e] = await api.db.select().from(enrollments).where(and(eq(enrollments.tenantId, acmeId), eq(enrollments.courseId, excel.id), eq(enrollments.userId, learnerId)));
    await api.db.delete(documents).where(and(eq(documents.tenantId, acmeId), eq(documents.enrollmentId, e!.id), eq(documents.kind, "CERTIFICATE")));
    const { bytes, text } = await certificateText(e!.id);
    expect(text).toContain("Alice Martin, Présidente");
    // The only image left is the verification QR code (server/services/verification: a 192 px PNG and its alpha mask).
    expect(pdfImageList(bytes)).toEqual([VERIFICATION_QR, { ...VERIFICATION_QR, type: "smask" }]);
  });
});

describe("legal identity: the certificate signatory", () => {
  const png = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\n fake").toString("base64")}`;

  it("PATCH stores name, role and signature image; the audit log does not copy the image", async () => {
    const res = await call("PATCH", "/billing/legal-identity", tok.admin, { signatoryName: "Claire Dubois", signatoryRole: "Directrice pédagogique", signatureImage: png });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ signatoryName: "Claire Dubois", signatoryRole: "Directrice pédagogique", signatureImage: png });
    expect((await call("GET", "/billing/legal-identity", tok.admin)).body.data.signatureImage).toBe(png);
    const [audit] = (await auditRows(api, "legal_identity.updated", { tenantId: acmeId })).slice(-1);
    expect(JSON.stringify(audit!.metadata)).not.toContain(png.slice(22));
  });

  it("an image that is not a PNG or JPEG data URL: 400 naming the field; 403 for a FINANCIER", async () => {
    for (const bad of ["https://example.test/sig.png", "data:image/svg+xml;base64,PHN2Zz4=", `data:image/png;base64,${"A".repeat(280_000)}`]) {
      const res = await call("PATCH", "/billing/legal-identity", tok.admin, { signatureImage: bad });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(["signatureImage"]);
    }
    const finance = await tokenFor(api, "acme", "finance");
    expect((await call("PATCH", "/billing/legal-identity", finance, { signatoryName: "X" })).status).toBe(403);
  });
});

describe("one NDA and one certification number", () => {
  it("GET /courses/{id}/qualiopi-info and the public course page give the organisation's NDA and the course's own RS", async () => {
    for (const [course, rs] of [
      [excel, null],
      [sst, "RS5678"],
    ] as const) {
      const info = await call("GET", `/courses/${course.id}/qualiopi-info`, tok.learner);
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ activityNumber: "84 69 12345 69", certificationNumber: rs });
    }
    const page = await api.call("GET", `/public/courses/${EXCEL}`, { tenant: "acme" });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ activityNumber: "84 69 12345 69", certificationNumber: null });
    expect(JSON.stringify(page.body)).not.toContain("11 75 12345 75");
  });
});

describe("the seed: every COMPLETED enrollment has its certificate", () => {
  it("after seedDocuments (the demo seed's last step), COMPLETED enrollments and certificates match one to one", async () => {
    for (const slug of ["acme", "globex"]) {
      const tenantId = (await tenantBySlug(api, slug)).id;
      await seedDocuments(api.db, forTenant(tenantId), { withPdfs: true });
      const completed = await api.db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.tenantId, tenantId), eq(enrollments.status, "COMPLETED")));
      const certificates = await api.db.select({ enrollmentId: documents.enrollmentId }).from(documents).where(and(eq(documents.tenantId, tenantId), eq(documents.kind, "CERTIFICATE")));
      expect(completed.length, slug).toBeGreaterThanOrEqual(5);
      expect(certificates.map((c) => c.enrollmentId).sort(), slug).toEqual(completed.map((e) => e.id).sort());
    }
  }, 240_000);
});
