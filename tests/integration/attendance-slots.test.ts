import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { expectError, expectUnknownFields } from "../helpers/rest";
import {
  canvasFields,
  cancelSession,
  createSession,
  enrollmentIdOf,
  expectRecord,
  expectSignedEvent,
  HOUR,
  iso,
  MINUTE,
  newLearner,
  plus,
  signaturePng,
  signatureUrlOf,
  signPin,
  startWorld,
  strokes,
  TOO_SHORT,
  type Session,
  type World,
} from "../helpers/attendance";

/** Slots: POST /qualiopi/emargement/slots/generate, GET /slots/{sessionId}, POST /slots/{slotId}/sign. */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
const PARIS = "Europe/Paris";

beforeAll(async () => {
  w = await startWorld();
}, 180_000);
afterAll(() => w?.close());

type Slot = { id: string; sessionId: string; startsAt: string; endsAt: string; label: string; position: number; signatures: unknown[] };

/** A session on a Paris calendar day `days` ahead, 11:00-15:00 local time, and that day's label. */
async function dayOfTraining(days: number): Promise<{ s: Session; date: string; at: (h: number, m?: number) => Date }> {
  const p = localParts(plus(w.now(), days * 24 * HOUR), PARIS);
  const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS);
  const s = await createSession(w, { scheduledAt: iso(at(11)), durationMinutes: 240 });
  const date = `${String(p.day).padStart(2, "0")}/${String(p.month).padStart(2, "0")}/${p.year}`;
  return { s, date, at };
}

const generate = (token: string, body: Record<string, unknown>) => w.call("POST", "/qualiopi/emargement/slots/generate", token, body);
const list = (sessionId: string, token: string) => w.call("GET", `/qualiopi/emargement/slots/${sessionId}`, token);
const signSlot = (slotId: string, token: string, body: Record<string, unknown> = (({ png: _p, ...rest }) => rest)(canvasFields())) =>
  w.call("POST", `/qualiopi/emargement/slots/${slotId}/sign`, token, body);

describe("generate and list", () => {
  it("HALF_DAY, HOURLY, FULL_SESSION (each regeneration replaces the slots); listed by start", async () => {
    const { s, date, at } = await dayOfTraining(2);
    const half = await generate(w.tok.creator, { sessionId: s.id, frequency: "HALF_DAY" });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body.data).toEqual([
      { id: expect.stringMatching(/^slt_[a-z0-9]{24}$/), sessionId: s.id, startsAt: iso(at(11)), endsAt: iso(at(13)), label: `Matin — ${date}`, position: 1, signatures: [], mySignature: null },
      { id: expect.stringMatching(/^slt_[a-z0-9]{24}$/), sessionId: s.id, startsAt: iso(at(13)), endsAt: iso(at(15)), label: `Après-midi — ${date}`, position: 2, signatures: [], mySignature: null },
    ]);

    const hourly = await generate(w.tok.admin, { sessionId: s.id, frequency: "HOURLY" });
    expect(hourly.status).toBe(201);
    expect(hourly.body.data.map((x: Slot) => [x.label, x.startsAt, x.endsAt, x.position])).toEqual([
      ["11:00–12:00", iso(at(11)), iso(at(12)), 1],
      ["12:00–13:00", iso(at(12)), iso(at(13)), 2],
      ["13:00–14:00", iso(at(13)), iso(at(14)), 3],
      ["14:00–15:00", iso(at(14)), iso(at(15)), 4],
    ]);
    const oldIds = new Set(half.body.data.map((x: Slot) => x.id));
    expect(hourly.body.data.some((x: Slot) => oldIds.has(x.id))).toBe(false);
    for (const token of [w.tok.learner, w.tok.trainer, w.tok.admin]) {
      const listed = await list(s.id, token);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual(hourly.body.data);
    }

    const full = await generate(w.tok.creator, { sessionId: s.id, frequency: "FULL_SESSION" });
    expect(full.status).toBe(201);
    expect(full.body.data).toEqual([
      { id: expect.any(String), sessionId: s.id, startsAt: iso(at(11)), endsAt: iso(at(15)), label: `Session complète — ${date} 11:00–15:00`, position: 1, signatures: [], mySignature: null },
    ]);
    expect((await list(s.id, w.tok.learner2)).body.data).toEqual(full.body.data);
  });

  it("403 for LEARNER, TRAINER, FINANCIER; 404 unknown session; 409 CANCELLED; 400 bad frequency or unknown field; 401", async () => {
    const { s } = await dayOfTraining(3);
    for (const who of ["learner", "trainer", "finance", "trainer2"] as const) expectError(await generate(w.tok[who], { sessionId: s.id, frequency: "HOURLY" }), 403);
    expectError(await generate(w.tok.admin, { sessionId: "ses_000000000000000000000000", frequency: "HOURLY" }), 404, "Session not found");
    const bad = await generate(w.tok.admin, { sessionId: s.id, frequency: "WEEKLY" });
    expectError(bad, 400);
    expect(bad.body.errors?.frequency).toBeDefined();
    expectUnknownFields(await generate(w.tok.admin, { sessionId: s.id, frequency: "HOURLY", timeZone: "UTC" }), ["timeZone"]);
    expectError(await generate("", { sessionId: s.id, frequency: "HOURLY" }), 401);
    expect((await list(s.id, w.tok.admin)).body).toEqual({ data: [] });
    expectError(await list("ses_000000000000000000000000", w.tok.admin), 404);
    expectError(await list(s.id, ""), 401);
    await cancelSession(w, s.id);
    expectError(await generate(w.tok.admin, { sessionId: s.id, frequency: "HOURLY" }), 409);
  });
});

