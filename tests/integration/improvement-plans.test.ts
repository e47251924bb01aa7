import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { auditRows, expectError, expectUnknownFields, userIdOf } from "../helpers/rest";
import { demoUsers, tokenFor } from "../factories";

/**
 * Issue #11 item 2: continuous-improvement plans (spec: ImprovementPlan resource, states and
 * endpoints; Qualiopi indicator 32), through the REST surface.
 */

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "learner" | "finance";
const tok = {} as Record<Who | "globexAdmin", string>;
const uid = {} as Record<Who | "globexAdmin", string>;
const IMP = /^imp_[a-z0-9]{24}$/;
const ACT = /^act_[a-z0-9]{24}$/;

const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });
const globex = (method: string, path: string, body?: unknown) => api.call(method, path, { tenant: "globex", token: tok.globexAdmin, body });

beforeAll(async () => {
  api = await startApi({ demo: true });
  {
    const demo = await demoUsers(api, "acme", ["admin", "creator", "trainer", "learner", "finance"] as const);
    Object.assign(tok, demo.tok);
    Object.assign(uid, demo.uid);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  uid.globexAdmin = await userIdOf(api, "admin@globex.test");
}, 120_000);
afterAll(() => api.close());

let n = 0;
async function plan(extra: Record<string, unknown> = {}) {
  n += 1;
  const res = await call("POST", "/improvement-plans", tok.admin, { title: `Plan ${n}`, trigger: "AUDIT", ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; actionsCount: number };
}
const get = (id: string) => call("GET", `/improvement-plans/${id}`, tok.admin);
const patch = (id: string, body: Record<string, unknown>) => call("PATCH", `/improvement-plans/${id}`, tok.admin, body);
async function complaint(severity = "LOW") {
  const res = await call("POST", "/complaints", tok.admin, { subject: "Salle trop petite", description: "Vingt personnes pour douze places.", category: "ADMIN", severity, channel: "PHONE" }); // the severity is staff's: recorded by an ADMIN
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; improvementPlanId: string | null };
}
async function inProgress(extra: Record<string, unknown> = {}) {
  const p = await plan(extra);
  expect((await patch(p.id, { status: "IN_PROGRESS" })).status).toBe(200);
  return p;
}

describe("POST /improvement-plans and GET /improvement-plans/{id}", () => {
  it("201 {id, status DRAFT, actionsCount}; the detail has the actions (TODO, in order), linked complaints and indicators", async () => {
    const c = await complaint();
    const res = await call("POST", "/improvement-plans", tok.admin, {
      title: "Accueil des stagiaires",
      description: "Revoir l'accueil",
      trigger: "COMPLAINT",
      linkedComplaintIds: [c.id],
      targetDate: "2027-06-30",
      owner: uid.creator,
      indicators: [32, 31, 31],
      actions: [
        { description: "Réserver une salle adaptée", owner: uid.admin, dueDate: "2027-03-01" },
        { description: "Mettre à jour le livret d'accueil" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ id: expect.stringMatching(IMP), status: "DRAFT", actionsCount: 2 });
    const detail = await get(res.body.data.id);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual({
      id: res.body.data.id,
      title: "Accueil des stagiaires",
      description: "Revoir l'accueil",
      trigger: "COMPLAINT",
      status: "DRAFT",
      owner: uid.creator,
      targetDate: "2027-06-30",
      indicators: [31, 32],
      actionsCount: 2,
      actionsCompleted: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      linkedComplaintIds: [c.id],
      linkedComplaints: [{ id: c.id, subject: "Salle trop petite", severity: "LOW", status: "NEW", createdAt: expect.any(String) }],
      actions: [
        { id: expect.stringMatching(ACT), description: "Réserver une salle adaptée", status: "TODO", owner: uid.admin, dueDate: "2027-03-01", completedAt: null, createdAt: expect.any(String) },
        { id: expect.stringMatching(ACT), description: "Mettre à jour le livret d'accueil", status: "TODO", owner: null, dueDate: null, completedAt: null, createdAt: expect.any(String) },
      ],
      closureReport: null,
      closedAt: null,
      createdBy: uid.admin,
    });
    expect((await call("GET", `/complaints/${c.id}`, tok.admin)).body.data.improvementPlanId).toBe(res.body.data.id);
    expect(await auditRows(api, "improvementPlan.created", { targetId: res.body.data.id })).toHaveLength(1);
  });

  it("400 for a missing title, a bad trigger, an indicator outside 1..32, an unknown field", async () => {
    const missing = await call("POST", "/improvement-plans", tok.admin, { trigger: "AUDIT" });
    expectError(missing, 400, "Validation failed");
    expect(Object.keys(missing.body.errors)).toEqual(["title"]);
    const trigger = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "WHIM" });
    expectError(trigger, 400);
    expect(Object.keys(trigger.body.errors)).toEqual(["trigger"]);
    const indicator = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", indicators: [33] });
    expectError(indicator, 400);
    expect(indicator.body.errors["indicators.0"]).toEqual(["Indicators are 1 to 32"]);
    const date = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", targetDate: "2027-02-30" });
    expectError(date, 400);
    expectUnknownFields(await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", status: "COMPLETED" }), ["status"]);
    expectUnknownFields(await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", actions: [{ description: "a", status: "DONE" }] }), ["actions.0.status"]);
  });

  it("422 for an owner who is not a member, an unknown complaint, a complaint linked to another plan", async () => {
    const owner = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", owner: uid.globexAdmin });
    expectError(owner, 422);
    expect(owner.body.errors).toEqual({ owner: ["Not an active member of this organisation"] });
    const actionOwner = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "AUDIT", actions: [{ description: "a", owner: "usr_nobody" }] });
    expect(actionOwner.body.errors).toEqual({ "actions.0.owner": ["Not an active member of this organisation"] });
    const unknown = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "COMPLAINT", linkedComplaintIds: ["cpl_nope"] });
    expectError(unknown, 422);
    expect(unknown.body.errors).toEqual({ linkedComplaintIds: ["cpl_nope: complaint not found"] });
    const high = await complaint("HIGH");
    const taken = await call("POST", "/improvement-plans", tok.admin, { title: "x", trigger: "COMPLAINT", linkedComplaintIds: [high.id] });
    expect(taken.body.errors).toEqual({ linkedComplaintIds: [`${high.id}: already linked to ${high.improvementPlanId}`] });
  });

  it("roles: ADMIN only (CREATOR, TRAINER, LEARNER, FINANCIER 403), 401; another tenant's plan 404", async () => {
    const p = await plan();
    for (const who of ["creator", "trainer", "learner", "finance"] as const) {
      expectError(await call("POST", "/improvement-plans", tok[who], { title: "x", trigger: "AUDIT" }), 403, "Forbidden: ADMIN required");
      expectError(await call("GET", `/improvement-plans/${p.id}`, tok[who]), 403);
    }
    expectError(await call("GET", "/improvement-plans"), 401);
    expectError(await globex("GET", `/improvement-plans/${p.id}`), 404, "Improvement plan not found");
    expectError(await globex("PATCH", `/improvement-plans/${p.id}`, { title: "volé" }), 404);
    expectError(await globex("DELETE", `/improvement-plans/${p.id}`), 404);
    expectError(await globex("POST", `/improvement-plans/${p.id}/actions`, { description: "x" }), 404);
    expectError(await get("imp_missing"), 404);
  });
});

