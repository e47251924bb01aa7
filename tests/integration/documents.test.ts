import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, documents, liveSessions } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { runCertificateJob } from "../../server/services/documents/certificate-job";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { convocationPdfAttachment } from "../../server/services/documents/uses";
import { startApi, type TestApi } from "../helpers/api";
import { drainJobs, queuedJobs } from "../helpers/jobs";
import { expectEmbeddedFonts, fetchBytes, isPdf, pdfText } from "../helpers/documents";
import { eventRows, expectError, tenantBySlug } from "../helpers/rest";
import { courseOf, mailsTo, SST } from "../helpers/sessions";
import { demoUsers, tokenFor } from "../factories";
import { createLearningCourse, insertEnrollment } from "../factories/learning";
import { fundEnrollment } from "../factories/funders";

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "documents-test-"));
process.env.MEDIA_DIR = mediaDir;

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "learner" | "learner2" | "funder" | "finance" | "globexAdmin" | "globexFunder";
const tok = {} as Record<Who, string>;
const uid = {} as Record<string, string>;
let acmeId: string;
let course: { id: string; title: string; lessons: { id: string }[] };
let enrollmentId: string;
let certificate: any;
const call = (method: string, p: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, p, { tenant, token, body });
const frDate = (d: Date) => new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" }).format(d);

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  {
    const demo = await demoUsers(api, "acme", ["admin", "creator", "trainer", "learner", "learner2", "funder", "finance"] as const);
    Object.assign(tok, demo.tok);
    Object.assign(uid, demo.uid);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  tok.globexFunder = await tokenFor(api, "globex", "funder");
  // A one-lesson course of 14 hours, created by creator@, in which learner2@ is ACTIVE.
  const seeded = await createLearningCourse(api.db, acmeId, { creatorId: uid.creator!, title: "Habilitation électrique B0-H0V", modules: [{ lessons: [{}] }] });
  await api.db.update(courses).set({ duration: 14 }).where(and(eq(courses.tenantId, acmeId), eq(courses.id, seeded.id)));
  course = seeded;
  enrollmentId = (await insertEnrollment(api.db, acmeId, { courseId: seeded.id, userId: uid.learner2!, enrolledAt: new Date("2026-11-02T09:00:00Z") })).id;
  // Financed by AKTO, funder@'s funder: its documents are in funder@'s perimeter.
  await fundEnrollment(api.db, acmeId, enrollmentId);
});
afterAll(async () => {
  await closeRenderPool();
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("certificate of completion", () => {
  it("completing the course enqueues document.certificate; drained: one certificate, one certificate.generated event (idempotent)", async () => {
    const done = await call("POST", `/enrollments/${enrollmentId}/progress/${course.lessons[0]!.id}`, tok.learner2, { status: "COMPLETED" });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data.enrollment.status).toBe("COMPLETED");

    expect(await queuedJobs(api.db, "document.certificate")).toBe(1);
    expect(await drainJobs(api.db)).toBeGreaterThan(0);
    // at-least-once delivery: a second run of the handler changes nothing
    await runCertificateJob({ tenantId: acmeId, enrollmentId }, { db: api.db });

    const rows = await api.db.select().from(documents).where(and(eq(documents.tenantId, acmeId), eq(documents.enrollmentId, enrollmentId), eq(documents.kind, "CERTIFICATE")));
    expect(rows).toHaveLength(1);
    const events = (await eventRows(api, acmeId, "certificate.generated")).filter((e) => (e.data as any).enrollmentId === enrollmentId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      documentId: rows[0]!.id,
      enrollmentId,
      courseId: course.id,
      userId: uid.learner2,
      sha256: rows[0]!.sha256,
      generatedAt: rows[0]!.generatedAt.toISOString(),
    });

    const list = await call("GET", `/documents?enrollmentId=${enrollmentId}`, tok.learner2);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, page: 1, limit: 25, totalPages: 1 });
    certificate = list.body.data[0];
    expect(certificate).toEqual({
      id: rows[0]!.id,
      kind: "CERTIFICATE",
      title: "Certificat de réalisation — Habilitation électrique B0-H0V",
      fileName: "certificat-habilitation-electrique-b0-h0v-lucas-moreau.pdf",
      templateId: expect.stringMatching(/^tpl_/),
      subjectType: "ENROLLMENT",
      subjectId: enrollmentId,
      userId: uid.learner2,
      enrollmentId,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      sizeBytes: expect.any(Number),
      generatedBy: null,
      generatedAt: expect.any(String),
      fileUrl: `/api/v1/documents/${rows[0]!.id}/file`,
    });
  });

  it("its PDF shows learner, course, hours, dates and the organisation, embeds its fonts, and hashes to the recorded sha256", async () => {
    const res = await fetchBytes(api, "GET", `/documents/${certificate.id}/file`, { tenant: "acme", token: tok.learner2 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${certificate.fileName}"`);
    expect(isPdf(res.bytes)).toBe(true);
    expect(res.bytes.length).toBe(certificate.sizeBytes);
    expect(createHash("sha256").update(res.bytes).digest("hex")).toBe(certificate.sha256);
    const text = pdfText(res.bytes);
    expect(text).toContain("Certificat de réalisation");
    expect(text).toContain("Lucas Moreau");
    expect(text).toContain("Habilitation électrique B0-H0V");
    expect(text).toContain("Durée de la formation : 14 h");
    const [row] = await api.db.select().from(documents).where(eq(documents.id, certificate.id));
    expect(text).toContain(`du ${frDate(new Date("2026-11-02T09:00:00Z"))} au ${frDate(row!.generatedAt)}`);
    expect(text).toContain("Acme Formation");
    expectEmbeddedFonts(res.bytes);
  });

  it("a template that documents were generated from cannot be deleted (SYSTEM: 403 first)", async () => {
    const res = await call("DELETE", `/templates/${certificate.templateId}`, tok.admin);
    expectError(res, 403);
    expect(res.body.code).toBe("SYSTEM_TEMPLATE_READ_ONLY");
    expect((await call("GET", `/templates/${certificate.templateId}`, tok.admin)).body.data.documentCount).toBe(1);
  });

  it("an enrollment that is not COMPLETED gets no certificate", async () => {
    const other = await insertEnrollment(api.db, acmeId, { courseId: course.id, userId: uid.learner! });
    await runCertificateJob({ tenantId: acmeId, enrollmentId: other.id }, { db: api.db });
    expect(await api.db.select().from(documents).where(eq(documents.enrollmentId, other.id))).toHaveLength(0);
  });
});