describe("sign a slot", () => {
  it("400 before the slot starts; 201 CANVAS with slotId from its start; 422 when signed again; signatures listed per slot; 409 on regeneration", async () => {
    const { s, at } = await dayOfTraining(2);
    const slots = (await generate(w.tok.creator, { sessionId: s.id, frequency: "HALF_DAY" })).body.data as Slot[];
    const [morning, afternoon] = slots as [Slot, Slot];
    expectError(await signSlot(morning.id, w.tok.learner), 400, "Slot has not started yet");

    await w.setNow(at(11));
    const { signatureBase64, strokes: drawn, png } = canvasFields();
    const mine = await signSlot(morning.id, w.tok.learner, { signatureBase64, strokes: drawn });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expectRecord(mine.body.data, {
      sessionId: s.id,
      userId: w.uid.learner,
      enrollmentId: await enrollmentIdOf(w, w.uid.learner, w.sst.id),
      slotId: morning.id,
      method: "CANVAS",
      signedAt: iso(w.now()),
      signatureUrl: signatureUrlOf(mine.body.data.id),
    });
    await expectSignedEvent(w, mine.body.data);
    const image = await fetch(`${w.api.url}${mine.body.data.signatureUrl}`, { headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${w.tok.learner}` } });
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    expectError(await signSlot(morning.id, w.tok.learner), 422, "Slot already signed");
    expectError(await signSlot(afternoon.id, w.tok.learner), 400, "Slot has not started yet");

    await w.advance(5 * 60);
    const other = await signSlot(morning.id, w.tok.learner2);
    expect(other.status).toBe(201);
    await w.advance(5 * 60);
    const trainer = await signSlot(morning.id, w.tok.trainer);
    expect(trainer.status).toBe(201);
    expect(trainer.body.data).toMatchObject({ userId: w.uid.trainer, enrollmentId: null, slotId: morning.id, method: "CANVAS" });
    // the session-level signature is separate from the slots
    const sessionLevel = await signPin(w, s.id, w.tok.learner);
    expect(sessionLevel.slotId).toBeNull();

    await w.setNow(at(13, 5));
    const pm = await signSlot(afternoon.id, w.tok.learner);
    expect(pm.status).toBe(201);

    const staff = await list(s.id, w.tok.trainer);
    expect(staff.status).toBe(200);
    expect(staff.body.data.map((x: Slot) => x.id)).toEqual([morning.id, afternoon.id]);
    expect(staff.body.data[0].signatures).toEqual([
      { id: mine.body.data.id, userId: w.uid.learner, firstName: "Léa", lastName: "Petit", method: "CANVAS", signedAt: mine.body.data.signedAt, role: "LEARNER" },
      { id: other.body.data.id, userId: w.uid.learner2, firstName: "Lucas", lastName: "Moreau", method: "CANVAS", signedAt: other.body.data.signedAt, role: "LEARNER" },
      { id: trainer.body.data.id, userId: w.uid.trainer, firstName: "Thomas", lastName: "Bernard", method: "CANVAS", signedAt: trainer.body.data.signedAt, role: "TRAINER" },
    ]);
    expect(staff.body.data[1].signatures.map((x: { id: string }) => x.id)).toEqual([pm.body.data.id]);
    // a learner sees their own signatures only
    const own = await list(s.id, w.tok.learner2);
    expect(own.body.data[0].signatures.map((x: { id: string }) => x.id)).toEqual([other.body.data.id]);
    expect(own.body.data[1].signatures).toEqual([]);

    expectError(await generate(w.tok.admin, { sessionId: s.id, frequency: "HOURLY" }), 409);
    expect((await list(s.id, w.tok.admin)).body.data.map((x: Slot) => x.id)).toEqual([morning.id, afternoon.id]);
  });

  it("403 for FINANCIER and a learner without enrollment; 404 unknown slot; 422 short signature; 400 unknown field; 401", async () => {
    const { s, at } = await dayOfTraining(4);
    const [slot] = (await generate(w.tok.admin, { sessionId: s.id, frequency: "FULL_SESSION" })).body.data as Slot[];
    await w.setNow(plus(at(11), MINUTE));
    const outsider = await newLearner(w, { enroll: false });
    expectError(await signSlot(slot!.id, w.tok.finance), 403);
    expectError(await signSlot(slot!.id, outsider.token), 403);
    expectError(await signSlot("slt_000000000000000000000000", w.tok.learner), 404);
    const short = await signSlot(slot!.id, w.tok.learner, { signatureBase64: signaturePng().dataUrl, strokes: strokes(29) });
    expectError(short, 422, TOO_SHORT);
    expectUnknownFields(await signSlot(slot!.id, w.tok.learner, { signatureBase64: signaturePng().dataUrl, strokes: strokes(40), method: "PIN" }), ["method"]);
    expectError(await signSlot(slot!.id, ""), 401);
    expect((await signSlot(slot!.id, w.tok.learner)).status).toBe(201);
  });
});
