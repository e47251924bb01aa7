import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";
import { courseOf, EXCEL, fromIcsDate, mailsTo, parseIcs, SST } from "../helpers/sessions";
import { createMember, tokenFor } from "../factories";

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "trainer2" | "learner" | "learner2" | "finance";
const tok = {} as Record<Who | "globexAdmin", string>;
const uid = {} as Record<Who | "globexTrainer", string>;
let sst: { id: string; title: string };
let excel: { id: string };
let globexSst: { id: string };

const HOUR = 3600_000;
const future = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** `days` ahead at 08:00 UTC (09:00 or 10:00 in Paris): a session that never crosses midnight, whatever the hour the suite runs. */
const morningIn = (days: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 8)).toISOString();
};
const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });

const create = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await call("POST", "/sessions", token, { courseId: sst.id, title: "Classe virtuelle SST", scheduledAt: future(48), durationMinutes: 120, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; attendancePin: string; scheduledAt: string; mediaRoomName: string };
};

beforeAll(async () => {
  api = await startApi({ demo: true });
  const acme = await tenantBySlug(api, "acme");
  await createMember(api.db, acme.id, "TRAINER", "trainer2@acme.test");
  for (const l of ["admin", "creator", "trainer", "trainer2", "learner", "learner2", "finance"] as const) {
    tok[l] = await tokenFor(api, "acme", l);
    uid[l] = await userIdOf(api, `${l}@acme.test`);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  uid.globexTrainer = await userIdOf(api, "trainer@globex.test");
  sst = await courseOf(api, "acme", SST);
  excel = await courseOf(api, "acme", EXCEL);
  globexSst = await courseOf(api, "globex", SST);
});
afterAll(() => api.close());

describe("POST /sessions", () => {
  it("201: SCHEDULED, six-digit PIN, room name, trainers; the course's PRIMARY trainer may create", async () => {
    const scheduledAt = future(72);
    const res = await call("POST", "/sessions", tok.trainer, {
      courseId: sst.id,
      title: "SST : gestes d'urgence",
      description: "Module 2",
      scheduledAt,
      durationMinutes: 90,
      maxParticipants: 12,
      recordingEnabled: true,
    });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      id: expect.stringMatching(/^ses_[a-z0-9]{24}$/),
      courseId: sst.id,
      title: "SST : gestes d'urgence",
      description: "Module 2",
      scheduledAt,
      durationMinutes: 90,
      maxParticipants: 12,
      recordingEnabled: true,
      status: "SCHEDULED",
      registeredCount: 3, // learner, learner2 and learner3 are ACTIVE in SST
      recordings: [],
      startedAt: null,
      endedAt: null,
      cancelledAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(s.attendancePin).toMatch(/^\d{6}$/);
    expect(s.mediaRoomName).toEqual(expect.any(String));
    // a trainer who is not the course's owner becomes a trainer of the session
    expect(s.trainers).toEqual([{ id: uid.trainer, firstName: "Thomas", lastName: "Bernard" }]);
  });

  it("each session gets its own room name and PIN", async () => {
    const [a, b] = [await create(tok.creator), await create(tok.creator)];
    expect(a.mediaRoomName).not.toBe(b.mediaRoomName);
    expect(a.id).not.toBe(b.id);
  });

  it("422 with errors.scheduledAt for a start in the past or now", async () => {
    const res = await call("POST", "/sessions", tok.creator, { courseId: sst.id, title: "Trop tard", scheduledAt: future(-1), durationMinutes: 60 });
    expectValidation(res, ["scheduledAt"], 422);
  });

  it("422 with errors.trainerIds when a trainer is not a teaching member", async () => {
    const res = await call("POST", "/sessions", tok.creator, {
      courseId: sst.id,
      title: "Formateurs",
      scheduledAt: future(5),
      durationMinutes: 60,
      trainerIds: [uid.learner, uid.globexTrainer, uid.trainer2],
    });
    expectValidation(res, ["trainerIds"], 422);
    expect(res.body.errors.trainerIds).toHaveLength(2);
  });

  it("422 on a missing field or a bad type (the spec's code), 400 on an unknown field", async () => {
    expectValidation(await call("POST", "/sessions", tok.creator, { courseId: sst.id, scheduledAt: future(5), durationMinutes: 0 }), ["title", "durationMinutes"], 422);
    expectValidation(await call("POST", "/sessions", tok.creator, { courseId: sst.id, title: "x", scheduledAt: "demain", durationMinutes: 30 }), ["scheduledAt"], 422);
    expectUnknownFields(await call("POST", "/sessions", tok.creator, { courseId: sst.id, title: "x", scheduledAt: future(5), durationMinutes: 30, status: "LIVE" }), ["status"]);
  });

  it("403 for a trainer not assigned to the course and for roles without sessions.manage; 401 without a token", async () => {
    const body = { courseId: sst.id, title: "Non", scheduledAt: future(5), durationMinutes: 30 };
    expectError(await call("POST", "/sessions", tok.trainer2, body), 403, "Forbidden: you are not allowed to teach this course");
    expectError(await call("POST", "/sessions", tok.learner, body), 403);
    expectError(await call("POST", "/sessions", tok.finance, body), 403);
    expectError(await call("POST", "/sessions", undefined, body), 401);
  });

  it("404 for another tenant's course", async () => {
    expectError(await call("POST", "/sessions", tok.admin, { courseId: globexSst.id, title: "x", scheduledAt: future(5), durationMinutes: 30 }), 404);
  });

  it("sendConvocation: each ACTIVE learner gets a mail with a parseable .ics (METHOD:REQUEST)", async () => {
    // 08:00 UTC two days ahead: a 45-minute session that cannot cross midnight in Paris (it would then be two days, "(1/2)").
    const scheduledAt = new Date((Math.floor(Date.now() / (24 * HOUR)) + 2) * 24 * HOUR + 8 * HOUR).toISOString();
    const s = await create(tok.creator, { title: "Convocation, test; SST", scheduledAt, durationMinutes: 45, sendConvocation: true, trainerIds: [uid.trainer] });
    for (const who of ["learner", "learner2"]) {
      const mails = (await mailsTo(api, `${who}@acme.test`, "session-convocation")).filter((m) => m.subject.includes("Convocation, test; SST"));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.text).toContain(`/sessions/${s.id}`);
      // the .ics, and the convocation PDF (documents/uses.ts convocationPdfAttachment)
      expect(mail?.attachments).toHaveLength(2);
      expect(mail?.attachments[0]).toMatchObject({ filename: "invitation.ics", contentType: expect.stringMatching(/^text\/calendar/) });
      expect(mail?.attachments[1]).toMatchObject({ filename: "convocation-convocation-test-sst.pdf", contentType: "application/pdf" });
      const ics = parseIcs(mail!.attachments[0]!.content);
      expect(ics.props).toMatchObject({ METHOD: "REQUEST", SEQUENCE: "0", UID: expect.stringContaining(s.id), SUMMARY: "Convocation\\, test\\; SST", STATUS: "CONFIRMED" });
      expect(ics.names.slice(0, 1)).toEqual(["BEGIN"]);
      expect(fromIcsDate(ics.props.DTSTART!).toISOString()).toBe(new Date(scheduledAt).toISOString().replace(/\.\d{3}Z/, ".000Z"));
      expect(fromIcsDate(ics.props.DTEND!).getTime() - fromIcsDate(ics.props.DTSTART!).getTime()).toBe(45 * 60_000);
      expect(ics.props.ATTENDEE).toBe(`mailto:${who}@acme.test`);
    }
    // no convocation to trainers, none without sendConvocation
    expect(await mailsTo(api, "trainer@acme.test", "session-convocation")).toHaveLength(0);
  });
});

