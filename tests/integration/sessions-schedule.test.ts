import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, expectUnknownFields, tenantBySlug, userIdOf } from "../helpers/rest";
import { courseOf, fromIcsDate, mailsTo, parseIcs, SST } from "../helpers/sessions";
import { pdfText } from "../helpers/documents";
import { canvasFields } from "../helpers/attendance";
import { tokenFor } from "../factories";
import { manualClock, setClock } from "../../server/lib/clock";
import { zonedTimeToUtc } from "../../server/lib/time-zone";
import { scheduleMinutes } from "../../server/services/sessions/schedule";

let api: TestApi;
const tok = {} as Record<"admin" | "creator" | "trainer" | "learner" | "finance" | "globexAdmin", string>;
const uid = {} as Record<"trainer" | "learner", string>;
let sst: { id: string };

const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });
const PLACE = { name: "Acme Formation", room: "Salle Lavoisier", address: "12 rue des Arts, 75003 Paris" };
const PLACE_TEXT = "Acme Formation — Salle Lavoisier, 12 rue des Arts, 75003 Paris";
const DAY_RANGES = [
  { start: "09:00", end: "12:30" },
  { start: "13:30", end: "17:00" },
];

/**
 * Next year's Europe/Paris spring-forward (last Sunday of March): the Friday before is in winter
 * time (UTC+1), the Monday after in summer time (UTC+2).
 */
function dstWeek() {
  const year = new Date().getUTCFullYear() + 1;
  const lastSunday = 31 - new Date(Date.UTC(year, 2, 31)).getUTCDay();
  const ymd = (d: number) => `${year}-03-${String(d).padStart(2, "0")}`;
  return { year, friday: ymd(lastSunday - 2), monday: lastSunday + 1 <= 31 ? ymd(lastSunday + 1) : `${year}-04-01`, fridayDay: lastSunday - 2 };
}
const W = dstWeek();
const twoDays = [
  { date: W.friday, ranges: DAY_RANGES },
  { date: W.monday, ranges: DAY_RANGES },
];
const paris = (date: string, hh: number, mm: number) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return zonedTimeToUtc(y, m, d, hh, mm, "Europe/Paris");
};
/** A local date `days` ahead (UTC calendar; far enough to be in the future in Paris). */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const presential = (body: Record<string, unknown> = {}) =>
  call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "SST en salle", deliveryMode: "PRESENTIAL", place: PLACE, schedule: twoDays, ...body });

beforeAll(async () => {
  api = await startApi({ demo: true });
  for (const l of ["admin", "creator", "trainer", "learner", "finance"] as const) tok[l] = await tokenFor(api, "acme", l);
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  uid.trainer = await userIdOf(api, "trainer@acme.test");
  uid.learner = await userIdOf(api, "learner@acme.test");
  sst = await courseOf(api, "acme", SST);
  await tenantBySlug(api, "acme");
});
afterEach(() => setClock(null));
afterAll(() => api.close());