describe("who reads which document", () => {
  it("GET /documents/{id}: the learner concerned, ADMIN and FUNDER; another learner, a CREATOR who did not generate it, TRAINER, FINANCIER: 404", async () => {
    for (const who of ["learner2", "admin", "funder"] as const) {
      const res = await call("GET", `/documents/${certificate.id}`, tok[who]);
      expect(res.status, who).toBe(200);
      expect(res.body.data.sha256).toBe(certificate.sha256);
    }
    for (const who of ["learner", "creator", "trainer", "finance"] as const) {
      const res = await call("GET", `/documents/${certificate.id}`, tok[who]);
      expectError(res, 404);
      expect(res.body.code, who).toBe("DOCUMENT_NOT_FOUND");
      expect((await fetchBytes(api, "GET", `/documents/${certificate.id}/file`, { tenant: "acme", token: tok[who] })).status, who).toBe(404);
    }
  });

  it("another tenant's ADMIN or FUNDER: 404 (JSON and file)", async () => {
    for (const who of ["globexAdmin", "globexFunder"] as const) {
      expectError(await call("GET", `/documents/${certificate.id}`, tok[who], undefined, "globex"), 404);
      expect((await fetchBytes(api, "GET", `/documents/${certificate.id}/file`, { tenant: "globex", token: tok[who] })).status).toBe(404);
      const list = await call("GET", `/documents?enrollmentId=${enrollmentId}`, tok[who], undefined, "globex");
      expect(list.body.data).toEqual([]);
    }
  });

  it("GET /documents filters kind, userId, enrollmentId within the caller's perimeter", async () => {
    const byUser = await call("GET", `/documents?userId=${uid.learner2}&kind=CERTIFICATE`, tok.admin);
    expect(byUser.body.data.map((d: any) => d.id)).toContain(certificate.id);
    expect((await call("GET", "/documents?kind=CONVENTION", tok.learner2)).body.data).toEqual([]);
    const asOther = await call("GET", `/documents?userId=${uid.learner2}`, tok.learner);
    expect(asOther.status).toBe(200);
    expect(asOther.body.data).toEqual([]);
    const funder = await call("GET", "/documents", tok.funder);
    expect(funder.body.data.map((d: any) => d.id)).toContain(certificate.id);
    expectError(await call("GET", "/documents?kind=NOPE", tok.admin), 400);
    expectError(await call("GET", "/documents", undefined), 401);
  });

  it("a missing file: 404 DOCUMENT_FILE_NOT_FOUND", async () => {
    const id = newId("doc");
    await api.db.insert(documents).values({
      id, tenantId: acmeId, kind: "OTHER", subjectType: "COURSE", subjectId: course.id, userId: uid.learner2, title: "Perdu", fileName: "perdu.pdf",
      sha256: "0".repeat(64), sizeBytes: 10, storagePath: `${acmeId}/${id}`, generatedAt: new Date(),
    });
    const res = await fetchBytes(api, "GET", `/documents/${id}/file`, { tenant: "acme", token: tok.learner2 });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("DOCUMENT_FILE_NOT_FOUND");
  });
});

