import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../server/jobs/queue";
import { startWorld, HOUR, type World } from "../helpers/attendance";
import { drainJobs } from "../helpers/jobs";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { withEnv } from "../helpers/env-patch";

/**
 * Issue #11 item 1: the complaints register (spec: Complaint resource, states, endpoints;
 * Qualiopi indicator 31), through the REST surface, on a manual clock (the 24 h SLA of CRITICAL
 * complaints and the COMPLAINT_AUTO_CLOSE_DAYS automatic closure).
 */

let w: World;
const CPL = /^cpl_[a-z0-9]{24}$/;
const DAY = 24 * HOUR;

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

let n = 0;
const body = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return { subject: `Réclamation ${n}`, description: `Le contenu ${n} ne correspondait pas au programme.`, category: "COURSE_QUALITY", severity: "LOW", ...extra };
};
const anonymous = (extra: Record<string, unknown> = {}) => body({ name: "Claire Martin", email: `claire${n + 1}@example.com`, ...extra });

async function file(extra: Record<string, unknown> = {}, token?: string) {
  const res = await w.call("POST", "/complaints", token, token ? body(extra) : anonymous(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; createdAt: string; notifiedAdmins: string[]; improvementPlanId: string | null; slaDueAt: string | null; reference: string };
}
const get = (id: string, token = w.tok.admin) => w.call("GET", `/complaints/${id}`, token);
const patch = (id: string, b: Record<string, unknown>, token = w.tok.admin) => w.call("PATCH", `/complaints/${id}`, token, b);
const resolve = (id: string, b: Record<string, unknown> = { resolution: "Le module a été refait.", correctiveActions: ["Relecture du module 2"] }, token = w.tok.admin) =>
  w.call("POST", `/complaints/${id}/resolve`, token, b);
const escalate = (id: string, b: Record<string, unknown> = { reason: "La réponse ne me convient pas." }, token = w.tok.admin) =>
  w.call("POST", `/complaints/${id}/escalate-mediator`, token, b);
async function inReview(id: string) {
  const res = await patch(id, { assignedTo: w.uid.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function resolved(extra: Record<string, unknown> = {}, token?: string) {
  const c = await file(extra, token);
  await inReview(c.id);
  expect((await resolve(c.id)).status).toBe(200);
  return c;
}
const runJob = async (name: "complaints.sla" | "complaints.autoclose") => {
  await enqueue(w.api.db, name, {});
  await drainJobs(w.api.db, { only: [name] });
};

describe("POST /complaints", () => {
  it("public contact form: 201 {id, status NEW, createdAt, notifiedAdmins}; every ACTIVE ADMIN is e-mailed", async () => {
    const res = await w.call("POST", "/complaints", undefined, anonymous({ subject: "Formateur absent", category: "ADMIN", severity: "MEDIUM" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(CPL),
      reference: expect.stringMatching(/^RECL-2026-\d{4}$/),
      status: "NEW",
      severity: "MEDIUM",
      createdAt: w.now().toISOString(),
      answerDueAt: new Date(w.now().getTime() + 15 * DAY).toISOString(),
      acknowledged: true,
      notifiedAdmins: [w.uid.admin],
      improvementPlanId: null,
      slaDueAt: null,
    });
    const mails = (await mailsTo(w.api, "admin@acme.test", "complaint-received")).filter((m) => m.subject.includes("Formateur absent"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Nouvelle réclamation ${res.body.data.reference}\u202f: Formateur absent`);
    expect(mails[0]!.text).toContain("Claire Martin");
    // Category and severity worded for the admin, never the codes.
    expect(mails[0]!.text).toContain("Catégorie\u202f: Administratif\nGravité\u202f: Moyenne");
    expect(mails[0]!.text).not.toMatch(/\b(ADMIN|MEDIUM)\b/);
    expect(mails[0]!.text).toContain(`/quality?complaint=${res.body.data.id}`);
    // the complainant is not an ADMIN: no notice to them at creation
    const detail = await get(res.body.data.id);
    expect(detail.body.data).toMatchObject({ complainant: { userId: null, name: "Claire Martin" }, status: "NEW", assignedTo: null, attachments: [] });
    expect(detail.body.data.history).toEqual([{ from: null, to: "NEW", changedBy: null, note: null, at: w.now().toISOString() }]);
    expect(await auditRows(w.api, "complaint.created", { targetId: res.body.data.id })).toHaveLength(1);
  });

  it("without a sign-in, name and email are optional: 201, stored anonymous, Anonyme in the admins' mail, and no e-mail ever goes to the complainant", async () => {
    const res = await w.call("POST", "/complaints", undefined, body({ subject: "Réclamation sans contact" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id as string;
    expect((await get(id)).body.data.complainant).toEqual({ userId: null, name: null, email: null, phone: null, anonymous: true });
    const received = (await mailsTo(w.api, "admin@acme.test", "complaint-received")).filter((m) => m.subject.includes("Réclamation sans contact"));
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain("déposée par Anonyme");
    await inReview(id);
    expect((await resolve(id)).status).toBe(200);
    await drainJobs(w.api.db);
    const outbox = (await w.call("GET", "/dev/outbox?limit=100", undefined)).body.data as { to: string; template: string; subject: string }[];
    const aboutIt = outbox.filter((m) => m.subject.includes("Réclamation sans contact"));
    expect(aboutIt.map((m) => `${m.template} ${m.to}`)).toEqual([`complaint-received admin@acme.test`]); // the admins only, nothing to a complainant
    // a name alone is not anonymous, and still no e-mail goes anywhere but to the admins
    const named = await w.call("POST", "/complaints", undefined, body({ name: "Jeanne Petit" }));
    expect(named.status).toBe(201);
    expect((await get(named.body.data.id)).body.data.complainant).toEqual({ userId: null, name: "Jeanne Petit", email: null, phone: null, anonymous: false });
  });

  it("signed in, the account is the complainant", async () => {
    const c = await file({ courseId: w.sst.id, attachments: ["uploads/photo.jpg"] }, w.tok.learner);
    const detail = (await get(c.id)).body.data;
    expect(detail).toMatchObject({ courseId: w.sst.id, sessionId: null, attachments: ["uploads/photo.jpg"], complainant: { userId: w.uid.learner, email: "learner@acme.test" } });
    expect(detail.history[0]).toMatchObject({ to: "NEW", changedBy: w.uid.learner });
  });

  it("422 for an invalid category or severity (errors names the field), a missing subject; 400 for an unknown field", async () => {
    const cat = await w.call("POST", "/complaints", w.tok.learner, body({ category: "FOOD" }));
    expectError(cat, 422, "Validation failed");
    expect(Object.keys(cat.body.errors)).toEqual(["category"]);
    const sev = await w.call("POST", "/complaints", w.tok.admin, body({ severity: "URGENT" }));
    expectError(sev, 422);
    expect(Object.keys(sev.body.errors)).toEqual(["severity"]);
    const missing = await w.call("POST", "/complaints", w.tok.learner, { description: "x", category: "OTHER", severity: "LOW" });
    expectError(missing, 422);
    expect(missing.body.errors.subject).toBeDefined();
    expectUnknownFields(await w.call("POST", "/complaints", w.tok.learner, body({ status: "CLOSED" })), ["status"]);
  });

  it("courseId and sessionId must be the tenant's (422); another tenant's course is refused", async () => {
    const course = await w.call("POST", "/complaints", w.tok.learner, body({ courseId: w.globexSst.id }));
    expectError(course, 422);
    expect(course.body.errors).toEqual({ courseId: ["Course not found"] });
    const session = await w.call("POST", "/complaints", w.tok.learner, body({ sessionId: "ses_nope" }));
    expect(session.body.errors).toEqual({ sessionId: ["Session not found"] });
  });

  it("the tenant comes from X-Tenant-ID or the sub-domain: none is 400, an unknown one 404", async () => {
    const none = await w.api.call("POST", "/complaints", { body: anonymous() });
    expectError(none, 400);
    expect(none.body.code).toBe("TENANT_REQUIRED");
    expectError(await w.api.call("POST", "/complaints", { tenant: "nowhere", body: anonymous() }), 404, "Tenant not found");
  });

  it("HIGH opens a DRAFT improvement plan (trigger COMPLAINT) linked to the complaint, in the same transaction", async () => {
    const c = await file({ severity: "HIGH", channel: "PHONE", name: "Paul Durand" }, w.tok.admin);
    expect(c.improvementPlanId).toMatch(/^imp_[a-z0-9]{24}$/);
    expect(c.slaDueAt).toBeNull();
    expect((await get(c.id)).body.data.improvementPlanId).toBe(c.improvementPlanId);
    const plan = await w.call("GET", `/improvement-plans/${c.improvementPlanId}`, w.tok.admin);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.data).toMatchObject({ status: "DRAFT", trigger: "COMPLAINT", linkedComplaintIds: [c.id], indicators: [31, 32], actionsCount: 0, createdBy: null });
    const low = await file({ severity: "MEDIUM", channel: "PHONE" }, w.tok.admin);
    expect(low.improvementPlanId).toBeNull();
  });

  it("CRITICAL: a plan, a 24 h SLA (slaDueAt) and a [CRITIQUE] notice to the admins", async () => {
    const c = await file({ severity: "CRITICAL", subject: "Chute pendant le TP", channel: "IN_PERSON", name: "Paul Durand" }, w.tok.admin);
    expect(c.improvementPlanId).toMatch(/^imp_/);
    expect(c.slaDueAt).toBe(new Date(w.now().getTime() + DAY).toISOString());
    const mail = (await mailsTo(w.api, "admin@acme.test", "complaint-received")).find((m) => m.subject.includes("Chute pendant le TP"));
    expect(mail!.subject).toMatch(/^\[CRITIQUE\] Nouvelle réclamation RECL-2026-\d{4}\u202f: Chute pendant le TP$/);
    expect(mail!.text).toContain("24 h");
    const list = await w.call("GET", "/complaints?severity=CRITICAL", w.tok.admin);
    expect(list.body.data.find((r: { id: string }) => r.id === c.id)).toMatchObject({ slaDueAt: c.slaDueAt, slaBreached: false });
  });
});

describe("GET /complaints and GET /complaints/{id}", () => {
  it("list: ADMIN and CREATOR, newest first, meta {page, perPage, total}, filters status, severity, assignedTo", async () => {
    await w.advance(1); // later than every complaint filed so far
    const a = await file({ severity: "MEDIUM" });
    await w.advance(1);
    const b = await file({ severity: "MEDIUM" });
    await inReview(b.id);
    const res = await w.call("GET", "/complaints?perPage=2", w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, perPage: 2, total: expect.any(Number) });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(res.body.data[0]).toEqual({
      id: b.id,
      reference: expect.stringMatching(/^RECL-2026-\d{4}$/),
      channel: "WEB",
      receivedAt: expect.any(String),
      subject: expect.any(String),
      category: "COURSE_QUALITY",
      severity: "MEDIUM",
      status: "IN_REVIEW",
      createdAt: expect.any(String),
      assignedTo: w.uid.admin,
      slaDueAt: null,
      slaBreached: false,
    });
    const all = await w.call("GET", "/complaints?perPage=100", w.tok.creator);
    expect(all.status).toBe(200);
    const byStatus = await w.call("GET", "/complaints?status=IN_REVIEW&perPage=100", w.tok.admin);
    expect(byStatus.body.data.every((r: { status: string }) => r.status === "IN_REVIEW")).toBe(true);
    expect(byStatus.body.data.map((r: { id: string }) => r.id)).toContain(b.id);
    const assigned = await w.call("GET", `/complaints?assignedTo=${w.uid.admin}&perPage=100`, w.tok.admin);
    expect(assigned.body.data.every((r: { assignedTo: string }) => r.assignedTo === w.uid.admin)).toBe(true);
    const medium = await w.call("GET", "/complaints?severity=MEDIUM&perPage=100", w.tok.admin);
    expect(medium.body.data.every((r: { severity: string }) => r.severity === "MEDIUM")).toBe(true);
    expect(medium.body.meta.total).toBe(medium.body.data.length);
    expect(all.body.meta.perPage).toBe(100);
    expect((await w.call("GET", "/complaints", w.tok.admin)).body.meta.perPage).toBe(20);
    expectError(await w.call("GET", "/complaints?perPage=101", w.tok.admin), 400);
    expectError(await w.call("GET", "/complaints?status=OPEN", w.tok.admin), 400);
  });

  it("list: 401 without a token; 403 for TRAINER, LEARNER, FINANCIER; another tenant sees none of acme's", async () => {
    expectError(await w.call("GET", "/complaints"), 401);
    for (const who of ["trainer", "learner", "finance"] as const) {
      const res = await w.call("GET", "/complaints", w.tok[who]);
      expectError(res, 403, "Forbidden: ADMIN or CREATOR required");
    }
    const c = await file();
    const globex = await w.api.call("GET", "/complaints?perPage=100", { tenant: "globex", token: w.tok.globexAdmin });
    expect(globex.status).toBe(200);
    expect(globex.body.data.map((r: { id: string }) => r.id)).not.toContain(c.id);
  });

  it("detail: everything for ADMIN and CREATOR; the complainant reads their own without comments or history; others 404; another tenant 404", async () => {
    const c = await file({}, w.tok.learner);
    expect((await w.call("POST", `/complaints/${c.id}/comments`, w.tok.creator, { text: "Voir avec le formateur" })).status).toBe(201);
    const admin = await get(c.id);
    expect(admin.status).toBe(200);
    expect(admin.body.data.comments).toEqual([{ id: expect.stringMatching(/^cmt_/), author: w.uid.creator, authorName: expect.any(String), text: "Voir avec le formateur", at: expect.any(String) }]);
    expect(admin.body.data.history).toHaveLength(1);
    expect((await get(c.id, w.tok.creator)).body.data.comments).toHaveLength(1);
    const own = await get(c.id, w.tok.learner);
    expect(own.status).toBe(200);
    expect(own.body.data.comments).toBeUndefined();
    expect(own.body.data.history).toBeUndefined();
    expect(JSON.stringify(own.body)).not.toContain("Voir avec le formateur");
    expectError(await get(c.id, w.tok.learner2), 404, "Complaint not found");
    expectError(await get(c.id, w.tok.trainer), 404);
    expectError(await w.api.call("GET", `/complaints/${c.id}`, { tenant: "globex", token: w.tok.globexAdmin }), 404, "Complaint not found");
    expectError(await w.call("GET", `/complaints/${c.id}`), 401);
    expectError(await get("cpl_missing"), 404);
  });
});

describe("PATCH /complaints/{id}", () => {
  it("assigning a NEW complaint moves it to IN_REVIEW and records the change", async () => {
    const c = await file();
    const res = await patch(c.id, { assignedTo: w.uid.creator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, status: "IN_REVIEW", assignedTo: w.uid.creator });
    expect(res.body.data.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, "NEW"],
      ["NEW", "IN_REVIEW"],
    ]);
    expect(res.body.data.history[1].changedBy).toBe(w.uid.admin);
    // reassigning keeps the status; null unassigns
    const again = await patch(c.id, { assignedTo: w.uid.admin });
    expect(again.body.data).toMatchObject({ status: "IN_REVIEW", assignedTo: w.uid.admin });
    expect(again.body.data.history).toHaveLength(2);
    expect((await patch(c.id, { assignedTo: null })).body.data).toMatchObject({ status: "IN_REVIEW", assignedTo: null });
  });

  it("status IN_REVIEW without an assignee assigns the caller", async () => {
    const c = await file();
    const res = await patch(c.id, { status: "IN_REVIEW" });
    expect(res.body.data).toMatchObject({ status: "IN_REVIEW", assignedTo: w.uid.admin });
  });

  it("422 for an assignee who is not an ACTIVE ADMIN or CREATOR; 409 for moves that have their own operation or break the order", async () => {
    const c = await file();
    const bad = await patch(c.id, { assignedTo: w.uid.learner });
    expectError(bad, 422);
    expect(bad.body.errors).toEqual({ assignedTo: ["Not an active ADMIN or CREATOR of this organisation"] });
    expect((await patch(c.id, { assignedTo: w.uid.globexAdmin })).status).toBe(422);
    const toResolved = await patch(c.id, { status: "RESOLVED" });
    expectError(toResolved, 409, "Cannot move a complaint from NEW to RESOLVED: use POST /complaints/{id}/resolve");
    expect(toResolved.body.code).toBe("COMPLAINT_TRANSITION_INVALID");
    expectError(await patch(c.id, { status: "ESCALATED" }), 409);
    expectError(await patch(c.id, { status: "CLOSED" }), 409, "Cannot move a complaint from NEW to CLOSED");
    await inReview(c.id);
    expectError(await patch(c.id, { status: "CLOSED" }), 409, "Cannot move a complaint from IN_REVIEW to CLOSED");
    expectError(await patch(c.id, { status: "NEW" }), 409);
    expect((await get(c.id)).body.data.status).toBe("IN_REVIEW");
  });

  it("ADMIN only (CREATOR 403, LEARNER 403, 401); 400 unknown field; 404 unknown or another tenant's", async () => {
    const c = await file();
    expectError(await patch(c.id, { assignedTo: w.uid.creator }, w.tok.creator), 403, "Forbidden: ADMIN required");
    expectError(await patch(c.id, { status: "IN_REVIEW" }, w.tok.learner), 403);
    expectError(await w.call("PATCH", `/complaints/${c.id}`, undefined, { status: "IN_REVIEW" }), 401);
    expectUnknownFields(await patch(c.id, { reference: "RECL-2026-0001" }), ["reference"]);
    expectError(await patch(c.id, { status: "DONE" }), 400, "Validation failed");
    expectError(await patch("cpl_missing", { status: "IN_REVIEW" }), 404, "Complaint not found");
    expectError(await w.api.call("PATCH", `/complaints/${c.id}`, { tenant: "globex", token: w.tok.globexAdmin, body: { status: "IN_REVIEW" } }), 404);
    expect((await get(c.id)).body.data.status).toBe("NEW");
  });
});

describe("POST /complaints/{id}/comments", () => {
  it("ADMIN or CREATOR: 201 {id, at}; internal, never e-mailed to the complainant", async () => {
    const c = await file({}, w.tok.learner2);
    const res = await w.call("POST", `/complaints/${c.id}/comments`, w.tok.admin, { text: "Note interne confidentielle" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ id: expect.stringMatching(/^cmt_[a-z0-9]{24}$/), author: w.uid.admin, authorName: expect.any(String), text: "Note interne confidentielle", at: w.now().toISOString() });
    expectError(await w.call("POST", `/complaints/${c.id}/comments`, w.tok.learner2, { text: "moi" }), 403, "Forbidden: ADMIN or CREATOR required");
    expectError(await w.call("POST", `/complaints/${c.id}/comments`, w.tok.trainer, { text: "x" }), 403);
    expectError(await w.call("POST", `/complaints/${c.id}/comments`, w.tok.admin, { text: "" }), 400);
    expectUnknownFields(await w.call("POST", `/complaints/${c.id}/comments`, w.tok.admin, { text: "x", internal: false }), ["internal"]);
    expectError(await w.call("POST", "/complaints/cpl_missing/comments", w.tok.admin, { text: "x" }), 404);
    expectError(await w.api.call("POST", `/complaints/${c.id}/comments`, { tenant: "globex", token: w.tok.globexAdmin, body: { text: "x" } }), 404);
    await drainJobs(w.api.db);
    const toComplainant = await w.api.call("GET", `/dev/outbox?to=learner2@acme.test&limit=100`);
    expect(JSON.stringify(toComplainant.body)).not.toContain("Note interne confidentielle");
  });
});

describe("POST /complaints/{id}/resolve", () => {
  it("IN_REVIEW -> RESOLVED: 200 {id, status, resolvedAt}; the complainant is e-mailed the answer; resolving twice is 409", async () => {
    const c = await file({ subject: "Facture erronée", category: "BILLING" }, w.tok.learner2);
    await inReview(c.id);
    const res = await resolve(c.id, { resolution: "Un avoir vous a été envoyé.", correctiveActions: ["Contrôle des factures", "Formation de l'équipe"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: c.id, status: "RESOLVED", resolvedAt: w.now().toISOString(), improvementPlanId: expect.stringMatching(/^imp_/) });
    const detail = (await get(c.id)).body.data;
    expect(detail).toMatchObject({ status: "RESOLVED", resolution: "Un avoir vous a été envoyé.", correctiveActions: ["Contrôle des factures", "Formation de l'équipe"], resolvedAt: w.now().toISOString() });
    expect(detail.history.map((h: { to: string }) => h.to)).toEqual(["NEW", "IN_REVIEW", "RESOLVED"]);
    const mails = await mailsTo(w.api, "learner2@acme.test", "complaint-resolved");
    const mail = mails.find((m) => m.subject === `Votre réclamation ${detail.reference}\u202f: Facture erronée`);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain("Un avoir vous a été envoyé.");
    expect(mail!.text).toContain("- Contrôle des factures");
    const twice = await resolve(c.id);
    expectError(twice, 409, "Complaint already resolved or closed");
    expect(twice.body.code).toBe("COMPLAINT_ALREADY_RESOLVED");
    expect((await mailsTo(w.api, "learner2@acme.test", "complaint-resolved")).filter((m) => m.subject.endsWith("\u202f: Facture erronée"))).toHaveLength(1);
  });

  it("the public complainant is e-mailed at the address of the form", async () => {
    const res = await w.call("POST", "/complaints", undefined, body({ name: "Paul Durand", email: "Paul.Durand@Example.com" }));
    const id = res.body.data.id;
    await inReview(id);
    expect((await resolve(id)).status).toBe(200);
    const mails = await mailsTo(w.api, "paul.durand@example.com", "complaint-resolved");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Bonjour Paul Durand");
  });

  it("NEW: 409 COMPLAINT_TRANSITION_INVALID; validation 400; ADMIN only; 404", async () => {
    const c = await file();
    const early = await resolve(c.id);
    expectError(early, 409, "Cannot move a complaint from NEW to RESOLVED: assign it first (IN_REVIEW)");
    expect(early.body.code).toBe("COMPLAINT_TRANSITION_INVALID");
    await inReview(c.id);
    const missing = await resolve(c.id, { correctiveActions: [] });
    expectError(missing, 400);
    expect(missing.body.errors.resolution).toBeDefined();
    expectError(await resolve(c.id, { resolution: "ok" }, w.tok.creator), 403);
    expectError(await resolve("cpl_missing"), 404);
    expectError(await w.api.call("POST", `/complaints/${c.id}/resolve`, { tenant: "globex", token: w.tok.globexAdmin, body: { resolution: "x" } }), 404);
    expect((await get(c.id)).body.data.status).toBe("IN_REVIEW");
  });
});

describe("POST /complaints/{id}/escalate-mediator and manual closure", () => {
  it("RESOLVED -> ESCALATED by the complainant; the mediator gets the file; then CLOSED manually (final)", async () => {
    const c = await resolved({ subject: "Désaccord persistant" }, w.tok.learner);
    const res = await escalate(c.id, { reason: "Je conteste la réponse.", mediatorEmail: "mediateur@example.org" }, w.tok.learner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: c.id, status: "ESCALATED", escalatedAt: w.now().toISOString(), mediatorNotified: true });
    const mediator = await mailsTo(w.api, "mediateur@example.org", "complaint-mediation");
    expect(mediator).toHaveLength(1);
    expect(mediator[0]!.text).toContain("Je conteste la réponse.");
    // The mediator reads the complaint's reference, never its id.
    expect(c.reference).toMatch(/^RECL-\d{4}-\d{4}$/);
    expect(mediator[0]!.text).toContain(`(référence ${c.reference})`);
    expect(mediator[0]!.text).not.toContain(c.id);
    expect((await get(c.id)).body.data).toMatchObject({ status: "ESCALATED", escalationReason: "Je conteste la réponse.", mediatorEmail: "mediateur@example.org" });
    expectError(await escalate(c.id), 409, "Cannot move a complaint from ESCALATED to ESCALATED");
    const close = await patch(c.id, { status: "CLOSED" });
    expect(close.status).toBe(200);
    expect(close.body.data).toMatchObject({ status: "CLOSED", closedReason: "MANUAL", closedAt: w.now().toISOString() });
    expect(close.body.data.history.map((h: { to: string }) => h.to)).toEqual(["NEW", "IN_REVIEW", "RESOLVED", "ESCALATED", "CLOSED"]);
    // CLOSED is final
    expect((await resolve(c.id)).body.code).toBe("COMPLAINT_ALREADY_RESOLVED");
    const assign = await patch(c.id, { assignedTo: w.uid.admin });
    expectError(assign, 409, "Complaint is closed");
    expect(assign.body.code).toBe("COMPLAINT_CLOSED");
    expect((await escalate(c.id)).body.code).toBe("COMPLAINT_CLOSED");
  });

  it("RESOLVED -> CLOSED directly (agreement); ADMIN may escalate without a mediator address", async () => {
    const a = await resolved();
    expect((await patch(a.id, { status: "CLOSED" })).body.data.status).toBe("CLOSED");
    const b = await resolved();
    const res = await escalate(b.id);
    expect(res.body.data).toMatchObject({ status: "ESCALATED", mediatorNotified: false });
  });

  it("only a RESOLVED complaint can be escalated (409); CREATOR 403; another learner 404; reason required", async () => {
    const c = await file({}, w.tok.learner);
    const early = await escalate(c.id);
    expectError(early, 409, "Cannot move a complaint from NEW to ESCALATED: only a RESOLVED complaint can be referred to the mediator");
    expect(early.body.code).toBe("COMPLAINT_TRANSITION_INVALID");
    await inReview(c.id);
    expectError(await escalate(c.id), 409);
    await resolve(c.id);
    expectError(await escalate(c.id, undefined, w.tok.creator), 403);
    expectError(await escalate(c.id, undefined, w.tok.learner2), 404);
    expectError(await escalate(c.id, {}, w.tok.learner), 400);
    expectError(await escalate(c.id, { reason: "x", mediatorEmail: "not-an-email" }), 400);
    expectError(await w.call("POST", `/complaints/${c.id}/escalate-mediator`, undefined, { reason: "x" }), 401);
    expect((await get(c.id)).body.data.status).toBe("RESOLVED");
  });
});

describe("GET /complaints/stats", () => {
  it("volumes by status, category and severity, handling times, escalations, CRITICAL SLA, plans: ADMIN only", async () => {
    const res = await w.call("GET", "/complaints/stats", w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data;
    const list = await w.call("GET", "/complaints?perPage=100", w.tok.admin);
    expect(s.total).toBe(list.body.meta.total);
    expect(Object.values(s.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(s.total);
    expect(Object.keys(s.byCategory)).toEqual(["COURSE_QUALITY", "ADMIN", "BILLING", "OTHER"]);
    expect(Object.keys(s.bySeverity)).toEqual(["LOW", "MEDIUM", "HIGH", "CRITICAL"]);
    expect(s.bySeverity.CRITICAL).toBe(s.critical.total);
    expect(s.resolved).toBeGreaterThan(0);
    expect(s.averageResolutionHours).toEqual(expect.any(Number));
    expect(s.averageFirstReviewHours).toEqual(expect.any(Number));
    expect(s.escalated).toBeGreaterThan(0);
    expect(s.withImprovementPlan).toBeGreaterThan(0);
    const today = w.now().toISOString().slice(0, 10);
    expect(s.to).toBe(today);
    const empty = await w.call("GET", "/complaints/stats?from=2001-01-01&to=2001-12-31", w.tok.admin);
    expect(empty.body.data).toMatchObject({ from: "2001-01-01", to: "2001-12-31", total: 0, resolved: 0, averageResolutionHours: null });
    expectError(await w.call("GET", "/complaints/stats?from=yesterday", w.tok.admin), 400);
    expectError(await w.call("GET", "/complaints/stats", w.tok.creator), 403);
    expectError(await w.call("GET", "/complaints/stats"), 401);
  });
});

describe("scheduled jobs (manual clock)", () => {
  it("complaints.sla: one alert to the admins COMPLAINT_SLA_ALERT_MINUTES (120) before a CRITICAL complaint's deadline, once; none when resolved", async () => {
    const open = await file({ severity: "CRITICAL", subject: "SLA ouvert", channel: "PHONE" }, w.tok.admin);
    const handled = await file({ severity: "CRITICAL", subject: "SLA traité", channel: "PHONE" }, w.tok.admin);
    await inReview(handled.id);
    await resolve(handled.id);
    const alerts = async (subject: string) => (await mailsTo(w.api, "admin@acme.test", "complaint-sla-warning")).filter((m) => m.subject.includes(subject));
    await w.advance(21 * 3600 + 59 * 60);
    await runJob("complaints.sla");
    expect(await alerts("SLA ouvert")).toHaveLength(0);
    await w.advance(60);
    await runJob("complaints.sla");
    const sent = await alerts("SLA ouvert");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Délai bientôt dépassé\u202f: SLA ouvert");
    expect((await get(open.id)).body.data.slaAlertedAt).toBe(w.now().toISOString());
    await w.advance(3 * 3600);
    await runJob("complaints.sla");
    expect(await alerts("SLA ouvert")).toHaveLength(1);
    expect(await alerts("SLA traité")).toHaveLength(0);
    // past the deadline and still open: breached
    const row = (await w.call("GET", "/complaints?severity=CRITICAL&perPage=100", w.tok.admin)).body.data.find((r: { id: string }) => r.id === open.id);
    expect(row.slaBreached).toBe(true);
    expect((await w.call("GET", "/complaints/stats", w.tok.admin)).body.data.critical.slaBreached).toBeGreaterThan(0);
  });

  it("complaints.autoclose: a RESOLVED or ESCALATED complaint without reply for COMPLAINT_AUTO_CLOSE_DAYS (30) days is CLOSED (AUTO), with its history line", async () => {
    const r = await resolved();
    const e = await resolved();
    await w.advance(DAY / 1000);
    expect((await escalate(e.id)).status).toBe(200);
    const waiting = await file();
    await w.advance((29 * DAY) / 1000 - 60);
    await runJob("complaints.autoclose");
    expect((await get(r.id)).body.data.status).toBe("RESOLVED");
    await w.advance(120);
    await runJob("complaints.autoclose");
    const closed = (await get(r.id)).body.data;
    expect(closed).toMatchObject({ status: "CLOSED", closedReason: "AUTO", closedAt: w.now().toISOString() });
    expect(closed.history.at(-1)).toEqual({ from: "RESOLVED", to: "CLOSED", changedBy: null, note: "Automatic closure after 30 days without reply", at: w.now().toISOString() });
    // the escalation restarted the delay a day later
    expect((await get(e.id)).body.data.status).toBe("ESCALATED");
    await w.advance(DAY / 1000);
    await runJob("complaints.autoclose");
    expect((await get(e.id)).body.data).toMatchObject({ status: "CLOSED", closedReason: "AUTO" });
    // NEW and IN_REVIEW complaints are never closed automatically
    expect((await get(waiting.id)).body.data.status).toBe("NEW");
    // running again changes nothing
    await runJob("complaints.autoclose");
    expect((await get(r.id)).body.data.history.filter((h: { to: string }) => h.to === "CLOSED")).toHaveLength(1);
  });
});

describe("abuse of the public form", () => {
  it("is limited by the rate limit of every request: 429 with Retry-After past RATE_LIMIT_PER_HOUR from one address", async () => {
    await w.advance(2 * 3600); // a fresh window for 127.0.0.1
    await withEnv({ RATE_LIMIT_PER_HOUR: "2" }, async () => {
      expect((await w.call("POST", "/complaints", undefined, anonymous())).status).toBe(201);
      expect((await w.call("POST", "/complaints", undefined, anonymous())).status).toBe(201);
      const res = await w.call("POST", "/complaints", undefined, anonymous());
      expectError(res, 429, "Too many requests");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});