describe("POST /sessions with a schedule and a place", () => {
  it("201: scheduledAt is the first range's start (DST-correct), durationMinutes the sum, one slot per range", async () => {
    const res = await presential({ maxParticipants: 12, trainerIds: [uid.trainer] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      deliveryMode: "PRESENTIAL",
      place: { name: "Acme Formation", room: "Salle Lavoisier", address: "12 rue des Arts, 75003 Paris" },
      schedule: twoDays,
      timeZone: "Europe/Paris",
      scheduledAt: paris(W.friday, 9, 0).toISOString(),
      durationMinutes: 4 * 210,
      maxParticipants: 12,
      registeredCount: 3,
      seatsLeft: 9,
    });
    // Winter time on Friday (08:00Z), summer time on Monday (07:00Z).
    expect(s.scheduledAt).toBe(`${W.friday}T08:00:00.000Z`);
    expect(scheduleMinutes(twoDays)).toBe(840);

    const slots = await call("GET", `/qualiopi/emargement/slots/${s.id}`, tok.admin);
    expect(slots.status).toBe(200);
    const rows = slots.body.data as { label: string; startsAt: string; endsAt: string; position: number }[];
    expect(rows.map((r) => [r.startsAt, r.endsAt])).toEqual([
      [`${W.friday}T08:00:00.000Z`, `${W.friday}T11:30:00.000Z`],
      [`${W.friday}T12:30:00.000Z`, `${W.friday}T16:00:00.000Z`],
      [paris(W.monday, 9, 0).toISOString(), paris(W.monday, 12, 30).toISOString()],
      [paris(W.monday, 13, 30).toISOString(), paris(W.monday, 17, 0).toISOString()],
    ]);
    expect(paris(W.monday, 9, 0).toISOString()).toBe(`${W.monday}T07:00:00.000Z`);
    expect(rows[0]!.label).toBe(`Ven. ${W.fridayDay} mars · 09:00–12:30`);
    expect(rows[3]!.label).toMatch(/^Lun\. \d+ (mars|avr\.) · 13:30–17:00$/);

    const detail = await call("GET", `/sessions/${s.id}`, tok.learner);
    expect(detail.body.data).toMatchObject({ deliveryMode: "PRESENTIAL", schedule: twoDays, place: { room: "Salle Lavoisier" } });
  });

  it("scheduledAt and durationMinutes may repeat the schedule; disagreeing values are 422 naming the field", async () => {
    const ok = await presential({ scheduledAt: paris(W.friday, 9, 0).toISOString(), durationMinutes: 840 });
    expect(ok.status).toBe(201);
    const bad = await presential({ scheduledAt: paris(W.friday, 10, 0).toISOString(), durationMinutes: 60 });
    expectError(bad, 422);
    expect(bad.body.errors).toEqual({ scheduledAt: ["Must equal the schedule's first start"], durationMinutes: ["Must equal the sum of the schedule's ranges"] });
  });

  it("422 for every schedule rule, naming the field", async () => {
    const day = ahead(20);
    const next = ahead(21);
    const cases: [unknown, string][] = [
      [[{ date: day, ranges: [{ start: "9:00", end: "12:00" }] }], "schedule.0.ranges.0.start"],
      [[{ date: day, ranges: [{ start: "12:00", end: "09:00" }] }], "schedule.0.ranges.0.end"],
      [[{ date: day, ranges: [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] }], "schedule.0.ranges.1.start"],
      [[{ date: next, ranges: DAY_RANGES }, { date: day, ranges: DAY_RANGES }], "schedule.1.date"],
      [[{ date: day, ranges: DAY_RANGES }, { date: day, ranges: DAY_RANGES }], "schedule.1.date"],
      [[{ date: `${W.year}-02-30`, ranges: DAY_RANGES }], "schedule.0.date"],
      [[{ date: "25/12/2030", ranges: DAY_RANGES }], "schedule.0.date"],
      [[{ date: day, ranges: [] }], "schedule.0.ranges"],
      [[], "schedule"],
      [[{ date: day, ranges: Array.from({ length: 7 }, (_, i) => ({ start: `0${i + 1}:00`, end: `0${i + 1}:30` })) }], "schedule.0.ranges"],
      [Array.from({ length: 32 }, (_, i) => ({ date: ahead(30 + i), ranges: DAY_RANGES })), "schedule"],
      [[{ date: "2020-01-06", ranges: DAY_RANGES }], "schedule.0.ranges.0.start"],
    ];
    for (const [schedule, field] of cases) {
      const res = await presential({ schedule });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    // past first range: the spec's "scheduledAt (future)"
    const past = await presential({ schedule: [{ date: "2020-01-06", ranges: DAY_RANGES }] });
    expect(past.body.errors["schedule.0.ranges.0.start"]).toEqual(["Must be in the future"]);
    expectUnknownFields(await presential({ schedule: [{ date: day, ranges: [{ start: "09:00", end: "10:00", note: "x" }] }] }), ["schedule.0.ranges.0.note"]);
  });

  it("without a schedule: scheduledAt and durationMinutes are required (422); REMOTE by default with its derived single day", async () => {
    const missing = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "Sans horaire" });
    expectError(missing, 422);
    expect(Object.keys(missing.body.errors)).toContain("scheduledAt");
    const at = paris(ahead(10), 14, 0);
    const res = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "À distance", scheduledAt: at.toISOString(), durationMinutes: 90 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ deliveryMode: "REMOTE", place: null, schedule: [{ date: ahead(10), ranges: [{ start: "14:00", end: "15:30" }] }], timeZone: "Europe/Paris", seatsLeft: null });
    const slots = await call("GET", `/qualiopi/emargement/slots/${res.body.data.id}`, tok.admin);
    expect(slots.body.data).toEqual([]); // slots of a session without a schedule come from slots/generate, as before
  });

  it("place: required for PRESENTIAL and HYBRID, refused for REMOTE (422 errors.place); HYBRID has a video room, PRESENTIAL none (409)", async () => {
    expect((await presential({ place: undefined })).body.errors).toEqual({ place: ["Required for a PRESENTIAL or HYBRID session"] });
    expect((await presential({ deliveryMode: "HYBRID", place: null })).status).toBe(422);
    expect((await presential({ deliveryMode: "REMOTE" })).body.errors).toEqual({ place: ["A REMOTE session has no place"] });
    expect((await presential({ place: { name: "", address: "x" } })).body.errors).toHaveProperty("place.name");
    expectError(await presential({ deliveryMode: "ONLINE" }), 422);

    const room = (await presential()).body.data;
    const noVideo = await call("POST", `/sessions/${room.id}/token`, tok.learner);
    expectError(noVideo, 409);
    expect(noVideo.body.code).toBe("SESSION_NO_VIDEO_ROOM");
    const hybrid = (await presential({ deliveryMode: "HYBRID" })).body.data;
    expect(hybrid).toMatchObject({ deliveryMode: "HYBRID", place: { name: "Acme Formation" } });
    const token = await call("POST", `/sessions/${hybrid.id}/token`, tok.learner);
    expect(token.status).toBe(200);
    expect(token.body.data.roomName).toBe(hybrid.mediaRoomName);
  });

  it("403 for a role without sessions.manage, 404 for another tenant's course", async () => {
    expectError(await call("POST", "/sessions", tok.learner, { courseId: sst.id, title: "x", schedule: twoDays, deliveryMode: "PRESENTIAL", place: PLACE }), 403);
    expectError(await call("POST", "/sessions", tok.finance, { courseId: sst.id, title: "x", schedule: twoDays, deliveryMode: "PRESENTIAL", place: PLACE }), 403);
    expectError(await api.call("POST", "/sessions", { tenant: "globex", token: tok.globexAdmin, body: { courseId: sst.id, title: "x", schedule: twoDays, deliveryMode: "PRESENTIAL", place: PLACE } }), 404);
  });
});

