import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { attendanceReminders } from "../../server/db/schema";
import { enqueue } from "../../server/jobs/queue";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { drainJobs } from "../helpers/jobs";
import { expectError, expectUnknownFields } from "../helpers/rest";
import {
  cancelSession,
  createSession,
  generateQr,
  HOUR,
  iso,
  MINUTE,
  newLearner,
  pinOf,
  plus,
  registerTo,
  startWorld,
  withEnv,
  type Learner,
  type Session,
  type World,
} from "../helpers/attendance";
import { mailsTo } from "../helpers/sessions";

/**
 * Issue #10 items 5, 6 and 8 on the REST surface: the short QR URL, slot signing by PIN/QR,
 * GET /emargement/me/open (the learner's "sign now"), and the attendance reminders (the
 * `attendance.reminders` job with the manual clock, the trainer's manual reminder, the log).
 */
vi.setConfig({ testTimeout: 120_000 });
let w: World;
const PARIS = "Europe/Paris";
const SHORT = /^[A-Za-z0-9_-]{22}$/;

beforeAll(async () => {
  w = await startWorld();
}, 180_000);
afterAll(() => w?.close());

type Slot = { id: string; startsAt: string; endsAt: string; label: string; mySignature: { id: string; method: string; signedAt: string } | null };

/** A session 1 day ahead, 10:00–12:00 Paris time, with two HOURLY slots. */
async function slottedSession(days = 1, over: Record<string, unknown> = {}): Promise<{ s: Session; slots: Slot[]; at: (h: number, m?: number) => Date }> {
  const p = localParts(plus(w.now(), days * 24 * HOUR), PARIS);
  const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS);
  const s = await createSession(w, { scheduledAt: iso(at(10)), durationMinutes: 120, ...over });
  const gen = await w.call("POST", "/qualiopi/emargement/slots/generate", w.tok.creator, { sessionId: s.id, frequency: "HOURLY" });
  expect(gen.status, JSON.stringify(gen.body)).toBe(201);
  expect(gen.body.data).toHaveLength(2);
  return { s, slots: gen.body.data, at };
}

const shortIdOf = (signUrl: string) => new URL(signUrl).pathname.split("/")[2]!;

