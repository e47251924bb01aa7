import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { expectError } from "../helpers/rest";
import { createSession, HOUR, iso, newLearner, NOT_OPEN, pinOf, plus, type Learner, type Session, type World, startWorld } from "../helpers/attendance";

/**
 * Issue #23: the signing window is computed once on the server (services/attendance/signing-window.ts)
 * and answered on every session resource the signing screens read. For a session over three days,
 * the fields say what the sign endpoint does, at both edges and on the second day (where
 * scheduledAt + durationMinutes, the old client rule, said "closed"). Manual clock.
 */
vi.setConfig({ testTimeout: 120_000 });
const PARIS = "Europe/Paris";
const SECOND = 1000;
let w: World;
let s: Session;
let learners: Learner[];
let day: (n: number, h: number, m?: number) => Date;
let pin: string;

beforeAll(async () => {
  w = await startWorld();
  const p = localParts(plus(w.now(), 24 * HOUR), PARIS);
  day = (n, h, m = 0) => zonedTimeToUtc(p.year, p.month, p.day + n, h, m, PARIS);
  const ymd = (n: number) => {
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + n));
    return d.toISOString().slice(0, 10);
  };
  const ranges = [
    { start: "09:00", end: "12:30" },
    { start: "13:30", end: "17:00" },
  ];
  s = await createSession(w, { scheduledAt: undefined, durationMinutes: undefined, schedule: [0, 1, 2].map((n) => ({ date: ymd(n), ranges })) });
  learners = [];
  for (let i = 0; i < 4; i++) learners.push(await newLearner(w, { sessions: [s] }));
  pin = await pinOf(w, s.id);
}, 240_000);
afterAll(() => w?.close());

type Window = { endsAt: string; signingOpensAt: string | null; signingClosesAt: string | null; signingOpen: boolean };
const windowOf = (x: Window) => ({ endsAt: x.endsAt, signingOpensAt: x.signingOpensAt, signingClosesAt: x.signingClosesAt, signingOpen: x.signingOpen });

/** The window as each resource answers it (the learner's session, list and upcoming sessions; the trainer's roster), all equal. */
async function answered(learner: Learner): Promise<Window> {
  const detail = await w.call("GET", `/sessions/${s.id}`, learner.token);
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  const list = await w.call("GET", `/sessions?limit=100`, learner.token);
  const upcoming = await w.call("GET", "/enrollments/me/upcoming-sessions?limit=100", learner.token);
  const roster = await w.call("GET", `/qualiopi/emargement/${s.id}`, w.tok.trainer);
  expect(roster.status, JSON.stringify(roster.body)).toBe(200);
  const fromDetail = windowOf(detail.body.data);
  expect(windowOf(list.body.data.find((x: { id: string }) => x.id === s.id))).toEqual(fromDetail);
  const up = upcoming.body.data.find((x: { sessionId: string }) => x.sessionId === s.id);
  if (up) expect(windowOf(up)).toEqual(fromDetail);
  expect(windowOf(roster.body.data.session)).toEqual(fromDetail);
  return fromDetail;
}

/** GET /emargement/me/open lists the session (with the same window) exactly when it is open. */
async function listedOpen(learner: Learner, open: boolean): Promise<void> {
  const res = await w.call("GET", "/emargement/me/open", learner.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.data.find((o: { session: { id: string } }) => o.session.id === s.id);
  expect(Boolean(item), `listed in /emargement/me/open at ${iso(w.now())}`).toBe(open);
  if (item) expect(item.session.signingOpen).toBe(true);
}

const signPin = (learner: Learner) => w.call("POST", "/emargement/sign/pin", learner.token, { sessionId: s.id, pin });

describe("a session over three days: the window answered is the window the sign endpoint applies", () => {
  it("answers the first start − 30 min and the last end + 2 h, the planned end on the last day", async () => {
    const x = await answered(learners[0]!);
    expect(x).toEqual({ endsAt: iso(day(2, 17)), signingOpensAt: iso(day(0, 8, 30)), signingClosesAt: iso(day(2, 19)), signingOpen: false });
  });

  it("one second before it opens: closed, and the sign endpoint refuses (409)", async () => {
    await w.setNow(new Date(day(0, 8, 30).getTime() - SECOND));
    expect((await answered(learners[0]!)).signingOpen).toBe(false);
    await listedOpen(learners[0]!, false);
    expectError(await signPin(learners[0]!), 409, NOT_OPEN);
  });

  it("at the opening instant: open, and the sign endpoint accepts", async () => {
    await w.setNow(day(0, 8, 30));
    expect((await answered(learners[0]!)).signingOpen).toBe(true);
    await listedOpen(learners[0]!, true);
    expect((await signPin(learners[0]!)).status).toBe(201);
  });

  it("on the second day, long after scheduledAt + durationMinutes + 2 h: open, and the sign endpoint accepts", async () => {
    await w.setNow(day(1, 10));
    const x = await answered(learners[1]!);
    const detail = (await w.call("GET", `/sessions/${s.id}`, learners[1]!.token)).body.data;
    // the rule the client used to apply would say closed here
    expect(Date.parse(detail.scheduledAt) + detail.durationMinutes * 60_000 + 2 * HOUR).toBeLessThan(w.now().getTime());
    expect(x.signingOpen).toBe(true);
    await listedOpen(learners[1]!, true);
    expect((await signPin(learners[1]!)).status).toBe(201);
  });

  it("at the closing instant: still open, and the sign endpoint accepts", async () => {
    await w.setNow(day(2, 19));
    expect((await answered(learners[2]!)).signingOpen).toBe(true);
    await listedOpen(learners[2]!, true);
    expect((await signPin(learners[2]!)).status).toBe(201);
  });

  it("one second after it closes: closed, and the sign endpoint refuses (409)", async () => {
    await w.setNow(new Date(day(2, 19).getTime() + SECOND));
    expect((await answered(learners[3]!)).signingOpen).toBe(false);
    await listedOpen(learners[3]!, false);
    expectError(await signPin(learners[3]!), 409, NOT_OPEN);
  });
});