describe("GET /improvement-plans", () => {
  it("newest first with counters, meta {total, page, perPage}, filters status and trigger", async () => {
    const a = await plan({ trigger: "FEEDBACK", actions: [{ description: "a" }] });
    const b = await plan({ trigger: "FEEDBACK" });
    await patch(b.id, { status: "IN_PROGRESS" });
    const res = await call("GET", "/improvement-plans?perPage=2", tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ total: expect.any(Number), page: 1, perPage: 2 });
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(res.body.data[1]).toMatchObject({ id: a.id, actionsCount: 1, actionsCompleted: 0, status: "DRAFT", trigger: "FEEDBACK" });
    const feedback = await call("GET", "/improvement-plans?trigger=FEEDBACK&perPage=100", tok.admin);
    expect(feedback.body.data.every((p: { trigger: string }) => p.trigger === "FEEDBACK")).toBe(true);
    const running = await call("GET", "/improvement-plans?status=IN_PROGRESS&perPage=100", tok.admin);
    expect(running.body.data.map((p: { id: string }) => p.id)).toContain(b.id);
    expect(running.body.data.every((p: { status: string }) => p.status === "IN_PROGRESS")).toBe(true);
    expect((await call("GET", "/improvement-plans", tok.admin)).body.meta.perPage).toBe(20);
    expectError(await call("GET", "/improvement-plans?perPage=101", tok.admin), 400);
    expectError(await call("GET", "/improvement-plans?trigger=WHIM", tok.admin), 400);
    expectError(await call("GET", "/improvement-plans", tok.creator), 403);
    const other = await globex("GET", "/improvement-plans?perPage=100");
    expect(other.body.data.map((p: { id: string }) => p.id)).not.toContain(a.id);
  });
});