describe("short QR", () => {
  it("signUrl is https://{tenant host}/q/{22-character id}, under 80 characters; the id signs once, like the JWT", async () => {
    const { s, at } = await slottedSession(3);
    await w.setNow(at(10, 5));
    const qr = await generateQr(w, s.id);
    const url = new URL(qr.signUrl);
    expect(url.hostname.startsWith("acme.")).toBe(true);
    expect(url.pathname).toMatch(/^\/q\/[A-Za-z0-9_-]{22}$/);
    expect(url.search).toBe("");
    expect(qr.signUrl.length).toBeLessThan(80);
    // the id is the JWT's jti: both stand for one server-side token
    const id = shortIdOf(qr.signUrl);
    expect(id).toMatch(SHORT);
    expect(JSON.parse(Buffer.from(qr.qrToken.split(".")[1]!, "base64url").toString()).jti).toBe(id);

    // the signing page names the session before signing: GET /emargement/qr/{qrToken}, for either form, without using the token
    for (const form of [id, qr.qrToken]) {
      const named = await w.call("GET", `/emargement/qr/${encodeURIComponent(form)}`, w.tok.learner);
      expect(named.status, JSON.stringify(named.body)).toBe(200);
      expect(named.body.data).toEqual({ sessionId: s.id });
    }
    expectError(await w.call("GET", `/emargement/qr/${"B".repeat(22)}`, w.tok.learner), 422, "Invalid QR token");
    expectError(await w.api.call("GET", `/emargement/qr/${id}`, { tenant: "globex", token: w.tok.globexLearner }), 422, "Invalid QR token");
    expectError(await w.call("GET", `/emargement/qr/${id}`), 401);

    const res = await w.call("POST", "/emargement/sign/qr", w.tok.learner, { qrToken: id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ sessionId: s.id, userId: w.uid.learner, method: "QR", slotId: null, signedAt: iso(w.now()) });
    // single use, whichever form is presented next
    expectError(await w.call("POST", "/emargement/sign/qr", w.tok.learner2, { qrToken: id }), 422, "QR token already used");
    expectError(await w.call("POST", "/emargement/sign/qr", w.tok.learner2, { qrToken: qr.qrToken }), 422, "QR token already used");
    // qr-validate takes the id too (its own codes: 400 for a used token)
    const other = await generateQr(w, s.id);
    const validated = await w.call("POST", "/qualiopi/emargement/qr-validate", w.tok.learner2, { qrToken: shortIdOf(other.signUrl) });
    expect(validated.status, JSON.stringify(validated.body)).toBe(201);
    expect(validated.body.data).toMatchObject({ method: "QR_CODE", userId: w.uid.learner2 });
    const third = await newLearner(w);
    await registerTo(w, s.id, [third]);
    expectError(await w.call("POST", "/qualiopi/emargement/qr-validate", third.token, { qrToken: shortIdOf(other.signUrl) }), 400, "QR token already used");
  });

  it("expiry: 410 on /emargement/sign/qr, 400 on qr-validate; unknown id 422; another tenant's id 422; another session's id refused", async () => {
    const { s, at } = await slottedSession(4);
    await w.setNow(at(10, 5));
    const qr = await generateQr(w, s.id);
    const id = shortIdOf(qr.signUrl);
    await w.advance(301);
    expectError(await w.call("POST", "/emargement/sign/qr", w.tok.learner, { qrToken: id }), 410, "QR token expired");
    expectError(await w.call("POST", "/qualiopi/emargement/qr-validate", w.tok.learner, { qrToken: id }), 400, "QR token expired");
    expectError(await w.call("GET", `/emargement/qr/${id}`, w.tok.learner), 410, "QR token expired");
    expectError(await w.call("POST", "/emargement/sign/qr", w.tok.learner, { qrToken: "A".repeat(22) }), 422, "Invalid QR token");

    // globex's token id, presented in acme: unknown here
    const g = await w.api.call("POST", "/sessions", {
      tenant: "globex",
      token: w.tok.globexCreator,
      body: { courseId: w.globexSst.id, title: "Globex live", scheduledAt: iso(plus(w.now(), 10 * MINUTE)), durationMinutes: 60 },
    });
    expect(g.status).toBe(201);
    const gq = await generateQr(w, g.body.data.id, w.tok.globexCreator, "globex");
    expect(new URL(gq.signUrl).hostname.startsWith("globex.")).toBe(true);
    expectError(await w.call("POST", "/emargement/sign/qr", w.tok.learner, { qrToken: shortIdOf(gq.signUrl) }), 422, "Invalid QR token");

    // bound to its session: used on another session's sign operation, refused and not consumed
    const fresh = await generateQr(w, s.id);
    const other = await createSession(w, { scheduledAt: iso(plus(w.now(), 5 * MINUTE)) });
    expectError(await w.call("POST", `/emargement/${other.id}/sign`, w.tok.learner, { method: "QR", qrToken: shortIdOf(fresh.signUrl) }), 422, "Invalid QR token");
    const ok = await w.call("POST", `/emargement/${s.id}/sign`, w.tok.learner, { method: "QR", qrToken: shortIdOf(fresh.signUrl) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});

describe("slot signing by PIN and QR (slotId)", () => {
  it("400 before the slot starts, 201 with slotId, 422 again, 404 for another session's slot; mySignature per slot", async () => {
    const { s, slots, at } = await slottedSession(5);
    const pin = await pinOf(w, s.id);
    await w.setNow(at(9, 45)); // signing is open, the first slot has not started
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slotId: slots[0]!.id }), 400, "Slot has not started yet");
    await w.setNow(at(10, 2));
    const res = await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slotId: slots[0]!.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ sessionId: s.id, userId: w.uid.learner, method: "PIN", slotId: slots[0]!.id, signedAt: iso(w.now()) });
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slotId: slots[0]!.id }), 422, "Attendance already signed");
    // the second slot is still to sign
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slotId: slots[1]!.id }), 400, "Slot has not started yet");
    const elsewhere = await slottedSession(6);
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slotId: elsewhere.slots[0]!.id }), 404, "Slot not found");
    // QR for the slot, by learner2
    const qr = await generateQr(w, s.id);
    const byQr = await w.call("POST", "/emargement/sign/qr", w.tok.learner2, { qrToken: shortIdOf(qr.signUrl), slotId: slots[0]!.id });
    expect(byQr.status, JSON.stringify(byQr.body)).toBe(201);
    expect(byQr.body.data.slotId).toBe(slots[0]!.id);
    expectUnknownFields(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, slot: "x" }), ["slot"]);

    const mine = await w.call("GET", `/qualiopi/emargement/slots/${s.id}`, w.tok.learner);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((x: Slot) => x.mySignature)).toEqual([{ id: res.body.data.id, method: "PIN", signedAt: res.body.data.signedAt }, null]);
    // staff see every signature; their own mySignature is null (they did not sign)
    const staff = await w.call("GET", `/qualiopi/emargement/slots/${s.id}`, w.tok.trainer);
    expect(staff.body.data[0].signatures.map((x: { userId: string }) => x.userId).sort()).toEqual([w.uid.learner, w.uid.learner2].sort());
    expect(staff.body.data[0].mySignature).toBeNull();
  });
});