describe("convocation PDF", () => {
  it("convocationPdfAttachment: a PDF attachment naming the session, recorded as the learner's CONVOCATION", async () => {
    const sst = await courseOf(api, "acme", SST);
    const [session] = await api.db.select().from(liveSessions).where(and(eq(liveSessions.tenantId, acmeId), eq(liveSessions.courseId, sst.id), eq(liveSessions.status, "SCHEDULED"))).limit(1);
    const { attachment, document } = await convocationPdfAttachment(api.db, forTenant(acmeId), session!.id, uid.learner!);
    expect(attachment.contentType).toBe("application/pdf");
    const bytes = Buffer.from(attachment.content, "base64");
    expect(isPdf(bytes)).toBe(true);
    const text = pdfText(bytes);
    expect(text).toContain("Convocation");
    expect(text).toContain(session!.title);
    expect(text).toContain("Léa Petit");
    expect(document).toMatchObject({ kind: "CONVOCATION", subjectType: "SESSION_PARTICIPANT", subjectId: `${session!.id}:${uid.learner}`, userId: uid.learner });
    expect(document.enrollmentId).toMatch(/^enr_/);
    const mine = await call("GET", "/documents?kind=CONVOCATION", tok.learner);
    expect(mine.body.data.map((d: any) => d.id)).toEqual([document.id]);
  });

  it("the convocation e-mail carries the convocation PDF beside the .ics", async () => {
    const sst = await courseOf(api, "acme", SST);
    const created = await call("POST", "/sessions", tok.admin, {
      courseId: sst.id, title: "Classe virtuelle SST — recyclage", scheduledAt: new Date(Date.now() + 72 * 3600_000).toISOString(), durationMinutes: 120, sendConvocation: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await drainJobs(api.db);
    const [mail] = (await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.text.includes("recyclage") || m.subject.includes("recyclage"));
    expect(mail).toBeDefined();
    expect(mail!.attachments.map((a) => a.contentType.split(";")[0])).toEqual(["text/calendar", "application/pdf"]);
    const pdf = Buffer.from(mail!.attachments[1]!.content, "base64");
    expect(isPdf(pdf)).toBe(true);
    expect(pdfText(pdf)).toContain("Classe virtuelle SST — recyclage");
  });
});