describe("PATCH /improvement-plans/{id}: fields and the status-move table", () => {
  it("edits title, description, owner, targetDate, indicators: 200 {id, status}", async () => {
    const p = await plan({ owner: uid.admin, targetDate: "2027-01-01" });
    const res = await patch(p.id, { title: "Nouveau titre", description: "d", owner: null, targetDate: null, indicators: [30, 31] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: p.id, status: "DRAFT" });
    expect((await get(p.id)).body.data).toMatchObject({ title: "Nouveau titre", description: "d", owner: null, targetDate: null, indicators: [30, 31] });
    expectUnknownFields(await patch(p.id, { actions: [] }), ["actions"]);
    expectError(await patch(p.id, { owner: uid.globexAdmin }), 422);
    expectError(await patch("imp_missing", { title: "x" }), 404);
  });

  it("valid moves: DRAFT -> IN_PROGRESS -> ARCHIVED; DRAFT -> ARCHIVED; COMPLETED -> IN_PROGRESS (reopen) and -> ARCHIVED", async () => {
    const p = await plan();
    expect((await patch(p.id, { status: "IN_PROGRESS" })).body.data).toEqual({ id: p.id, status: "IN_PROGRESS" });
    expect((await patch(p.id, { status: "ARCHIVED" })).body.data.status).toBe("ARCHIVED");
    const d = await plan();
    expect((await patch(d.id, { status: "ARCHIVED" })).body.data.status).toBe("ARCHIVED");
    const c = await inProgress();
    expect((await call("POST", `/improvement-plans/${c.id}/close`, tok.admin, { report: "Objectifs atteints." })).status).toBe(200);
    const reopened = await patch(c.id, { status: "IN_PROGRESS" });
    expect(reopened.body.data.status).toBe("IN_PROGRESS");
    expect((await get(c.id)).body.data).toMatchObject({ status: "IN_PROGRESS", closureReport: null, closedAt: null });
    await call("POST", `/improvement-plans/${c.id}/close`, tok.admin, { report: "Bis." });
    expect((await patch(c.id, { status: "ARCHIVED" })).body.data.status).toBe("ARCHIVED");
  });

  it("409 IMPROVEMENT_PLAN_TRANSITION_INVALID for invalid moves (ARCHIVED -> DRAFT, IN_PROGRESS -> DRAFT, IN_PROGRESS -> COMPLETED, DRAFT -> COMPLETED)", async () => {
    const a = await plan();
    await patch(a.id, { status: "ARCHIVED" });
    const back = await patch(a.id, { status: "DRAFT" });
    expectError(back, 409, "Cannot move an improvement plan from ARCHIVED to DRAFT");
    expect(back.body.code).toBe("IMPROVEMENT_PLAN_TRANSITION_INVALID");
    expectError(await patch(a.id, { status: "IN_PROGRESS" }), 409);
    const p = await inProgress();
    expectError(await patch(p.id, { status: "DRAFT" }), 409, "Cannot move an improvement plan from IN_PROGRESS to DRAFT");
    expectError(await patch(p.id, { status: "COMPLETED" }), 409, "Cannot move an improvement plan from IN_PROGRESS to COMPLETED: close it with POST /improvement-plans/{id}/close and its report");
    const d = await plan();
    expectError(await patch(d.id, { status: "COMPLETED" }), 409);
    expect((await get(a.id)).body.data.status).toBe("ARCHIVED");
    // the same status is no move
    expect((await patch(p.id, { status: "IN_PROGRESS" })).status).toBe(200);
  });

  it("COMPLETED and ARCHIVED plans are read-only: 409 IMPROVEMENT_PLAN_NOT_EDITABLE", async () => {
    const a = await plan();
    await patch(a.id, { status: "ARCHIVED" });
    const res = await patch(a.id, { title: "x" });
    expectError(res, 409, "Improvement plan is ARCHIVED: it cannot be changed");
    expect(res.body.code).toBe("IMPROVEMENT_PLAN_NOT_EDITABLE");
    expect((await call("POST", `/improvement-plans/${a.id}/actions`, tok.admin, { description: "x" })).body.code).toBe("IMPROVEMENT_PLAN_NOT_EDITABLE");
  });
});