describe("who signs: the spec's rule (enrolled in the course), and registration LIST", () => {
  it("a session created with the spec's body (registration AUTO): a learner enrolled after it was planned signs by PIN (201)", async () => {
    const { s, at } = await slottedSession(4);
    expect((await w.call("GET", `/sessions/${s.id}`, w.tok.trainer)).body.data.registration).toBe("AUTO");
    const l = await newLearner(w); // enrolled now, after the session exists; no registration call
    await w.setNow(at(10, 5));
    const open = await w.call("GET", "/emargement/me/open", l.token);
    expect(open.body.data.map((o: { session: { id: string } }) => o.session.id)).toContain(s.id);
    const signed = await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: s.id, pin: await pinOf(w, s.id) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({ userId: l.userId, enrollmentId: l.enrollmentId, method: "PIN" });
    // The roster (API, trainer's screen and sheet) expects them too.
    const roster = await w.call("GET", `/qualiopi/emargement/${s.id}`, w.tok.trainer);
    expect(roster.body.data.learners.map((x: { userId: string }) => x.userId)).toContain(l.userId);
  });

  it("registration LIST: an enrollee who is not registered gets 403 NOT_A_PARTICIPANT by PIN and QR and 422 on qr-validate; once registered, signs", async () => {
    const { s, at } = await slottedSession(5, { registration: "LIST" });
    const l = await newLearner(w); // enrolled after the session was created: not registered
    await w.setNow(at(10, 5));
    const pin = await pinOf(w, s.id);
    const byPin = await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: s.id, pin });
    expectError(byPin, 403);
    expect(byPin.body.code).toBe("NOT_A_PARTICIPANT");
    const qr = await generateQr(w, s.id);
    const byQr = await w.call("POST", "/emargement/sign/qr", l.token, { qrToken: shortIdOf(qr.signUrl) });
    expectError(byQr, 403);
    expect(byQr.body.code).toBe("NOT_A_PARTICIPANT");
    expectError(await w.call("POST", "/qualiopi/emargement/qr-validate", l.token, { qrToken: shortIdOf(qr.signUrl) }), 422);
    const open = await w.call("GET", "/emargement/me/open", l.token);
    expect(open.body.data.map((o: { session: { id: string } }) => o.session.id)).not.toContain(s.id);
    await registerTo(w, s.id, [l]);
    const signed = await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: s.id, pin });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({ userId: l.userId, method: "PIN" });
  });
});