describe("GET /sessions and GET /sessions/{id}", () => {
  let sstSession: { id: string; attendancePin: string };
  let excelSession: { id: string };

  beforeAll(async () => {
    sstSession = await create(tok.admin, { title: "Liste SST", scheduledAt: future(200), trainerIds: [uid.trainer] });
    const res = await call("POST", "/sessions", tok.creator, { courseId: excel.id, title: "Liste Excel", scheduledAt: future(300), durationMinutes: 60 });
    expect(res.status).toBe(201);
    excelSession = res.body.data;
  });

  it("lists with filters and limit meta", async () => {
    const all = await call("GET", "/sessions?limit=2&page=1", tok.admin);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.meta).toEqual({ total: expect.any(Number), page: 1, limit: 2, totalPages: Math.ceil(all.body.meta.total / 2) });
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      [
        ...["id", "courseId", "title", "scheduledAt", "durationMinutes", "maxParticipants", "registeredCount", "recordingEnabled", "status", "mediaRoomName", "createdAt", "updatedAt"],
        ...["seatsLeft", "registration", "deliveryMode", "place", "schedule", "timeZone"],
        ...["endsAt", "signingOpensAt", "signingClosesAt", "signingOpen"],
      ].sort(),
    );
    expect(all.body.data[0].attendancePin).toBeUndefined();

    const byCourse = await call("GET", `/sessions?courseId=${excel.id}`, tok.admin);
    expect(byCourse.body.data.map((s: { id: string }) => s.id)).toEqual([excelSession.id]);
    // learner and the 4 demo alumni (COMPLETED) count, learner2 CANCELLED does not
    expect(byCourse.body.data[0].registeredCount).toBe(5);

    const window = await call("GET", `/sessions?fromDate=${encodeURIComponent(future(199))}&toDate=${encodeURIComponent(future(250))}`, tok.admin);
    expect(window.body.data.map((s: { id: string }) => s.id)).toEqual([sstSession.id]);
    expect((await call("GET", "/sessions?status=CANCELLED", tok.admin)).body.meta.total).toBe(0);
  });

  it("400 on bad query values", async () => {
    expectValidation(await call("GET", "/sessions?limit=101", tok.admin), ["limit"]);
    expectValidation(await call("GET", "/sessions?status=DONE", tok.admin), ["status"]);
    expectValidation(await call("GET", "/sessions?fromDate=yesterday", tok.admin), ["fromDate"]);
  });

  it("a LEARNER sees only the sessions they are registered to (every ACTIVE or COMPLETED enrollee when created without participantUserIds)", async () => {
    const l2 = await call("GET", "/sessions?limit=100", tok.learner2);
    expect(l2.status).toBe(200);
    const ids = l2.body.data.map((s: { id: string }) => s.id);
    expect(ids).toContain(sstSession.id);
    expect(ids).not.toContain(excelSession.id); // learner2's Excel enrollment is CANCELLED
    expectError(await call("GET", `/sessions/${excelSession.id}`, tok.learner2), 404, "Session not found");
    const l1 = await call("GET", `/sessions/${excelSession.id}`, tok.learner);
    expect(l1.status).toBe(200);
  });

  it("mine=true: only the sessions the caller trains or whose course they created", async () => {
    const ids = async (who: "trainer" | "trainer2" | "creator") =>
      ((await call("GET", "/sessions?mine=true&limit=100", tok[who])).body.data as { id: string }[]).map((s) => s.id);
    expect(await ids("trainer")).toContain(sstSession.id);
    expect(await ids("trainer")).not.toContain(excelSession.id);
    expect(await ids("creator")).toEqual(expect.arrayContaining([sstSession.id, excelSession.id]));
    expect(await ids("trainer2")).toEqual([]);
    expectValidation(await call("GET", "/sessions?mine=yes", tok.trainer), ["mine"]);
  });

  it("detail: trainers, recordings, registeredCount; attendancePin only for ADMIN, the course's creator and the session's trainers", async () => {
    const admin = await call("GET", `/sessions/${sstSession.id}`, tok.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ id: sstSession.id, trainers: [{ id: uid.trainer, firstName: "Thomas", lastName: "Bernard" }], recordings: [], registeredCount: 3 });
    expect(admin.body.data.attendancePin).toBe(sstSession.attendancePin);
    expect((await call("GET", `/sessions/${sstSession.id}`, tok.creator)).body.data.attendancePin).toBe(sstSession.attendancePin);
    expect((await call("GET", `/sessions/${sstSession.id}`, tok.trainer)).body.data.attendancePin).toBe(sstSession.attendancePin);
    for (const who of ["trainer2", "learner", "finance"] as const) {
      const res = await call("GET", `/sessions/${sstSession.id}`, tok[who]);
      expect(res.status).toBe(200);
      expect(res.body.data).not.toHaveProperty("attendancePin");
    }
  });

  it("404 for an unknown id and for another tenant's session; 401 without a token", async () => {
    expectError(await call("GET", "/sessions/ses_doesnotexist000000000000", tok.admin), 404, "Session not found");
    expectError(await api.call("GET", `/sessions/${sstSession.id}`, { tenant: "globex", token: tok.globexAdmin }), 404);
    expectError(await call("GET", `/sessions/${sstSession.id}`), 401);
    const globexList = await api.call("GET", "/sessions", { tenant: "globex", token: tok.globexAdmin });
    expect(globexList.body.data.map((s: { id: string }) => s.id)).not.toContain(sstSession.id);
  });
});

