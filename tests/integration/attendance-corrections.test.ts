import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSessions } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { formatDuration } from "../../server/lib/schedule-text";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { computeBpf } from "../../server/services/bpf/compute";
import { createLearningCourse } from "../factories/learning";
import { pdfLayoutLines, pdfText } from "../helpers/documents";
import { createSession, download, HOUR, newLearner, pinOf, plus, startWorld, type Learner, type Session, type World } from "../helpers/attendance";

/**
 * Issue #20 item 2: a correction made with the spec's own body (`attendanceMinutes`, no status)
 * is the learner's attended minutes, allocated over the slots in order. A two-slot session signed
 * on both slots is corrected to half its minutes; the five readers agree: the API
 * (GET /qualiopi/emargement/{id}), the trainer's screen (the same procedure, as the trainer), the
 * sheet PDF and the attestation d'assiduité read as text, and the BPF hours (SQL path == the
 * status function). Then the demo's correction of Lucas Moreau (235 of 480 minutes).
 */
const PARIS = "Europe/Paris";
const REASON = "Parti à la pause déjeuner, après-midi non suivi (mail du stagiaire)";
/** Durations as the one formatter (server/lib/schedule-text.ts formatDuration) prints them: "3 h", "3 h 55", "0 min". */
/** The helpers may read PDFs synchronously or not. */
const textOf = async (bytes: Buffer) => String(await Promise.resolve(pdfText(bytes)));
const linesOf = async (bytes: Buffer) => (await Promise.resolve(pdfLayoutLines(bytes))) as string[];

let w: World;
let course: { id: string; title: string };
let session: Session;
let learner: Learner;
let other: Learner;

type SlotJson = { slotId: string; label: string; status: string; minutes: number };
type LearnerJson = { userId: string; status: string; attendanceMinutes: number; slots: SlotJson[] };

