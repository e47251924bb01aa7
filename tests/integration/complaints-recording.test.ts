import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, HOUR, type World } from "../helpers/attendance";
import { auditRows, expectError } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";

/**
 * Issue #23 part 4: complaints as a quality manager runs them. Staff record a complaint received
 * by phone, e-mail, letter or in person; every complaint gets a reference RECL-year-0042 (per
 * tenant and year, gapless, unique, also under concurrent creations) and the complainant an
 * acknowledgement with the answer delay; the severity is staff's; the corrective actions typed at
 * resolution become actions of the linked plan.
 */

let w: World;
const DAY = 24 * HOUR;
const REF = /^RECL-2026-(\d{4})$/;

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w.close());

const base = (extra: Record<string, unknown> = {}) => ({ subject: "Appel mécontent", description: "Le stagiaire n'a pas reçu son attestation.", category: "ADMIN", ...extra });
const create = (body: Record<string, unknown>, token?: string) => w.call("POST", "/complaints", token, body);
const get = (id: string, token = w.tok.admin) => w.call("GET", `/complaints/${id}`, token);
const seqOf = (reference: string) => Number(REF.exec(reference)![1]);

describe("staff record a complaint received elsewhere", () => {
  it("PHONE: channel, receivedAt in the past, the complainant typed, the severity chosen by staff, recordedBy the ADMIN", async () => {
    const receivedAt = new Date(w.now().getTime() - 2 * HOUR).toISOString();
    const res = await create(base({ channel: "PHONE", receivedAt, name: "Marc Lefèvre", email: "marc.lefevre@example.com", phone: "06 11 22 33 44", severity: "HIGH" }), w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ reference: expect.stringMatching(REF), severity: "HIGH", improvementPlanId: expect.stringMatching(/^imp_/), acknowledged: true });
    expect(res.body.data.answerDueAt).toBe(new Date(Date.parse(receivedAt) + 15 * DAY).toISOString());
    const detail = (await get(res.body.data.id)).body.data;
    expect(detail).toMatchObject({
      reference: res.body.data.reference,
      channel: "PHONE",
      receivedAt,
      severity: "HIGH",
      recordedBy: w.uid.admin,
      complainant: { userId: null, name: "Marc Lefèvre", email: "marc.lefevre@example.com", phone: "06 11 22 33 44", anonymous: false },
      improvementPlanTitle: "Réclamation : Appel mécontent",
    });
    expect(detail.history[0]).toMatchObject({ to: "NEW", changedBy: w.uid.admin });
    const [audit] = await auditRows(w.api, "complaint.created", { targetId: res.body.data.id });
    expect(audit).toBeDefined();
  });

  it("a learner of the tenant named by complainantUserId: their name and e-mail; another tenant's user is 422", async () => {
    const res = await create(base({ channel: "LETTER", complainantUserId: w.uid.learner }), w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await get(res.body.data.id)).body.data.complainant).toMatchObject({ userId: w.uid.learner, email: "learner@acme.test" });
    // the learner reads their own complaint
    expect((await get(res.body.data.id, w.tok.learner)).status).toBe(200);
    const stranger = await create(base({ channel: "LETTER", complainantUserId: w.uid.globexLearner }), w.tok.admin);
    expectError(stranger, 422);
    expect(Object.keys(stranger.body.errors)).toEqual(["complainantUserId"]);
  });

  it("receivedAt in the future is 422; staff fields from a learner are 403, without a sign-in 401", async () => {
    const future = await create(base({ channel: "EMAIL", receivedAt: new Date(w.now().getTime() + HOUR).toISOString() }), w.tok.admin);
    expectError(future, 422);
    expect(Object.keys(future.body.errors)).toEqual(["receivedAt"]);
    expectError(await create(base({ channel: "PHONE" }), w.tok.learner), 403);
    expectError(await create(base({ channel: "PHONE" }), w.tok.creator), 403);
    expectError(await create(base({ complainantUserId: w.uid.learner }), undefined), 401);
  });

  it("the severity is staff's: ignored from the public form and from a learner (MEDIUM, no plan); an ADMIN sets it by PATCH, CRITICAL then opens a plan and the SLA from reception", async () => {
    const pub = await create(base({ severity: "CRITICAL", name: "Inès Roche" }));
    expect(pub.status, JSON.stringify(pub.body)).toBe(201);
    expect(pub.body.data).toMatchObject({ severity: "MEDIUM", improvementPlanId: null, slaDueAt: null, acknowledged: false });
    const learner = await create(base({ severity: "HIGH" }), w.tok.learner);
    expect(learner.body.data).toMatchObject({ severity: "MEDIUM", improvementPlanId: null });
    const before = (await get(pub.body.data.id)).body.data;
    expect(before.severity).toBe("MEDIUM");
    const raised = await w.call("PATCH", `/complaints/${pub.body.data.id}`, w.tok.admin, { severity: "CRITICAL" });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.data).toMatchObject({ severity: "CRITICAL", status: "NEW", slaDueAt: new Date(Date.parse(before.receivedAt) + DAY).toISOString(), improvementPlanId: expect.stringMatching(/^imp_/) });
    expectError(await w.call("PATCH", `/complaints/${pub.body.data.id}`, w.tok.creator, { severity: "LOW" }), 403);
    const lowered = await w.call("PATCH", `/complaints/${pub.body.data.id}`, w.tok.admin, { severity: "LOW" });
    expect(lowered.body.data).toMatchObject({ severity: "LOW", slaDueAt: null });
  });
});