describe("PATCH /sessions/{id}", () => {
  it("200: partial edit; a move of at most one hour sends nothing", async () => {
    const s = await create(tok.creator, { title: "Avant", trainerIds: [uid.trainer] });
    const before = (await mailsTo(api, "learner@acme.test", "session-update")).length;
    const moved = new Date(new Date(s.scheduledAt).getTime() + HOUR).toISOString();
    const res = await call("PATCH", `/sessions/${s.id}`, tok.trainer, { title: "Après", scheduledAt: moved, maxParticipants: 8, durationMinutes: 30 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.id, title: "Après", scheduledAt: moved, maxParticipants: 8, durationMinutes: 30, updatedAt: expect.any(String) });
    expect((await mailsTo(api, "learner@acme.test", "session-update")).length).toBe(before);
    const cleared = await call("PATCH", `/sessions/${s.id}`, tok.creator, { maxParticipants: null, trainerIds: [uid.trainer2] });
    expect(cleared.body.data).toMatchObject({ maxParticipants: null, trainers: [{ id: uid.trainer2 }] });
  });

  it("a move of more than one hour e-mails an update notice with SEQUENCE+1", async () => {
    // Crossing midnight, the notice would carry one event per day at the minute (schedule.ts).
    const s = await create(tok.creator, { title: "Déplacée", trainerIds: [uid.trainer], scheduledAt: morningIn(2) });
    const moved = new Date(new Date(s.scheduledAt).getTime() + HOUR + 60_000).toISOString();
    expect((await call("PATCH", `/sessions/${s.id}`, tok.creator, { scheduledAt: moved })).status).toBe(200);
    for (const to of ["learner@acme.test", "learner2@acme.test", "trainer@acme.test"]) {
      const [mail] = (await mailsTo(api, to, "session-update")).filter((m) => m.subject.includes("Déplacée"));
      expect(mail, to).toBeDefined();
      const ics = parseIcs(mail!.attachments[0]!.content);
      expect(ics.props).toMatchObject({ METHOD: "REQUEST", SEQUENCE: "1", UID: expect.stringContaining(s.id) });
      expect(fromIcsDate(ics.props.DTSTART!).getTime()).toBe(Math.floor(new Date(moved).getTime() / 1000) * 1000);
    }
  });

  it("422 past date or unknown trainer; 400 unknown field; 403 not a moderator; 404 other tenant; 409 not SCHEDULED", async () => {
    const s = await create(tok.creator);
    expectValidation(await call("PATCH", `/sessions/${s.id}`, tok.creator, { scheduledAt: future(-2) }), ["scheduledAt"], 422);
    expectValidation(await call("PATCH", `/sessions/${s.id}`, tok.creator, { trainerIds: [uid.learner] }), ["trainerIds"], 422);
    expectUnknownFields(await call("PATCH", `/sessions/${s.id}`, tok.creator, { status: "ENDED" }), ["status"]);
    expectError(await call("PATCH", `/sessions/${s.id}`, tok.trainer2, { title: "x" }), 403);
    expectError(await call("PATCH", `/sessions/${s.id}`, tok.learner, { title: "x" }), 403);
    expectError(await api.call("PATCH", `/sessions/${s.id}`, { tenant: "globex", token: tok.globexAdmin, body: { title: "x" } }), 404);
    expect((await call("POST", `/sessions/${s.id}/start`, tok.creator)).status).toBe(200);
    expectError(await call("PATCH", `/sessions/${s.id}`, tok.creator, { title: "x" }), 409);
  });
});

