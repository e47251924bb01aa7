import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { courses, enrollments, funders, invoices, sessionParticipants } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { storeInvoicePdf } from "../../server/services/billing/invoice-pdf";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { generateCertificate } from "../../server/services/documents/uses";
import { startApi, type TestApi } from "../helpers/api";
import { fetchBytes, isPdf } from "../helpers/documents";
import { expectError, tenantBySlug, userIdOf } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { createMember, demoUsers, login, tokenFor } from "../factories";

/**
 * Issue #20 item 5: a FUNDER reads what their funder finances and nothing else of the tenant.
 * The demo: funder@acme belongs to AKTO; AKTO finances learner@ in SST and in Excel (completed),
 * OPCO EP finances learner2@ in SST, learner3@'s SST enrollment has no funder. The matrix calls
 * every operation a FUNDER reaches, inside the perimeter (200), then outside it: an enrollment of
 * another funder, an unfunded one, another tenant's (404), and the role-forbidden ones (403).
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "funder-perimeter-"));
process.env.MEDIA_DIR = mediaDir;

let api: TestApi;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
let acmeId: string;
/** The demo enrollments by role in the perimeter. */
const enr = {} as { sst: string; excel: string; otherFunder: string; unfunded: string; globex: string };
let sessionIn: string;
let sessionOut: string;
let globexSession: string;
let certificateIn: string;
/** The version 1 documents of the funded and the unfunded conventions. */
let conventionIn: string;
let conventionOut: string;
/** The versioned conventions of learner@'s SST enrollment (AKTO), of learner2@'s (OPCO EP) and of learner3@'s (no funder). */
const cnv = {} as { in: string; otherFunder: string; unfunded: string };
let invoiceIn: string;
let invoiceOut: string;
let aktoId: string;
let opcoEpId: string;

const call = (method: string, p: string, who: string, body?: unknown, tenant = "acme") => api.call(method, p, { tenant, token: tok[who], body });
const get = (p: string, who = "funder", tenant = "acme") => call("GET", p, who, undefined, tenant);
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id).sort();