describe("DELETE /improvement-plans/{id}", () => {
  it("DRAFT: 204, soft delete (404 afterwards, gone from the list), its complaints unlinked", async () => {
    const c = await complaint();
    const p = await plan({ linkedComplaintIds: [c.id] });
    const res = await call("DELETE", `/improvement-plans/${p.id}`, tok.admin);
    expect(res.status).toBe(204);
    expectError(await get(p.id), 404);
    expect((await call("GET", "/improvement-plans?perPage=100", tok.admin)).body.data.map((x: { id: string }) => x.id)).not.toContain(p.id);
    expect((await call("GET", `/complaints/${c.id}`, tok.admin)).body.data.improvementPlanId).toBeNull();
    expectError(await call("DELETE", `/improvement-plans/${p.id}`, tok.admin), 404);
    // the complaint can be linked again
    await plan({ linkedComplaintIds: [c.id] });
  });

  it("IN_PROGRESS, COMPLETED, ARCHIVED: 409 IMPROVEMENT_PLAN_NOT_DELETABLE", async () => {
    const running = await inProgress();
    const res = await call("DELETE", `/improvement-plans/${running.id}`, tok.admin);
    expectError(res, 409, "Only a DRAFT improvement plan can be deleted (this one is IN_PROGRESS)");
    expect(res.body.code).toBe("IMPROVEMENT_PLAN_NOT_DELETABLE");
    const done = await inProgress();
    await call("POST", `/improvement-plans/${done.id}/close`, tok.admin, { report: "ok" });
    expectError(await call("DELETE", `/improvement-plans/${done.id}`, tok.admin), 409);
    const archived = await plan();
    await patch(archived.id, { status: "ARCHIVED" });
    expectError(await call("DELETE", `/improvement-plans/${archived.id}`, tok.admin), 409);
    expect((await get(running.id)).status).toBe(200);
    expectError(await call("DELETE", `/improvement-plans/${archived.id}`, tok.creator), 403);
  });
});