describe("DELETE /sessions/{id}", () => {
  it("204 no body: SCHEDULED -> CANCELLED, cancellation mails with METHOD:CANCEL", async () => {
    const s = await create(tok.creator, { title: "Annulée", trainerIds: [uid.trainer] });
    const res = await call("DELETE", `/sessions/${s.id}`, tok.trainer);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const after = await call("GET", `/sessions/${s.id}`, tok.admin);
    expect(after.body.data).toMatchObject({ status: "CANCELLED", cancelledAt: expect.any(String) });
    for (const to of ["learner@acme.test", "learner2@acme.test", "trainer@acme.test"]) {
      const [mail] = (await mailsTo(api, to, "session-cancellation")).filter((m) => m.subject.includes("Annulée"));
      expect(mail, to).toBeDefined();
      expect(mail!.attachments[0]!.filename).toBe("cancellation.ics");
      expect(parseIcs(mail!.attachments[0]!.content).props).toMatchObject({ METHOD: "CANCEL", STATUS: "CANCELLED", SEQUENCE: "1" });
    }
    expectError(await call("DELETE", `/sessions/${s.id}`, tok.creator), 409, "Session is already cancelled");
    expectError(await call("POST", `/sessions/${s.id}/start`, tok.creator), 409);
  });

  it("409 Cannot cancel a LIVE or ENDED session", async () => {
    const s = await create(tok.creator);
    expect((await call("POST", `/sessions/${s.id}/start`, tok.creator)).status).toBe(200);
    expectError(await call("DELETE", `/sessions/${s.id}`, tok.creator), 409, "Cannot cancel a LIVE or ENDED session");
    expect((await call("POST", `/sessions/${s.id}/end`, tok.creator)).status).toBe(200);
    expectError(await call("DELETE", `/sessions/${s.id}`, tok.admin), 409, "Cannot cancel a LIVE or ENDED session");
    expect((await call("GET", `/sessions/${s.id}`, tok.admin)).body.data.status).toBe("ENDED");
  });

  it("403 for a non-moderator or a role without sessions.manage; 404 cross-tenant; 401", async () => {
    const s = await create(tok.creator);
    expectError(await call("DELETE", `/sessions/${s.id}`, tok.trainer2), 403);
    expectError(await call("DELETE", `/sessions/${s.id}`, tok.learner), 403);
    expectError(await api.call("DELETE", `/sessions/${s.id}`, { tenant: "globex", token: tok.globexAdmin }), 404);
    expectError(await call("DELETE", `/sessions/${s.id}`), 401);
    expect((await call("GET", `/sessions/${s.id}`, tok.admin)).body.data.status).toBe("SCHEDULED");
  });
});