describe("GET /emargement/me/open", () => {
  it("the open session at the top with the slot in progress; signature once signed; nothing for a learner outside the course", async () => {
    const { s, slots, at } = await slottedSession(7);
    const later = await createSession(w, { scheduledAt: iso(at(10, 20)), durationMinutes: 60 }); // no slots, opens 09:50
    const l = await newLearner(w);
    const outsider = await newLearner(w, { enroll: false });
    await registerTo(w, s.id, [l]);
    await registerTo(w, later.id, [l]);
    await w.setNow(at(10, 30));
    const res = await w.call("GET", "/emargement/me/open", l.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ours = res.body.data.filter((o: { session: { id: string } }) => [s.id, later.id].includes(o.session.id));
    expect(ours).toEqual([
      {
        session: {
          id: s.id,
          title: s.title,
          status: "SCHEDULED",
          scheduledAt: iso(at(10)),
          durationMinutes: 120,
          // the window the sign endpoints apply (signing-window.ts), and what the learner's card shows
          endsAt: iso(at(12)),
          signingOpensAt: iso(at(9, 30)),
          signingClosesAt: iso(at(14)),
          signingOpen: true,
          deliveryMode: "REMOTE",
          place: null,
          schedule: [expect.objectContaining({ ranges: [{ start: "10:00", end: "12:00" }] })],
        },
        slot: { id: slots[0]!.id, label: slots[0]!.label, startsAt: iso(at(10)), endsAt: iso(at(11)), inProgress: true },
        nextSlotStartsAt: null,
        signature: null,
      },
      {
        session: expect.objectContaining({ id: later.id, title: later.title, status: "SCHEDULED", scheduledAt: iso(at(10, 20)), durationMinutes: 60, signingOpensAt: iso(at(9, 50)), signingOpen: true }),
        slot: null,
        nextSlotStartsAt: null,
        signature: null,
      },
    ]);
    const signed = await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: s.id, pin: await pinOf(w, s.id), slotId: slots[0]!.id });
    expect(signed.status).toBe(201);
    const after = (await w.call("GET", "/emargement/me/open", l.token)).body.data.find((o: { session: { id: string } }) => o.session.id === s.id);
    expect(after.signature).toEqual({ id: signed.body.data.id, method: "PIN", signedAt: signed.body.data.signedAt });
    // the next slot: a new signature to give
    await w.setNow(at(11, 1));
    const next = (await w.call("GET", "/emargement/me/open", l.token)).body.data.find((o: { session: { id: string } }) => o.session.id === s.id);
    expect(next.slot.id).toBe(slots[1]!.id);
    expect(next.signature).toBeNull();
    expect((await w.call("GET", "/emargement/me/open", outsider.token)).body.data.filter((o: { session: { id: string } }) => o.session.id === s.id)).toEqual([]);
    expectError(await w.call("GET", "/emargement/me/open"), 401);
  });
});