describe("actions", () => {
  it("POST .../actions: 201 TODO, counters follow; PATCH edits and sets/clears completedAt; POST .../complete: DONE, twice 409", async () => {
    const p = await plan();
    const add = await call("POST", `/improvement-plans/${p.id}/actions`, tok.admin, { description: "Former l'équipe", owner: uid.creator, dueDate: "2027-05-01" });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.data).toEqual({ id: expect.stringMatching(ACT), description: "Former l'équipe", status: "TODO", owner: uid.creator, dueDate: "2027-05-01", completedAt: null, createdAt: expect.any(String) });
    const second = (await call("POST", `/improvement-plans/${p.id}/actions`, tok.admin, { description: "Mesurer" })).body.data;
    expect((await get(p.id)).body.data).toMatchObject({ actionsCount: 2, actionsCompleted: 0 });
    const actionPath = `/improvement-plans/${p.id}/actions/${add.body.data.id}`;
    const edit = await call("PATCH", actionPath, tok.admin, { description: "Former toute l'équipe", status: "DONE", dueDate: null });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ description: "Former toute l'équipe", status: "DONE", dueDate: null, completedAt: expect.any(String) });
    expect((await get(p.id)).body.data).toMatchObject({ actionsCount: 2, actionsCompleted: 1 });
    const undo = await call("PATCH", actionPath, tok.admin, { status: "IN_PROGRESS" });
    expect(undo.body.data).toMatchObject({ status: "IN_PROGRESS", completedAt: null });
    const done = await call("POST", `${actionPath}/complete`, tok.admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ id: add.body.data.id, status: "DONE", completedAt: expect.any(String) });
    const twice = await call("POST", `${actionPath}/complete`, tok.admin);
    expectError(twice, 409, "Action already DONE");
    expect(twice.body.code).toBe("IMPROVEMENT_ACTION_ALREADY_DONE");
    expect((await get(p.id)).body.data).toMatchObject({ actionsCount: 2, actionsCompleted: 1 });
    // validation, unknown ids, another plan's action, roles
    expectError(await call("POST", `/improvement-plans/${p.id}/actions`, tok.admin, {}), 400);
    expectUnknownFields(await call("POST", `/improvement-plans/${p.id}/actions`, tok.admin, { description: "x", status: "DONE" }), ["status"]);
    expectError(await call("PATCH", actionPath, tok.admin, { status: "FINISHED" }), 400);
    expectError(await call("POST", `/improvement-plans/${p.id}/actions`, tok.admin, { description: "x", owner: uid.globexAdmin }), 422);
    expectError(await call("PATCH", `/improvement-plans/${p.id}/actions/act_missing`, tok.admin, { status: "DONE" }), 404, "Improvement action not found");
    const other = await plan();
    expectError(await call("POST", `/improvement-plans/${other.id}/actions/${second.id}/complete`, tok.admin), 404);
    expectError(await call("POST", "/improvement-plans/imp_missing/actions", tok.admin, { description: "x" }), 404);
    expectError(await call("POST", `${actionPath}/complete`, tok.creator), 403);
    expectError(await globex("POST", `/improvement-plans/${p.id}/actions/${second.id}/complete`), 404);
  });
});