describe("PATCH /sessions/{id}: mode, place, schedule", () => {
  it("a new schedule moves the times and replaces the slots; scheduledAt alone on a scheduled session is 422", async () => {
    const s = (await presential()).body.data;
    const oneDay = [{ date: W.monday, ranges: [{ start: "08:30", end: "12:00" }] }];
    const res = await call("PATCH", `/sessions/${s.id}`, tok.admin, { schedule: oneDay });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ schedule: oneDay, durationMinutes: 210, scheduledAt: paris(W.monday, 8, 30).toISOString() });
    const slots = (await call("GET", `/qualiopi/emargement/slots/${s.id}`, tok.admin)).body.data as { label: string }[];
    expect(slots).toHaveLength(1);
    expect(slots[0]!.label).toMatch(/ · 08:30–12:00$/);
    const alone = await call("PATCH", `/sessions/${s.id}`, tok.admin, { scheduledAt: paris(W.monday, 10, 0).toISOString() });
    expectError(alone, 422);
    expect(alone.body.errors).toEqual({ schedule: ["Required"] });
    expect(Object.keys((await call("PATCH", `/sessions/${s.id}`, tok.admin, { schedule: [{ date: W.monday, ranges: [{ start: "10:00", end: "09:00" }] }] })).body.errors ?? {})).toContain(
      "schedule.0.ranges.0.end",
    );
  });

  it("switching to REMOTE clears the place; back to PRESENTIAL needs one (422); cross-tenant 404, learner 403", async () => {
    const s = (await presential()).body.data;
    const remote = await call("PATCH", `/sessions/${s.id}`, tok.admin, { deliveryMode: "REMOTE" });
    expect(remote.body.data).toMatchObject({ deliveryMode: "REMOTE", place: null });
    expect((await call("PATCH", `/sessions/${s.id}`, tok.admin, { place: PLACE })).body.errors).toEqual({ place: ["A REMOTE session has no place"] });
    expect((await call("PATCH", `/sessions/${s.id}`, tok.admin, { deliveryMode: "PRESENTIAL" })).body.errors).toEqual({ place: ["Required for a PRESENTIAL or HYBRID session"] });
    const back = await call("PATCH", `/sessions/${s.id}`, tok.admin, { deliveryMode: "HYBRID", place: { name: "Annexe", address: "1 place du Marché, 69001 Lyon" } });
    expect(back.body.data.place).toEqual({ name: "Annexe", address: "1 place du Marché, 69001 Lyon", room: null });
    expectError(await api.call("PATCH", `/sessions/${s.id}`, { tenant: "globex", token: tok.globexAdmin, body: { deliveryMode: "REMOTE" } }), 404);
    expectError(await call("PATCH", `/sessions/${s.id}`, tok.learner, { deliveryMode: "REMOTE" }), 403);
  });

  it("slots/generate HALF_DAY uses the ranges (the lunch break is no slot); once a slot is signed the schedule cannot change (409)", async () => {
    const day = ahead(5);
    const s = (await presential({ schedule: [{ date: day, ranges: DAY_RANGES }] })).body.data;
    const gen = await call("POST", "/qualiopi/emargement/slots/generate", tok.admin, { sessionId: s.id, frequency: "HALF_DAY" });
    expect(gen.status).toBe(201);
    expect((gen.body.data as { startsAt: string; endsAt: string }[]).map((x) => [x.startsAt, x.endsAt])).toEqual([
      [paris(day, 9, 0).toISOString(), paris(day, 12, 30).toISOString()],
      [paris(day, 13, 30).toISOString(), paris(day, 17, 0).toISOString()],
    ]);
    // The learner signs the afternoon slot at 13:40.
    setClock(manualClock(new Date(paris(day, 13, 40))));
    const learner = await tokenFor(api, "acme", "learner");
    const { signatureBase64, strokes } = canvasFields();
    const slotId = (gen.body.data as { id: string }[])[1]!.id;
    const signed = await call("POST", `/qualiopi/emargement/slots/${slotId}/sign`, learner, { signatureBase64, strokes });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    setClock(manualClock(new Date(paris(day, 8, 0).getTime() - 86_400_000)));
    const admin = await tokenFor(api, "acme", "admin");
    const refused = await call("PATCH", `/sessions/${s.id}`, admin, { schedule: [{ date: day, ranges: [{ start: "09:00", end: "12:00" }] }] });
    expectError(refused, 409);
    expect(refused.body.code).toBe("SLOTS_ALREADY_SIGNED");
  });
});