describe("reference RECL-year-0042", () => {
  it("consecutive, unique, shown in the list and the detail; the other tenant's series is its own", async () => {
    const a = await create(base({ name: "A" }));
    const b = await create(base({ name: "B" }), w.tok.learner);
    const c = await create(base({ channel: "PHONE" }), w.tok.admin);
    const seqs = [a, b, c].map((r) => seqOf(r.body.data.reference));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    const list = await w.call("GET", "/complaints?perPage=100", w.tok.admin);
    expect(list.body.data.find((r: { id: string }) => r.id === c.body.data.id).reference).toBe(c.body.data.reference);
    const globex = await w.api.call("POST", "/complaints", { tenant: "globex", body: base({ name: "G" }) });
    expect(globex.status).toBe(201);
    const acmeNext = seqOf((await create(base({ name: "D" }))).body.data.reference);
    expect(acmeNext).toBe(seqs[2]! + 1); // globex's creation took a number of its own series, not acme's
    const globexNext = await w.api.call("POST", "/complaints", { tenant: "globex", body: base({ name: "H" }) });
    expect(seqOf(globexNext.body.data.reference)).toBe(seqOf(globex.body.data.reference) + 1);
  });

  it("gapless under concurrent creations: 12 at once take 12 consecutive numbers, none twice; a refused creation takes none", async () => {
    const first = seqOf((await create(base({ name: "Avant" }))).body.data.reference);
    // refused inside the transaction (a learner named who is not a member): no number consumed
    expect((await create(base({ channel: "PHONE", complainantUserId: w.uid.globexAdmin }), w.tok.admin)).status).toBe(422);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(base({ name: `Concurrent ${i}` }))));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const seqs = results.map((r) => seqOf(r.body.data.reference)).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => first + 1 + i));
    const after = seqOf((await create(base({ name: "Après" }))).body.data.reference);
    expect(after).toBe(first + 13);
  });
});

describe("acknowledgement e-mail", () => {
  it("in the outbox in French with the reference and the 15-day delay; in English for an English account; none without an e-mail", async () => {
    const res = await create(base({ subject: "Attestation manquante", name: "Claire Martin", email: "claire.ack@example.com" }));
    const reference = res.body.data.reference as string;
    const [mail] = await mailsTo(w.api, "claire.ack@example.com", "complaint-acknowledged");
    expect(mail!.subject).toBe(`Réclamation ${reference} bien reçue\u202f: Attestation manquante`);
    expect(mail!.text).toMatch(/^Bonjour Claire Martin,/);
    expect(mail!.text).toContain(`Sa référence est ${reference}`);
    expect(mail!.text).toContain("Nous vous répondrons sous 15 jours, au plus tard le");
    const unnamed = await create(base({ subject: "Sans nom", email: "sans.nom@example.com" }));
    const [neutral] = await mailsTo(w.api, "sans.nom@example.com", "complaint-acknowledged");
    expect(neutral!.text).toMatch(/^Bonjour,\n/);
    expect(neutral!.subject).toContain(unnamed.body.data.reference);
    // CRITICAL (recorded by staff): 24 hours
    await create(base({ subject: "Urgence", channel: "PHONE", email: "urgent.ack@example.com", severity: "CRITICAL" }), w.tok.admin);
    const [urgent] = await mailsTo(w.api, "urgent.ack@example.com", "complaint-acknowledged");
    expect(urgent!.text).toContain("sous 24 heures");
    // English locale of the account
    expect((await w.call("PATCH", "/users/me/preferences", w.tok.learner2, { locale: "en" })).status).toBe(200);
    const en = await create(base({ subject: "Late certificate" }), w.tok.learner2);
    expect(en.status).toBe(201);
    const [enMail] = await mailsTo(w.api, "learner2@acme.test", "complaint-acknowledged");
    expect(enMail!.subject).toBe(`Complaint ${en.body.data.reference} received: Late certificate`);
    expect(enMail!.text).toContain("within 15 days");
  });

  it("the resolution e-mail greets neutrally when the name is unknown (never \"Bonjour ,\")", async () => {
    const res = await create(base({ subject: "Réponse neutre", email: "neutre@example.com" }));
    const id = res.body.data.id;
    expect((await w.call("PATCH", `/complaints/${id}`, w.tok.admin, { status: "IN_REVIEW" })).status).toBe(200);
    expect((await w.call("POST", `/complaints/${id}/resolve`, w.tok.admin, { resolution: "Voici notre réponse." })).status).toBe(200);
    const [mail] = await mailsTo(w.api, "neutre@example.com", "complaint-resolved");
    expect(mail!.text).toMatch(/^Bonjour,\n/);
    expect(mail!.text).not.toContain("Bonjour ,");
    expect(mail!.subject).toBe(`Votre réclamation ${res.body.data.reference}\u202f: Réponse neutre`);
  });
});