async function roster(sessionId: string, token = w.tok.admin): Promise<{ learners: LearnerJson[] }> {
  const res = await w.call("GET", `/qualiopi/emargement/${sessionId}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  w = await startWorld();
  course = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Gestes et postures" });
  learner = await newLearner(w, { courseId: course.id, firstName: "Inès", lastName: "Aubert" });
  other = await newLearner(w, { courseId: course.id, firstName: "Jules", lastName: "Carpentier" });
  const p = localParts(plus(w.now(), 24 * HOUR), PARIS);
  const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS);
  const date = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  // The spec's body plus a schedule: two ranges, so two slots of 180 minutes.
  session = await createSession(w, { courseId: course.id, scheduledAt: undefined, durationMinutes: undefined, schedule: [{ date, ranges: [{ start: "09:00", end: "12:00" }, { start: "13:00", end: "16:00" }] }] });
  const slots = (await w.call("GET", `/qualiopi/emargement/slots/${session.id}`, w.tok.trainer)).body.data as { id: string }[];
  expect(slots).toHaveLength(2);
  const pin = await pinOf(w, session.id);
  for (const [i, slot] of slots.entries()) {
    await w.setNow(at(i === 0 ? 9 : 13, 5));
    for (const who of [learner, other]) {
      const res = await w.call("POST", "/emargement/sign/pin", who.token, { sessionId: session.id, pin, slotId: slot.id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }
  await w.setNow(at(17));
  // The ADMIN's correction with the spec's body: 180 of 360 minutes, no status.
  const res = await w.call("POST", "/emargement/override", w.tok.admin, { sessionId: session.id, userId: learner.userId, attendanceMinutes: 180, reason: REASON });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data).toMatchObject({ method: "OVERRIDE", attendanceMinutes: 180, status: null, slotId: null });
}, 180_000);
afterAll(() => w?.close());

describe("a minutes-only correction (spec's attendanceMinutes), read by every reader", () => {
  it("the API: slot 1 PRESENT 180, slot 2 ABSENT 0, 180 minutes, LEFT_EARLY overall; the other learner untouched", async () => {
    const d = await roster(session.id);
    const l = d.learners.find((x) => x.userId === learner.userId)!;
    expect(l.slots.map((s) => [s.status, s.minutes])).toEqual([
      ["PRESENT", 180],
      ["ABSENT", 0],
    ]);
    expect(l).toMatchObject({ status: "LEFT_EARLY", attendanceMinutes: 180 });
    const o = d.learners.find((x) => x.userId === other.userId)!;
    expect(o).toMatchObject({ status: "PRESENT", attendanceMinutes: 360 });
  });

  it("the trainer's screen (the same procedure, as the session's trainer) reads the same", async () => {
    const admin = await roster(session.id);
    const trainer = await roster(session.id, w.tok.trainer);
    const pick = (d: { learners: LearnerJson[] }) => d.learners.map((l) => ({ userId: l.userId, status: l.status, minutes: l.attendanceMinutes, slots: l.slots.map((s) => [s.status, s.minutes]) }));
    expect(pick(trainer)).toEqual(pick(admin));
  });

  it("the sheet PDF: slot 1 Présent, slot 2 Absent (signed, yet corrected), the correction in minutes", async () => {
    const pdf = await download(w, `/emargement/${session.id}/pdf`, w.tok.admin);
    expect(pdf.status).toBe(200);
    const lines = await linesOf(pdf.bytes);
    const rows = lines.filter((x) => x.includes("AUBERT"));
    // One row per slot page, in slot order: the status column is the API's.
    const statuses = rows.map((r) => (/\bAbsent\b/.test(r) ? "ABSENT" : /\bPrésent\b/.test(r) ? "PRESENT" : null)).filter(Boolean);
    expect(statuses.slice(0, 2)).toEqual(["PRESENT", "ABSENT"]);
    const text = await textOf(pdf.bytes);
    expect(text).toContain("Durée de présence : 180 min");
    expect(text).not.toMatch(/Non signé\s*—\s*Présent/);
    const carpentier = lines.filter((x) => x.includes("CARPENTIER"));
    expect(carpentier.length).toBeGreaterThanOrEqual(2);
    expect(carpentier.slice(0, 2).every((r) => /\bPrésent\b/.test(r)), carpentier.join("\n")).toBe(true);
  });

  it("the attestation d'assiduité: 3 h of 6 h, 50 %, slot by slot", async () => {
    const res = await download(w, `/qualiopi/emargement/${session.id}/attestation/${learner.userId}`, w.tok.admin);
    expect(res.status).toBe(200);
    const text = await textOf(res.bytes);
    expect(formatDuration(180)).toBe("3 h");
    expect(text).toContain("HEURES SUIVIES DURÉE PRÉVUE ASSIDUITÉ 3 h 6 h 50 %");
    const lines = await linesOf(res.bytes);
    const present = lines.find((x) => /\bPrésent\b/.test(x));
    const absent = lines.find((x) => /\bAbsent\b/.test(x));
    expect(present?.trimEnd(), present).toMatch(/\bPrésent\s+3 h$/);
    expect(absent?.trimEnd(), absent).toMatch(/\bAbsent\s+0 min$/);
  });

  it("the BPF: 3 hours for the enrollment, the SQL path equal to the status function", async () => {
    const year = session.scheduledAt.getFullYear();
    const ctx = { db: w.api.db, scope: forTenant(w.acmeId), tenantId: w.acmeId, timeZone: PARIS, now: w.now() };
    const fast = (await computeBpf(ctx, year)).summary;
    const exact = (await computeBpf(ctx, year, { exact: true })).summary;
    expect(fast).toEqual(exact);
    const gen = await w.call("POST", `/bpf/year/${year}/generate`, w.tok.admin, {});
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const cell = await w.call("GET", `/bpf/year/${year}/cells/hours?perPage=100`, w.tok.admin);
    expect(cell.status, JSON.stringify(cell.body)).toBe(200);
    const rows = cell.body.data as { enrollmentId: string; hours: number }[];
    expect(rows.find((r) => r.enrollmentId === learner.enrollmentId)?.hours).toBe(3);
    expect(rows.find((r) => r.enrollmentId === other.enrollmentId)?.hours).toBe(6);
  });
});

describe("the demo: Lucas Moreau's correction on day 1 (235 of 480 minutes, no status)", () => {
  it("API: morning PRESENT 235, afternoon ABSENT, 235 minutes; sheet: no 'Non signé — Présent'; attestation 3 h 55 / 49 %", async () => {
    const [day1] = await w.api.db
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(and(eq(liveSessions.tenantId, w.acmeId), eq(liveSessions.title, "SST — journée 1 : protéger et examiner")))
      .limit(1);
    expect(day1).toBeDefined();
    const d = await roster(day1!.id);
    const lucas = d.learners.find((x) => x.userId === w.uid.learner2)!;
    expect(lucas.slots.map((s) => [s.status, s.minutes])).toEqual([
      ["PRESENT", 235],
      ["ABSENT", 0],
    ]);
    expect(lucas.attendanceMinutes).toBe(235);
    const sheet = await download(w, `/emargement/${day1!.id}/pdf`, w.tok.admin);
    const text = await textOf(sheet.bytes);
    expect(text).not.toMatch(/Non signé\s*—\s*Présent/);
    expect(text).toContain("Présent (235 min)");
    const att = await download(w, `/qualiopi/emargement/${day1!.id}/attestation/${w.uid.learner2}`, w.tok.admin);
    const attText = await textOf(att.bytes);
    expect(attText).toContain("HEURES SUIVIES DURÉE PRÉVUE ASSIDUITÉ 3 h 55 8 h 49 %");
    expect(attText).toMatch(/Présent 3 h 55 .*Absent 0 min/);
  });
});