describe("attendance reminders", () => {
  const runScan = async () => {
    await enqueue(w.api.db, "attendance.reminders", {});
    await drainJobs(w.api.db, { only: ["attendance.reminders"] });
  };
  const logOf = async (sessionId: string) => {
    const res = await w.call("GET", `/qualiopi/emargement/${sessionId}/reminders`, w.tok.trainer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; slotId: string | null; userId: string; kind: string; sentBy: string | null; mailId: string | null; email: string }[];
  };
  const expectedOf = async (sessionId: string) => {
    const res = await w.call("GET", `/qualiopi/emargement/${sessionId}`, w.tok.trainer);
    return (res.body.data.learners as { userId: string; email: string }[]).map((l) => l.userId).sort();
  };

  it("slot opening then closing: once per slot, learner and kind; none to who signed; the mail has the signing link", async () => {
    const { s, slots, at } = await slottedSession(8);
    const l: Learner = await newLearner(w, { firstName: "Rappel" });
    await registerTo(w, s.id, [l]);
    const expected = await expectedOf(s.id);
    expect(expected).toContain(l.userId);
    await w.setNow(at(9, 59));
    await runScan();
    expect(await logOf(s.id)).toEqual([]);

    await w.setNow(at(10, 0));
    await runScan();
    await runScan(); // at least once: a second run sends nothing more
    let log = await logOf(s.id);
    expect(log.map((r) => r.userId).sort()).toEqual(expected);
    expect(new Set(log.map((r) => `${r.kind}:${r.slotId}:${r.sentBy}`))).toEqual(new Set([`SLOT_OPEN:${slots[0]!.id}:null`]));
    expect(log.every((r) => r.mailId?.startsWith("mail_"))).toBe(true);
    const mails = await mailsTo(w.api, l.email, "attendance-reminder");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Signez votre présence\u202f: ${s.title}`);
    expect(mails[0]!.text).toContain("Bonjour Rappel");
    expect(mails[0]!.text).toContain("10:00–11:00"); // Paris time
    expect(mails[0]!.text).toContain(`/sessions/${s.id}/sign`);

    // the learner signs; 15 minutes before the slot ends, only the others get the closing reminder
    const pin = await pinOf(w, s.id);
    expect((await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: s.id, pin, slotId: slots[0]!.id })).status).toBe(201);
    await w.setNow(at(10, 45));
    await runScan();
    log = await logOf(s.id);
    const closing = log.filter((r) => r.kind === "SLOT_CLOSING");
    expect(closing.map((r) => r.userId).sort()).toEqual(expected.filter((u) => u !== l.userId));
    expect(closing.every((r) => r.slotId === slots[0]!.id)).toBe(true);
    expect(await mailsTo(w.api, l.email, "attendance-reminder")).toHaveLength(1);
    const lastCall = (await mailsTo(w.api, "learner@acme.test", "attendance-reminder")).find((m) => m.text.includes(s.title) && m.subject.startsWith("Dernier rappel"));
    expect(lastCall?.text).toContain("Le créneau se termine bientôt");

    // the second slot opens: its own SLOT_OPEN to everyone who has not signed it (the learner too)
    await w.setNow(at(11, 0));
    await runScan();
    const second = (await logOf(s.id)).filter((r) => r.slotId === slots[1]!.id);
    expect(second.map((r) => r.userId).sort()).toEqual(expected);
    expect(new Set(second.map((r) => r.kind))).toEqual(new Set(["SLOT_OPEN"]));
    // after the end: nothing more
    await w.setNow(at(12, 5));
    await runScan();
    expect((await logOf(s.id)).length).toBe(log.length + second.length);
  });

  it("offsets from the environment; a session without slots is reminded as a whole; never for a CANCELLED session", async () => {
    const p = localParts(plus(w.now(), 9 * 24 * HOUR), PARIS);
    const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS);
    const whole = await createSession(w, { scheduledAt: iso(at(14)), durationMinutes: 60 });
    const cancelled = await createSession(w, { scheduledAt: iso(at(14)), durationMinutes: 60 });
    await cancelSession(w, cancelled.id);
    await withEnv({ ATTENDANCE_REMINDER_OPEN_MINUTES: "5", ATTENDANCE_REMINDER_CLOSING_MINUTES: "30" }, async () => {
      await w.setNow(at(14, 4));
      await runScan();
      expect(await logOf(whole.id)).toEqual([]);
      await w.setNow(at(14, 5));
      await runScan();
      const open = await logOf(whole.id);
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((r) => r.kind === "SLOT_OPEN" && r.slotId === null)).toBe(true);
      await w.setNow(at(14, 30));
      await runScan();
      expect((await logOf(whole.id)).filter((r) => r.kind === "SLOT_CLOSING")).toHaveLength(open.length);
    });
    const adminLog = await w.call("GET", `/qualiopi/emargement/${cancelled.id}/reminders`, w.tok.admin);
    expect(adminLog.body.data).toEqual([]);
  });

  it("POST /qualiopi/emargement/{sessionId}/reminders: MANUAL to the unsigned now, as often as asked; roles, 409, 400, 404 cross-tenant", async () => {
    const { s, slots, at } = await slottedSession(10);
    const expected = await expectedOf(s.id);
    const url = `/qualiopi/emargement/${s.id}/reminders`;
    await w.setNow(at(9, 40));
    expectError(await w.call("POST", url, w.tok.trainer, {}), 400, "Slot has not started yet");
    await w.setNow(at(10, 20));
    expect((await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin: await pinOf(w, s.id), slotId: slots[0]!.id })).status).toBe(201);
    const res = await w.call("POST", url, w.tok.trainer, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ sent: expected.length - 1, slotId: slots[0]!.id, kind: "MANUAL" });
    const again = await w.call("POST", url, w.tok.admin, { slotId: slots[0]!.id });
    expect(again.body.data.sent).toBe(expected.length - 1);
    const log = await logOf(s.id);
    const manual = log.filter((r) => r.kind === "MANUAL");
    expect(manual).toHaveLength(2 * (expected.length - 1));
    expect(manual.some((r) => r.userId === w.uid.learner)).toBe(false);
    expect(new Set(manual.map((r) => r.sentBy))).toEqual(new Set([w.uid.trainer, w.uid.admin]));
    expect(log[0]).toEqual({
      id: expect.stringMatching(/^rmd_[a-z0-9]{24}$/),
      sessionId: s.id,
      slotId: slots[0]!.id,
      userId: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
      kind: "MANUAL",
      sentBy: expect.any(String),
      mailId: expect.stringMatching(/^mail_/),
      createdAt: expect.any(String),
    });
    expect((await mailsTo(w.api, "learner2@acme.test", "attendance-reminder")).filter((m) => m.text.includes(s.title)).length).toBeGreaterThanOrEqual(2);

    // the course's creator may; learners, FINANCIER and a trainer not on the session may not
    expect((await w.call("POST", url, w.tok.creator, {})).status).toBe(201);
    for (const who of ["learner", "finance", "trainer2"] as const) {
      expectError(await w.call("POST", url, w.tok[who], {}), 403);
      expectError(await w.call("GET", url, w.tok[who]), 403);
    }
    expectError(await w.call("POST", url, undefined, {}), 401);
    // another session's slot, another tenant, unknown field
    const elsewhere = await slottedSession(11);
    expectError(await w.call("POST", url, w.tok.trainer, { slotId: elsewhere.slots[0]!.id }), 404, "Slot not found");
    expectError(await w.api.call("POST", url, { tenant: "globex", token: w.tok.globexAdmin, body: {} }), 404);
    expectError(await w.api.call("GET", url, { tenant: "globex", token: w.tok.globexAdmin }), 404);
    expectUnknownFields(await w.call("POST", url, w.tok.trainer, { slot: "x" }), ["slot"]);
    // after signing closes (2 h after the end), and for a cancelled session: 409
    await w.setNow(at(14, 5));
    expectError(await w.call("POST", url, w.tok.trainer, {}), 409);
    const c = await createSession(w, { scheduledAt: iso(plus(w.now(), 10 * MINUTE)) });
    await cancelSession(w, c.id);
    expectError(await w.call("POST", `/qualiopi/emargement/${c.id}/reminders`, w.tok.trainer, {}), 409);
    const rows = await w.api.db.select().from(attendanceReminders).where(and(eq(attendanceReminders.tenantId, w.acmeId), eq(attendanceReminders.sessionId, c.id)));
    expect(rows).toEqual([]);
  });
});