describe("corrective actions become plan actions", () => {
  it("into the linked plan (counter 2 / 0), or a DRAFT plan opened for them; the plan shows them", async () => {
    const high = await create(base({ subject: "Salle trop petite", channel: "PHONE", severity: "HIGH" }), w.tok.admin);
    const planId = high.body.data.improvementPlanId as string;
    await w.call("PATCH", `/complaints/${high.body.data.id}`, w.tok.admin, { status: "IN_REVIEW" });
    const res = await w.call("POST", `/complaints/${high.body.data.id}/resolve`, w.tok.admin, { resolution: "Salle changée.", correctiveActions: ["Vérifier la jauge des salles", "Prévoir une salle de repli"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.improvementPlanId).toBe(planId);
    const plan = (await w.call("GET", `/improvement-plans/${planId}`, w.tok.admin)).body.data;
    expect(plan).toMatchObject({ actionsCount: 2, actionsCompleted: 0 });
    expect(plan.actions.map((a: { description: string; status: string }) => `${a.status} ${a.description}`)).toEqual(["TODO Vérifier la jauge des salles", "TODO Prévoir une salle de repli"]);

    const low = await create(base({ subject: "Café froid", name: "X" }));
    await w.call("PATCH", `/complaints/${low.body.data.id}`, w.tok.admin, { status: "IN_REVIEW" });
    const opened = await w.call("POST", `/complaints/${low.body.data.id}/resolve`, w.tok.admin, { resolution: "Machine réparée.", correctiveActions: ["Contrat de maintenance"] });
    const newPlan = opened.body.data.improvementPlanId as string;
    expect(newPlan).toMatch(/^imp_/);
    const detail = (await get(low.body.data.id)).body.data;
    expect(detail).toMatchObject({ improvementPlanId: newPlan, improvementPlanTitle: "Réclamation : Café froid" });
    expect((await w.call("GET", `/improvement-plans/${newPlan}`, w.tok.admin)).body.data).toMatchObject({ status: "DRAFT", trigger: "COMPLAINT", actionsCount: 1, linkedComplaintIds: [low.body.data.id] });

    // without corrective actions and without a plan: none opened
    const bare = await create(base({ subject: "Sans action", name: "Y" }));
    await w.call("PATCH", `/complaints/${bare.body.data.id}`, w.tok.admin, { status: "IN_REVIEW" });
    expect((await w.call("POST", `/complaints/${bare.body.data.id}/resolve`, w.tok.admin, { resolution: "Rien à faire." })).body.data.improvementPlanId).toBeNull();
  });
});

describe("tenant isolation", () => {
  it("another tenant's complaint id is 404 for reading, severity, resolving; recording names only own members", async () => {
    const res = await create(base({ channel: "PHONE", name: "Z" }), w.tok.admin);
    const id = res.body.data.id;
    const other = (method: string, path: string, body?: unknown) => w.api.call(method, path, { tenant: "globex", token: w.tok.globexAdmin, body });
    expectError(await other("GET", `/complaints/${id}`), 404);
    expectError(await other("PATCH", `/complaints/${id}`, { severity: "CRITICAL" }), 404);
    expectError(await other("POST", `/complaints/${id}/resolve`, { resolution: "x", correctiveActions: ["y"] }), 404);
    expect((await get(id)).body.data).toMatchObject({ severity: "MEDIUM", status: "NEW" });
    const cross = await other("POST", "/complaints", base({ channel: "PHONE", complainantUserId: w.uid.learner }));
    expectError(cross, 422);
  });
});