describe("the convocation carries the place and the schedule", () => {
  it("e-mail text, .ics LOCATION/DTSTART/DTEND and the convocation PDF (pdftotext)", async () => {
    const s = (await presential({ title: "Convocation en salle", sendConvocation: true })).body.data;
    const [mail] = (await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("Convocation en salle"));
    expect(mail, "convocation mailed").toBeDefined();
    expect(mail!.text).toContain(`Lieu\u202f: ${PLACE_TEXT}`);
    // The schedule as formatSchedule prints it (server/lib/schedule-text.ts): each day with its ranges, then the total.
    expect(mail!.text).toContain(`Dates et horaires (heure de Paris)\u202f: vendredi ${W.fridayDay} mars ${W.year}, 09:00–12:30 et 13:30–17:00\u202f; lundi `);
    expect(mail!.text).toContain(", 09:00–12:30 et 13:30–17:00\u202f; 14 h");
    expect(mail!.text).not.toMatch(/connexion|Rejoindre|minutes/);
    const ics = parseIcs(mail!.attachments.find((a) => a.filename.endsWith(".ics"))!.content);
    expect(ics.props.LOCATION).toBe("Acme Formation — Salle Lavoisier\\, 12 rue des Arts\\, 75003 Paris");
    // one event per time range: the lunch break and the weekend stay free in the learner's calendar
    expect(ics.events.map((e) => [fromIcsDate(e.DTSTART!).toISOString(), fromIcsDate(e.DTEND!).toISOString()])).toEqual([
      [paris(W.friday, 9, 0).toISOString(), paris(W.friday, 12, 30).toISOString()],
      [paris(W.friday, 13, 30).toISOString(), paris(W.friday, 17, 0).toISOString()],
      [paris(W.monday, 9, 0).toISOString(), paris(W.monday, 12, 30).toISOString()],
      [paris(W.monday, 13, 30).toISOString(), paris(W.monday, 17, 0).toISOString()],
    ]);
    expect(new Set(ics.events.map((e) => e.UID)).size).toBe(4);
    expect(ics.events.every((e) => e.LOCATION === ics.props.LOCATION && e.SEQUENCE === ics.props.SEQUENCE)).toBe(true);
    expect(ics.events.map((e) => e.SUMMARY)).toEqual([1, 2, 3, 4].map((n) => `Convocation en salle (${n}/4)`));
    const pdf = mail!.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf, "convocation PDF attached").toBeDefined();
    const text = pdfText(Buffer.from(pdf!.content, "base64"));
    expect(text).toContain("Lieu : Acme Formation — Salle Lavoisier, 12 rue des Arts, 75003 Paris");
    expect(text).toContain("Modalité : présentiel");
    expect(text).toContain(`Dates et horaires : vendredi ${W.fridayDay} mars ${W.year}, 09:00–12:30 et 13:30–17:00 ; lundi `);
    expect(text).toContain("; 14 h (heure locale, Europe/Paris)");
    expect(s.id).toMatch(/^ses_/);
  });
});