describe("POST /improvement-plans/{id}/close", () => {
  it("IN_PROGRESS with every action DONE -> COMPLETED with its closure report; otherwise 409", async () => {
    const d = await plan({ actions: [{ description: "a" }] });
    const draft = await call("POST", `/improvement-plans/${d.id}/close`, tok.admin, { report: "r" });
    expectError(draft, 409, "Only an IN_PROGRESS improvement plan can be closed (this one is DRAFT)");
    expect(draft.body.code).toBe("IMPROVEMENT_PLAN_TRANSITION_INVALID");
    await patch(d.id, { status: "IN_PROGRESS" });
    const open = await call("POST", `/improvement-plans/${d.id}/close`, tok.admin, { report: "r" });
    expectError(open, 409, "1 action(s) not DONE yet");
    expect(open.body.code).toBe("IMPROVEMENT_PLAN_ACTIONS_OPEN");
    const actionId = (await get(d.id)).body.data.actions[0].id;
    await call("POST", `/improvement-plans/${d.id}/actions/${actionId}/complete`, tok.admin);
    expectError(await call("POST", `/improvement-plans/${d.id}/close`, tok.admin, {}), 400);
    const res = await call("POST", `/improvement-plans/${d.id}/close`, tok.admin, { report: "Les retours sont positifs : objectif atteint." });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: d.id, status: "COMPLETED", closureReport: "Les retours sont positifs : objectif atteint.", closedAt: expect.any(String), actionsCompleted: 1 });
    expect((await get(d.id)).body.data.closureReport).toBe("Les retours sont positifs : objectif atteint.");
    expectError(await call("POST", `/improvement-plans/${d.id}/close`, tok.admin, { report: "again" }), 409);
    expect((await call("POST", `/improvement-plans/${d.id}/actions/${actionId}/complete`, tok.admin)).body.code).toBe("IMPROVEMENT_PLAN_NOT_EDITABLE");
  });
});

describe("GET /improvement-plans/stats", () => {
  it("volumes by status and trigger, actions, closure time, linked complaints, plans per indicator", async () => {
    const res = await call("GET", "/improvement-plans/stats", tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data;
    const list = await call("GET", "/improvement-plans?perPage=100", tok.admin);
    expect(s.total).toBe(list.body.meta.total);
    expect(Object.keys(s.byStatus)).toEqual(["DRAFT", "IN_PROGRESS", "COMPLETED", "ARCHIVED"]);
    expect(Object.keys(s.byTrigger)).toEqual(["COMPLAINT", "AUDIT", "FEEDBACK", "PROACTIVE"]);
    expect(s.byStatus.COMPLETED).toBeGreaterThan(0);
    expect(s.averageClosureDays).toEqual(expect.any(Number));
    expect(s.actions.done).toBeGreaterThan(0);
    expect(s.actions.total).toBeGreaterThanOrEqual(s.actions.done);
    expect(s.linkedComplaints).toBeGreaterThan(0);
    expect(s.byIndicator["31"]).toBeGreaterThan(0);
    expect((await call("GET", "/improvement-plans/stats?from=2001-01-01&to=2001-01-31", tok.admin)).body.data).toMatchObject({ total: 0, averageClosureDays: null });
    expectError(await call("GET", "/improvement-plans/stats", tok.creator), 403);
  });
});

describe("OF mode", () => {
  it("off: every improvement-plan operation answers 403 OF_MODE_DISABLED (complaints keep working); on again: the data is back", async () => {
    const p = await plan();
    expect((await call("PATCH", "/tenants/me/of-mode", tok.admin, { enabled: false })).status).toBe(200);
    try {
      for (const [method, path, body] of [
        ["GET", "/improvement-plans", undefined],
        ["GET", "/improvement-plans/stats", undefined],
        ["GET", `/improvement-plans/${p.id}`, undefined],
        ["POST", "/improvement-plans", { title: "x", trigger: "AUDIT" }],
        ["PATCH", `/improvement-plans/${p.id}`, { title: "x" }],
        ["DELETE", `/improvement-plans/${p.id}`, undefined],
        ["POST", `/improvement-plans/${p.id}/actions`, { description: "x" }],
        ["POST", `/improvement-plans/${p.id}/close`, { report: "x" }],
      ] as const) {
        const res = await call(method, path, tok.admin, body);
        expectError(res, 403, "This feature is disabled for this organisation (OF mode is off)");
        expect(res.body.code).toBe("OF_MODE_DISABLED");
      }
      // a HIGH complaint still opens its plan (the data stays)
      expect((await complaint("HIGH")).improvementPlanId).toMatch(IMP);
    } finally {
      expect((await call("PATCH", "/tenants/me/of-mode", tok.admin, { enabled: true })).status).toBe(200);
    }
    expect((await get(p.id)).status).toBe(200);
  });
});