async function enrollmentOf(tenantId: string, slug: string, userId: string): Promise<string> {
  const [row] = await api.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(courses, and(eq(courses.tenantId, enrollments.tenantId), eq(courses.id, enrollments.courseId)))
    .where(and(eq(enrollments.tenantId, tenantId), eq(courses.slug, slug), eq(enrollments.userId, userId)));
  return row!.id;
}

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  const globexId = (await tenantBySlug(api, "globex")).id;
  {
    const demo = await demoUsers(api, "acme", ["admin", "funder", "learner", "learner2", "learner3", "finance", "creator"] as const);
    Object.assign(tok, demo.tok);
    Object.assign(uid, demo.uid);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  tok.globexFunder = await tokenFor(api, "globex", "funder");
  const SST = "sauveteur-secouriste-du-travail";
  enr.sst = await enrollmentOf(acmeId, SST, uid.learner!);
  enr.excel = await enrollmentOf(acmeId, "excel-tableaux-croises-dynamiques", uid.learner!);
  enr.otherFunder = await enrollmentOf(acmeId, SST, uid.learner2!);
  enr.unfunded = await enrollmentOf(acmeId, SST, uid.learner3!);
  enr.globex = await enrollmentOf(globexId, SST, await userIdOf(api, "learner@globex.test"));
  const fundersOf = await api.db.select().from(funders).where(eq(funders.tenantId, acmeId));
  aktoId = fundersOf.find((f) => f.code === "OPCO_AKTO")!.id;
  opcoEpId = fundersOf.find((f) => f.code === "OPCO_EP")!.id;

  // A session of the demo (every SST participant registered, learner@ among them), and one of learner3@ alone.
  const sessions = await get("/sessions?limit=100", "admin");
  sessionIn = sessions.body.data.find((s: { status: string }) => s.status === "ENDED")?.id ?? sessions.body.data[0].id;
  const sstCourse = (await api.db.select({ id: courses.id }).from(courses).where(and(eq(courses.tenantId, acmeId), eq(courses.slug, SST))))[0]!.id;
  const out = await call("POST", "/sessions", "admin", {
    courseId: sstCourse,
    title: "Session de learner3 seul",
    scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    durationMinutes: 120,
    participantUserIds: [uid.learner3],
  });
  expect(out.status, JSON.stringify(out.body)).toBe(201);
  sessionOut = out.body.data.id;
  globexSession = (await get("/sessions?limit=1", "globexAdmin", "globex")).body.data[0].id;

  // Documents: learner@'s Excel certificate; the conventions of learner@'s and learner3@'s SST enrollments.
  certificateIn = (await generateCertificate(api.db, forTenant(acmeId), enr.excel, new Date()))!.document.id;
  // The versioned conventions (AKTO's billing client pays) of learner@'s SST enrollment (AKTO), learner2@'s (OPCO EP) and learner3@'s (no funder).
  const [akto] = await api.db.select().from(funders).where(eq(funders.id, aktoId));
  for (const [key, enrollmentId] of [
    ["in", enr.sst],
    ["otherFunder", enr.otherFunder],
    ["unfunded", enr.unfunded],
  ] as const) {
    const res = await call("POST", `/enrollments/${enrollmentId}/conventions`, "admin", { clientId: akto!.billingClientId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    cnv[key] = res.body.data.id;
    if (key === "in") conventionIn = res.body.data.versions[0].documentId;
    if (key === "unfunded") conventionOut = res.body.data.versions[0].documentId;
  }

  // The AKTO invoice (the demo's paid OPCO invoice) with its PDF; another client's issued invoice.
  const rows = await api.db.select().from(invoices).where(eq(invoices.tenantId, acmeId));
  const aktoClient = fundersOf.find((f) => f.code === "OPCO_AKTO")!.billingClientId!;
  invoiceIn = rows.find((r) => r.clientId === aktoClient && r.status !== "DRAFT")!.id;
  invoiceOut = rows.find((r) => r.clientId !== aktoClient && r.status !== "DRAFT")!.id;
  await storeInvoicePdf(api.db, forTenant(acmeId), invoiceIn);
});
afterAll(async () => {
  await closeRenderPool();
  await api.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("the demo links", () => {
  it("funder@acme belongs to AKTO, which invoices the AKTO billing client (GET /funders/me, GET /funders)", async () => {
    const me = await get("/funders/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: aktoId, code: "OPCO_AKTO", name: "AKTO", kind: "OPCO" });
    const list = await get("/funders", "admin");
    expect(list.status).toBe(200);
    const akto = list.body.data.find((f: { id: string }) => f.id === aktoId);
    expect(akto).toMatchObject({ billingClientName: "AKTO", members: [{ userId: uid.funder, email: "funder@acme.test" }] });
    expect(list.body.data.find((f: { id: string }) => f.id === opcoEpId).members).toEqual([]);
  });

  it("globex's funder belongs to globex's AKTO", async () => {
    const me = await get("/funders/me", "globexFunder", "globex");
    expect(me.body.data).toMatchObject({ code: "OPCO_AKTO" });
    expect(me.body.data.id).not.toBe(aktoId);
  });
});

describe("enrollments", () => {
  it("GET /enrollments lists exactly the funded enrollments, with learner, course and progress", async () => {
    const res = await get("/enrollments?limit=100");
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([enr.sst, enr.excel].sort());
    expect(res.body.meta.total).toBe(2);
    for (const e of res.body.data) {
      expect(e.funderId).toBe(aktoId);
      expect(e.learner).toMatchObject({ id: uid.learner });
      expect(e.progress).toHaveProperty("percentage");
    }
    // Filters stay inside the perimeter.
    expect((await get(`/enrollments?userId=${uid.learner2}`)).body.data).toEqual([]);
  });

  it("GET /enrollments/{id}: 200 funded; 404 another funder's, unfunded, another tenant's", async () => {
    expect((await get(`/enrollments/${enr.sst}`)).status).toBe(200);
    expect((await get(`/enrollments/${enr.excel}`)).status).toBe(200);
    for (const id of [enr.otherFunder, enr.unfunded, enr.globex]) expectError(await get(`/enrollments/${id}`), 404);
  });

  it("GET /enrollments/{id}/progress and /quiz-scores follow the same perimeter", async () => {
    for (const sub of ["progress", "quiz-scores"]) {
      expect((await get(`/enrollments/${enr.excel}/${sub}`)).status).toBe(200);
      for (const id of [enr.otherFunder, enr.unfunded, enr.globex]) expect((await get(`/enrollments/${id}/${sub}`)).status).toBe(404);
    }
  });

  it("writes are refused: POST/PATCH /enrollments 403", async () => {
    expectError(await call("POST", "/enrollments", "funder", { courseId: "crs_x", userId: uid.learner3, paymentMethod: "FREE" }), 403);
    expectError(await call("PATCH", `/enrollments/${enr.sst}`, "funder", { funderId: null }), 403);
  });
});

describe("sessions and their sheets", () => {
  it("GET /sessions lists exactly the sessions that expect a funded enrollment (one of AKTO's enrollments among the session's expected learners)", async () => {
    const mine = await get("/sessions?limit=100");
    expect(mine.status).toBe(200);
    const all = await get("/sessions?limit=100", "admin");
    expect(ids(mine)).toContain(sessionIn);
    expect(ids(mine)).not.toContain(sessionOut);
    // The oracle: the staff's attendance status lists the learners each session expects (registrations.ts expectedRows).
    const expecting: string[] = [];
    for (const s of all.body.data as { id: string }[]) {
      const sheet = await get(`/qualiopi/emargement/${s.id}`, "admin");
      expect(sheet.status, JSON.stringify(sheet.body).slice(0, 200)).toBe(200);
      // learner@ is also expected, unfunded, in the demo's Management sessions: the perimeter goes by enrollment, not by person.
      const learners = sheet.body.data.learners as { userId: string; enrollmentId: string | null }[];
      if (learners.some((l) => [enr.sst, enr.excel].includes(l.enrollmentId!))) expecting.push(s.id);
    }
    expect(ids(mine)).toEqual(expecting.sort());
    expect(mine.body.meta.total).toBe(expecting.length);
  });

  it("GET /sessions/{id}: 200 inside, 404 outside and another tenant's", async () => {
    expect((await get(`/sessions/${sessionIn}`)).status).toBe(200);
    expectError(await get(`/sessions/${sessionOut}`), 404);
    expectError(await get(`/sessions/${globexSession}`, "funder"), 404);
  });

  it("GET /emargement/{sessionId}/pdf: the full sheet (PDF) inside; 404 outside and another tenant's", async () => {
    const pdf = await fetchBytes(api, "GET", `/emargement/${sessionIn}/pdf`, { tenant: "acme", token: tok.funder });
    expect(pdf.status, pdf.bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(isPdf(pdf.bytes)).toBe(true);
    // The same document the staff downloads: the whole sheet, every participant (same page count).
    const staff = await fetchBytes(api, "GET", `/emargement/${sessionIn}/pdf`, { tenant: "acme", token: tok.admin });
    const pages = (b: Buffer) => (b.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages(pdf.bytes)).toBe(pages(staff.bytes));
    expect((await fetchBytes(api, "GET", `/emargement/${sessionOut}/pdf`, { tenant: "acme", token: tok.funder })).status).toBe(404);
    expect((await fetchBytes(api, "GET", `/emargement/${globexSession}/pdf`, { tenant: "acme", token: tok.funder })).status).toBe(404);
  });

  it("the sheet's JSON, its chain verification and the corrections stay the staff's (403)", async () => {
    expectError(await get(`/qualiopi/emargement/${sessionIn}/sheet`), 403);
    expectError(await get(`/qualiopi/emargement/${sessionIn}`), 403);
  });

  it("GET /qualiopi/emargement/{sessionId}/attestation/{userId}: the funded learner's PDF; 404 for another funder's, an unfunded learner, another tenant's session", async () => {
    const att = await fetchBytes(api, "GET", `/qualiopi/emargement/${sessionIn}/attestation/${uid.learner}`, { tenant: "acme", token: tok.funder });
    expect(att.status, att.bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(isPdf(att.bytes)).toBe(true);
    for (const who of [uid.learner2, uid.learner3]) {
      expect((await fetchBytes(api, "GET", `/qualiopi/emargement/${sessionIn}/attestation/${who}`, { tenant: "acme", token: tok.funder })).status).toBe(404);
    }
    expect((await fetchBytes(api, "GET", `/qualiopi/emargement/${sessionOut}/attestation/${uid.learner3}`, { tenant: "acme", token: tok.funder })).status).toBe(404);
    expect((await fetchBytes(api, "GET", `/qualiopi/emargement/${globexSession}/attestation/${uid.learner}`, { tenant: "acme", token: tok.funder })).status).toBe(404);
  });
});

describe("registration AUTO and LIST (the one registrations rule)", () => {
  let autoSst: string;
  let autoUnfunded: string;
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const pdfOf = (p: string) => fetchBytes(api, "GET", p, { tenant: "acme", token: tok.funder });

  beforeAll(async () => {
    // The spec's body (no registration, no participantUserIds): AUTO, no registration rows. learner@'s SST enrollment is AKTO's.
    const sst = (await api.db.select({ id: courses.id }).from(courses).where(and(eq(courses.tenantId, acmeId), eq(courses.slug, "sauveteur-secouriste-du-travail"))))[0]!.id;
    const created = await call("POST", "/sessions", "admin", { courseId: sst, title: "SST automatique", scheduledAt: future(9), durationMinutes: 120 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    autoSst = created.body.data.id;
    expect(created.body.data.registration).toBe("AUTO");
    expect(await api.db.select().from(sessionParticipants).where(eq(sessionParticipants.sessionId, autoSst))).toEqual([]);

    // A course of acme none of whose enrollments AKTO finances, with an AUTO session and an ACTIVE (unfunded) enrollee.
    const course = await call("POST", "/courses", "admin", { title: "Gestes et postures", description: "Prévenir les troubles musculo-squelettiques.", price: 0, currency: "EUR" });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    const courseId = course.body.data.id as string;
    // Publishing needs the Qualiopi fields, beside the point here: the row is published directly.
    await api.db.update(courses).set({ status: "PUBLISHED", publishedAt: new Date() }).where(eq(courses.id, courseId));
    const enrolled = await call("POST", "/enrollments", "admin", { courseId, userId: uid.learner3, paymentMethod: "FREE" });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const other = await call("POST", "/sessions", "admin", { courseId, title: "Postures automatique", scheduledAt: future(10), durationMinutes: 60 });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.data.registration).toBe("AUTO");
    autoUnfunded = other.body.data.id;
  });

  it("GET /sessions and /sessions/{id}: the AUTO session that expects a funded enrollment is the funder's; one of a course without a funded enrollment is not (404)", async () => {
    const mine = ids(await get("/sessions?limit=100"));
    expect(mine).toContain(autoSst);
    expect(mine).not.toContain(autoUnfunded);
    expect((await get(`/sessions/${autoSst}`)).status).toBe(200);
    expectError(await get(`/sessions/${autoUnfunded}`), 404);
  });

  it("GET /sessions?enrollmentId=: the sessions that expect THIS funded enrollment (the funded file's list); another's enrollment finds nothing", async () => {
    const sst = ids(await get(`/sessions?limit=100&enrollmentId=${enr.sst}`));
    expect(sst).toContain(autoSst);
    expect(sst).toContain(sessionIn);
    expect(sst).not.toContain(sessionOut);
    expect(ids(await get(`/sessions?limit=100&enrollmentId=${enr.excel}`))).not.toContain(autoSst);
    for (const id of [enr.unfunded, enr.otherFunder, enr.globex]) expect((await get(`/sessions?limit=100&enrollmentId=${id}`)).body.data, id).toEqual([]);
    // Staff see the same rule: learner3@'s unfunded SST enrollment is expected by the AUTO session and by its LIST one.
    const staff = ids(await get(`/sessions?limit=100&enrollmentId=${enr.unfunded}`, "admin"));
    expect(staff).toEqual(expect.arrayContaining([autoSst, sessionOut]));
    // A LEARNER names only their own enrollment.
    expect(ids(await get(`/sessions?limit=100&enrollmentId=${enr.sst}`, "learner"))).toContain(autoSst);
    expect((await get(`/sessions?limit=100&enrollmentId=${enr.unfunded}`, "learner")).body.data).toEqual([]);
  });

  it("the AUTO session's sheet and the funded learner's attestation are real PDFs (200); an unfunded learner's attestation, the other course's session: 404", async () => {
    const sheet = await pdfOf(`/emargement/${autoSst}/pdf`);
    expect(sheet.status, sheet.bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(sheet.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const att = await pdfOf(`/qualiopi/emargement/${autoSst}/attestation/${uid.learner}`);
    expect(att.status, att.bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(att.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // learner3@ is expected (AUTO) but not funded; learner2@ is another funder's.
    for (const who of [uid.learner3, uid.learner2]) expect((await pdfOf(`/qualiopi/emargement/${autoSst}/attestation/${who}`)).status, who).toBe(404);
    expect((await pdfOf(`/emargement/${autoUnfunded}/pdf`)).status).toBe(404);
    expect((await pdfOf(`/qualiopi/emargement/${autoUnfunded}/attestation/${uid.learner3}`)).status).toBe(404);
  });

  it("a LIST session without the funded learner (same course): 404 on the session, its sheet and the attestation", async () => {
    const list = await call("POST", "/sessions", "admin", { courseId: (await get(`/sessions/${autoSst}`)).body.data.courseId, title: "SST sur liste", scheduledAt: future(11), durationMinutes: 60, registration: "LIST", participantUserIds: [uid.learner3] });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const id = list.body.data.id as string;
    expect(list.body.data.registration).toBe("LIST");
    expect(ids(await get("/sessions?limit=100"))).not.toContain(id);
    expectError(await get(`/sessions/${id}`), 404);
    expect((await pdfOf(`/emargement/${id}/pdf`)).status).toBe(404);
    expect((await pdfOf(`/qualiopi/emargement/${id}/attestation/${uid.learner}`)).status).toBe(404);
    // The admin finds it, and it expects learner3@ only.
    expect((await get(`/sessions/${id}`, "admin")).body.data.registeredCount).toBe(1);
  });
});

describe("documents", () => {
  it("GET /documents lists only the documents of funded enrollments", async () => {
    const res = await get("/documents?limit=100");
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([certificateIn, conventionIn].sort());
    expect((await get(`/documents?enrollmentId=${enr.unfunded}`)).body.data).toEqual([]);
  });

  it("GET /documents/{id} and its file: 200 and a PDF inside; 404 outside", async () => {
    for (const id of [certificateIn, conventionIn]) {
      expect((await get(`/documents/${id}`)).status).toBe(200);
      const file = await fetchBytes(api, "GET", `/documents/${id}/file`, { tenant: "acme", token: tok.funder });
      expect(file.status).toBe(200);
      expect(isPdf(file.bytes)).toBe(true);
    }
    expectError(await get(`/documents/${conventionOut}`), 404);
    expect((await fetchBytes(api, "GET", `/documents/${conventionOut}/file`, { tenant: "acme", token: tok.funder })).status).toBe(404);
    // Another tenant's funder does not find acme's documents.
    expectError(await get(`/documents/${certificateIn}`, "globexFunder", "globex"), 404);
  });
});

describe("conventions (versioned)", () => {
  beforeAll(async () => {
    // The funded one is sent and signed, so its signed PDF is in the perimeter too.
    expect((await call("POST", `/conventions/${cnv.in}/send`, "admin", { to: "opco@akto.example.com" })).status).toBe(200);
    const mails = await mailsTo(api, "opco@akto.example.com", "convention-sign");
    const token = /\/convention\/sign\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]!.text)![1]!;
    const signed = await api.call("POST", `/conventions/sign/${token}`, { tenant: "acme", body: { signerName: "Nadia Roux", method: "TYPED", accept: true } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
  const pdf = (id: string, file = "pdf", who = "funder", tenant = "acme") => fetchBytes(api, "GET", `/conventions/${id}/versions/1/${file}`, { tenant, token: tok[who] });

  it("GET /conventions lists only the conventions of funded enrollments (filtered by enrollmentId: the funded one, or nothing)", async () => {
    const all = await get("/conventions?limit=100");
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(ids(all)).toEqual([cnv.in]);
    expect(ids(await get(`/conventions?enrollmentId=${enr.sst}`))).toEqual([cnv.in]);
    for (const e of [enr.otherFunder, enr.unfunded, enr.globex]) expect((await get(`/conventions?enrollmentId=${e}`)).body.data).toEqual([]);
  });

  it("GET /conventions/{id}, its version PDF and its signed PDF: 200 inside; 404 another funder's, an unfunded one, from another tenant", async () => {
    const one = await get(`/conventions/${cnv.in}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ enrollmentId: enr.sst, status: "SIGNED" });
    for (const file of ["pdf", "signed-pdf"]) {
      const res = await pdf(cnv.in, file);
      expect(res.status, file).toBe(200);
      expect(isPdf(res.bytes)).toBe(true);
    }
    for (const id of [cnv.otherFunder, cnv.unfunded]) {
      expectError(await get(`/conventions/${id}`), 404);
      expect((await pdf(id)).status).toBe(404);
    }
    expectError(await get(`/conventions/${cnv.in}`, "globexFunder", "globex"), 404);
    expect((await pdf(cnv.in, "pdf", "globexFunder", "globex")).status).toBe(404);
    expectError(await get(`/conventions/${cnv.in}`, "globexFunder", "acme"), 403);
  });

  it("generating and sending stay the staff's (403)", async () => {
    expectError(await call("POST", `/enrollments/${enr.sst}/conventions`, "funder", {}), 403);
    expectError(await call("POST", `/conventions/${cnv.in}/send`, "funder", {}), 403);
  });
});

describe("invoices", () => {
  it("GET /billing/invoices lists the issued invoices addressed to the funder's billing client only", async () => {
    const res = await get("/billing/invoices?perPage=100");
    expect(res.status).toBe(200);
    const aktoClient = (await api.db.select().from(funders).where(eq(funders.id, aktoId)))[0]!.billingClientId!;
    const expected = (await api.db.select().from(invoices).where(and(eq(invoices.tenantId, acmeId), eq(invoices.clientId, aktoClient))))
      .filter((r) => r.status !== "DRAFT")
      .map((r) => r.id)
      .sort();
    expect(expected).toContain(invoiceIn);
    expect(ids(res)).toEqual(expected);
    expect(ids(res)).not.toContain(invoiceOut);
    for (const inv of res.body.data) expect(inv.clientName).toBe("AKTO");
  });

  it("GET /billing/invoices/{id} and its PDF: 200 inside, 404 outside", async () => {
    expect((await get(`/billing/invoices/${invoiceIn}`)).status).toBe(200);
    const pdf = await fetchBytes(api, "GET", `/billing/invoices/${invoiceIn}/pdf`, { tenant: "acme", token: tok.funder });
    expect(pdf.status).toBe(200);
    expect(isPdf(pdf.bytes)).toBe(true);
    expectError(await get(`/billing/invoices/${invoiceOut}`), 404);
    expect((await fetchBytes(api, "GET", `/billing/invoices/${invoiceOut}/pdf`, { tenant: "acme", token: tok.funder })).status).toBe(404);
  });

  it("every invoice write stays ADMIN or FINANCIER (403)", async () => {
    expectError(await call("POST", "/billing/invoices", "funder", { clientId: "cli_x", items: [] }), 403);
    expectError(await call("POST", `/billing/invoices/${invoiceIn}/mark-paid`, "funder", {}), 403);
  });
});

describe("nothing else of the tenant", () => {
  it.each([
    "/users",
    `/users/${"USER"}`,
    "/funders",
    "/billing/clients",
    "/payments",
    "/bpf/current-year",
    "/audit-logs",
    "/activity-logs",
    "/templates",
    "/complaints",
    "/companies",
    "/needs-analysis",
    "/qualiopi/dashboard",
  ])("GET %s -> 403", async (p) => {
    expectError(await get(p.replace("USER", uid.learner!)), 403);
  });

  it("another tenant's FUNDER reads nothing of acme (403: not a member)", async () => {
    expectError(await get("/enrollments", "globexFunder", "acme"), 403);
  });

  it("a FUNDER of no funder reads nothing: empty lists, 404 on the funded enrollment", async () => {
    const loner = await createMember(api.db, acmeId, "FUNDER", "loner.funder@acme.test");
    tok.loner = (await login(api, "acme", "loner.funder@acme.test")).accessToken;
    expect((await get("/funders/me", "loner")).body.data).toBeNull();
    for (const p of ["/enrollments", "/documents", "/sessions", "/billing/invoices"]) {
      const res = await get(p, "loner");
      expect(res.status, p).toBe(200);
      expect(res.body.data, p).toEqual([]);
    }
    expectError(await get(`/enrollments/${enr.sst}`, "loner"), 404);
    uid.loner = loner.id;
  });
});

describe("ADMIN links members, funders and enrollments", () => {
  it("PUT /funders/{id}/members/{userId} moves a FUNDER member to OPCO EP: they then read learner2@'s enrollment only", async () => {
    const res = await call("PUT", `/funders/${opcoEpId}/members/${uid.loner}`, "admin");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.members.map((m: { userId: string }) => m.userId)).toEqual([uid.loner]);
    tok.loner = (await login(api, "acme", "loner.funder@acme.test")).accessToken;
    expect(ids(await get("/enrollments", "loner"))).toEqual([enr.otherFunder]);
    expectError(await get(`/enrollments/${enr.sst}`, "loner"), 404);
    // OPCO EP's billing client has no issued invoice in the demo.
    expect((await get("/billing/invoices", "loner")).body.data).toEqual([]);
  });

  it("only a FUNDER member belongs to a funder (422); unknown funder or user 404; FUNDER and others 403", async () => {
    expectError(await call("PUT", `/funders/${opcoEpId}/members/${uid.learner}`, "admin"), 422);
    expectError(await call("PUT", `/funders/fnd_unknown/members/${uid.loner}`, "admin"), 404);
    expectError(await call("PUT", `/funders/${opcoEpId}/members/usr_unknown`, "admin"), 404);
    expectError(await call("PUT", `/funders/${opcoEpId}/members/${uid.funder}`, "funder"), 403);
    expectError(await call("PATCH", `/funders/${opcoEpId}`, "finance", { billingClientId: null }), 403);
  });

  it("PATCH /funders/{id} links a billing client (422 unknown; null unlinks): the member then reads its issued invoices", async () => {
    expectValidationField(await call("PATCH", `/funders/${opcoEpId}`, "admin", { billingClientId: "cli_unknown" }), "billingClientId");
    const [inv] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceOut));
    const linked = await call("PATCH", `/funders/${opcoEpId}`, "admin", { billingClientId: inv!.clientId });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(ids(await get("/billing/invoices?perPage=100", "loner"))).toContain(invoiceOut);
    await call("PATCH", `/funders/${opcoEpId}`, "admin", { billingClientId: null });
    expect((await get("/billing/invoices", "loner")).body.data).toEqual([]);
  });

  it("POST /enrollments and PATCH /enrollments/{id} name the funder (422 for an unknown one); the funder's member reads it at once", async () => {
    expectValidationField(await call("PATCH", `/enrollments/${enr.unfunded}`, "admin", { funderId: "fnd_unknown" }), "funderId", 422);
    const patched = await call("PATCH", `/enrollments/${enr.unfunded}`, "admin", { funderId: aktoId });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.funderId).toBe(aktoId);
    expect((await get(`/enrollments/${enr.unfunded}`)).status).toBe(200);
    expect(ids(await get("/documents?limit=100"))).toContain(conventionOut);
    await call("PATCH", `/enrollments/${enr.unfunded}`, "admin", { funderId: null });
    expectError(await get(`/enrollments/${enr.unfunded}`), 404);

    const course = (await api.db.select({ id: courses.id }).from(courses).where(and(eq(courses.tenantId, acmeId), eq(courses.slug, "excel-tableaux-croises-dynamiques"))))[0]!;
    expectValidationField(await call("POST", "/enrollments", "creator", { courseId: course.id, userId: uid.learner3, paymentMethod: "FREE", funderId: "fnd_unknown" }), "funderId", 422);
    const created = await call("POST", "/enrollments", "creator", { courseId: course.id, userId: uid.learner3, paymentMethod: "FREE", funderId: aktoId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.funderId).toBe(aktoId);
    expect((await get(`/enrollments/${created.body.data.id}`)).status).toBe(200);
  });
});

function expectValidationField(res: { status: number; body: any }, field: string, status = 422) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body.errors ?? {})).toContain(field);
}
