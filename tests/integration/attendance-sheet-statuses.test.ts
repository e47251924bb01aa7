import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../server/db/schema";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { createLearningCourse } from "../factories/learning";
import { isPdf, pdfLayoutLines, pdfText } from "../helpers/documents";
import { expectError } from "../helpers/rest";
import { formatDuration } from "../../server/lib/schedule-text";
import { autoBody, createSession, download, HOUR, newLearner, plus, registerTo, signPin, startWorld, type Learner, type Session, type World } from "../helpers/attendance";

/**
 * Issue #10 item 4: one status function read by the API and the sheet PDF. A past session with a
 * learner in every status and two corrections (absence -> presence, presence -> absence); the PDF,
 * read with pdftotext -layout, is compared row by row and total by total with
 * GET /qualiopi/emargement/{sessionId}. A session next month: everyone NOT_YET, nobody absent.
 * The attestation d'assiduité: hours equal to the API's, roles, cross-tenant 404.
 */
const PARIS = "Europe/Paris";
const LABEL: Record<string, string> = { PRESENT: "Présent", ABSENT: "Absent", EXCUSED_ABSENCE: "Absence justifiée", LATE: "En retard", LEFT_EARLY: "Départ anticipé", NOT_YET: "À venir" };
const EXCUSE = "Certificat médical transmis par le stagiaire";
const LATE_REASON = "Train en retard, arrivé pendant la pause";
const TO_PRESENT = "Présent en salle, a oublié de signer (feuille papier)";
const TO_ABSENT = "A signé puis quitté la salle aussitôt, absence retenue";

let w: World;
let course: { id: string; title: string };
let past: Session;
let people: Record<"present" | "absent" | "excused" | "late" | "leftEarly" | "toPresent" | "toAbsent", Learner>;
const records: Record<string, { id: string; signedAt: string }> = {};
const corrections: Record<string, any> = {};

type Day = { at: (h: number, m?: number) => Date; date: string };
function dayIn(days: number): Day {
  const p = localParts(plus(w.now(), days * 24 * HOUR), PARIS);
  return { at: (h, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS), date: `${String(p.day).padStart(2, "0")}/${String(p.month).padStart(2, "0")}/${p.year}` };
}
const hhmm = (iso: string) => new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

/** Registers the learners to the session through the API (idempotent: creation already registered the course's enrollees). */
const register = (sessionId: string, learners: Learner[]) => registerTo(w, sessionId, learners);

const override = (body: Record<string, unknown>, token = w.tok.admin) => w.call("POST", "/emargement/override", token, { sessionId: past.id, ...body });
const roster = async (sessionId: string) => {
  const res = await w.call("GET", `/qualiopi/emargement/${sessionId}`, w.tok.admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  w = await startWorld();
  course = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Habilitation électrique" });
  const names = { present: "Arnaud", absent: "Blanc", excused: "Colin", late: "Dumas", leftEarly: "Esnault", toPresent: "Fabre", toAbsent: "Girard" } as const;
  people = {} as typeof people;
  for (const [key, lastName] of Object.entries(names)) people[key as keyof typeof people] = await newLearner(w, { courseId: course.id, firstName: "Lou", lastName });
  const day = dayIn(1);
  past = await createSession(w, { courseId: course.id, scheduledAt: day.at(14).toISOString(), durationMinutes: 120 });
  await register(past.id, Object.values(people));
  // 14:02 and 14:05: two PIN signatures during the session.
  await w.setNow(day.at(14, 2));
  records.present = await signPin(w, past.id, people.present.token);
  await w.setNow(day.at(14, 5));
  records.toAbsent = await signPin(w, past.id, people.toAbsent.token);
  // The media server: connected 14:00-15:20, left 40 minutes early.
  const auto = await w.call("POST", "/emargement/auto", undefined, autoBody({ sessionId: past.id, userId: people.leftEarly.userId, joinedAt: day.at(14), leftAt: day.at(15, 20) }));
  expect(auto.status, JSON.stringify(auto.body)).toBe(201);
  records.leftEarly = auto.body.data;
  // The next morning, the ADMIN's corrections.
  await w.setNow(plus(day.at(8), 24 * HOUR));
  for (const [key, body] of Object.entries({
    excused: { userId: people.excused.userId, status: "EXCUSED_ABSENCE", reason: EXCUSE },
    late: { userId: people.late.userId, status: "LATE", lateMinutes: 25, reason: LATE_REASON },
    toPresent: { userId: people.toPresent.userId, status: "PRESENT", reason: TO_PRESENT },
    toAbsent: { userId: people.toAbsent.userId, status: "ABSENT", reason: TO_ABSENT, attendanceMinutes: 0 },
  })) {
    const res = await override(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    corrections[key] = res.body.data;
    await w.advance(60);
  }
}, 120_000);

afterAll(async () => {
  await w?.close();
});

describe("POST /emargement/override with statuses", () => {
  it("201: the status, its minutes, the record it corrects, sealed; the audit entry", () => {
    expect(corrections.excused).toMatchObject({ method: "OVERRIDE", status: "EXCUSED_ABSENCE", attendanceMinutes: 0, lateMinutes: null, leftEarlyMinutes: null, correctsId: null, slotId: null, overrideBy: w.uid.admin, reason: EXCUSE });
    expect(corrections.late).toMatchObject({ status: "LATE", lateMinutes: 25, attendanceMinutes: 95, attendanceRate: 0.7917, correctsId: null });
    expect(corrections.toPresent).toMatchObject({ status: "PRESENT", attendanceMinutes: 120, correctsId: null });
    expect(corrections.toAbsent).toMatchObject({ status: "ABSENT", attendanceMinutes: 0, correctsId: records.toAbsent!.id });
    expect(corrections.toAbsent.sealedHash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("the audit entry names the status and the corrected record; the chain still verifies", async () => {
    const [entry] = await w.api.db.select().from(auditLogs).where(and(eq(auditLogs.tenantId, w.acmeId), eq(auditLogs.id, corrections.toAbsent.auditLogId)));
    expect(entry!.metadata).toMatchObject({ status: "ABSENT", correctsId: records.toAbsent!.id, userId: people.toAbsent.userId, reason: TO_ABSENT });
    const verify = await w.call("GET", `/qualiopi/emargement/${past.id}/verify`, w.tok.admin);
    expect(verify.body.data).toMatchObject({ valid: true, brokenAt: null });
  });

  it("without status the spec's meaning stays (the minutes attended, stored without a status: 0 reads ABSENT); a correction of a correction points at it", async () => {
    const res = await override({ userId: people.toPresent.userId, reason: "Correction de la correction : absent finalement", attendanceMinutes: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: null, attendanceMinutes: 0, correctsId: corrections.toPresent.id });
    const now = (await roster(past.id)).learners.find((x: { userId: string }) => x.userId === people.toPresent.userId);
    expect(now).toMatchObject({ status: "ABSENT", attendanceMinutes: 0 });
    const back = await override({ userId: people.toPresent.userId, reason: TO_PRESENT, status: "PRESENT", attendanceMinutes: 120 });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.data.correctsId).toBe(res.body.data.id);
    corrections.toPresent = back.body.data;
  });

  it("422 for inconsistent fields, 404 for a slot or session not found, 403 not ADMIN", async () => {
    const u = people.late.userId;
    const reason = "Une raison suffisamment longue";
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: u, reason, status: "LATE" }, "lateMinutes"],
      [{ userId: u, reason, status: "LEFT_EARLY", lateMinutes: 5 }, "leftEarlyMinutes"],
      [{ userId: u, reason, status: "PRESENT", lateMinutes: 5 }, "lateMinutes"],
      [{ userId: u, reason, status: "LATE", lateMinutes: 500 }, "lateMinutes"],
      [{ userId: u, reason, status: "PRESENT", attendanceMinutes: 30 }, "attendanceMinutes"],
      [{ userId: u, reason }, "attendanceMinutes"],
      [{ userId: u, reason, status: "NOT_YET" }, "status"],
      [{ userId: u, reason: "trop court", status: "PRESENT" }, "reason"],
    ];
    for (const [body, field] of cases) {
      const res = await override(body);
      expectError(res, 422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expectError(await override({ userId: u, reason, status: "PRESENT", slotId: "slt_000000000000000000000000" }), 404);
    expectError(await override({ userId: u, reason, status: "PRESENT" }, w.tok.creator), 403);
    expectError(await override({ userId: u, reason, status: "PRESENT" }, people.late.token), 403);
    expectError(await w.api.call("POST", "/emargement/override", { tenant: "globex", token: w.tok.globexAdmin, body: { sessionId: past.id, userId: u, reason, status: "PRESENT" } }), 404);
  });
});

describe("the sheet PDF agrees with GET /qualiopi/emargement/{sessionId}", () => {
  it("every status, row by row (name, status, signature time or —, corrections) and the totals", async () => {
    const d = await roster(past.id);
    const of = (l: Learner) => d.learners.find((x: { userId: string }) => x.userId === l.userId);
    // The API first: one learner per status, corrections with author and reason.
    expect(Object.fromEntries(Object.entries(people).map(([k, l]) => [k, of(l).status]))).toEqual({
      present: "PRESENT",
      absent: "ABSENT",
      excused: "EXCUSED_ABSENCE",
      late: "LATE",
      leftEarly: "LEFT_EARLY",
      toPresent: "PRESENT",
      toAbsent: "ABSENT",
    });
    expect(of(people.excused)).toMatchObject({ justification: EXCUSE, attendanceMinutes: 0, present: false, signedAt: null });
    expect(of(people.late)).toMatchObject({ attendanceMinutes: 95, present: true, method: "OVERRIDE", signedAt: null });
    expect(of(people.late).slots[0]).toMatchObject({ status: "LATE", lateMinutes: 25, minutes: 95 });
    expect(of(people.leftEarly).slots[0]).toMatchObject({ status: "LEFT_EARLY", leftEarlyMinutes: 40, minutes: 80, method: "AUTO" });
    expect(of(people.toPresent)).toMatchObject({ present: true, signedAt: null, attendanceMinutes: 120 });
    expect(of(people.toAbsent)).toMatchObject({ present: false, signedAt: records.toAbsent!.signedAt, method: "PIN", attendanceMinutes: 0 });
    expect(of(people.toAbsent).corrections).toEqual([
      {
        id: corrections.toAbsent.id,
        slotId: null,
        at: corrections.toAbsent.signedAt,
        by: { userId: w.uid.admin, firstName: "Alice", lastName: "Martin" },
        reason: TO_ABSENT,
        status: "ABSENT",
        lateMinutes: null,
        leftEarlyMinutes: null,
        correctsId: records.toAbsent!.id,
        corrected: { id: records.toAbsent!.id, method: "PIN", signedAt: records.toAbsent!.signedAt, status: null },
      },
    ]);
    expect(d.summary).toEqual({
      expected: 7,
      present: 4,
      absent: 3,
      byStatus: { PRESENT: 2, ABSENT: 2, EXCUSED_ABSENCE: 1, LATE: 1, LEFT_EARLY: 1, NOT_YET: 0 },
      attendanceMinutes: 120 + 95 + 80 + 120,
    });

    // The PDF, read as printed.
    const pdf = await download(w, `/emargement/${past.id}/pdf`, w.tok.admin);
    expect(pdf.status).toBe(200);
    expect(isPdf(pdf.bytes)).toBe(true);
    const lines = pdfLayoutLines(pdf.bytes);
    const flat = pdfText(pdf.bytes);
    for (const learner of d.learners) {
      // One numbered row on the slot page (the corrections page names the learner again, unnumbered).
      const row = lines.filter((line) => new RegExp(`^\\s*\\d+\\s+${learner.lastName.toUpperCase()} ${learner.firstName}\\s`).test(line));
      expect(row, learner.lastName).toHaveLength(1);
      const slot = learner.slots[0];
      const statusText = slot.status === "LATE" ? `En retard (${slot.lateMinutes} min)` : slot.status === "LEFT_EARLY" ? `Départ anticipé (${slot.leftEarlyMinutes} min)` : LABEL[slot.status]!;
      expect(row[0]!.trimEnd().endsWith(statusText), `${row[0]} / ${statusText}`).toBe(true);
      const time = slot.signedAt ? hhmm(slot.signedAt) : "—";
      expect(row[0]!.split(/\s{2,}/).map((c) => c.trim()), row[0]).toContain(time);
      for (const c of slot.corrections) {
        expect(flat).toContain(`par ${c.by.firstName} ${c.by.lastName} : ${LABEL[c.status]}`);
        expect(flat).toContain(`« ${c.reason} »`);
      }
    }
    // Totals per status, session and slot, as the API gives them.
    const t = d.summary.byStatus;
    // Printed twice (the cover's session totals and the one slot's): "Présent : 2", "Absence justifiée : 1"…
    const count = (needle: string) => flat.split(needle).length - 1;
    expect(count("Attendus : 7")).toBe(2);
    for (const [status, n] of Object.entries(t)) expect(count(`${LABEL[status]} : ${n}`), status).toBe(2);
  });
});

describe("a session next month", () => {
  it("every participant NOT_YET, nobody absent, in the API and the PDF", async () => {
    const d0 = dayIn(35);
    const next = await createSession(w, { courseId: course.id, scheduledAt: d0.at(9).toISOString(), durationMinutes: 60 });
    const three = [people.present, people.absent, people.late];
    await register(next.id, three);
    const d = await roster(next.id);
    expect(d.learners.length).toBeGreaterThan(0);
    expect(d.learners.every((l: { status: string; present: boolean; attendanceMinutes: number | null }) => l.status === "NOT_YET" && !l.present && l.attendanceMinutes === null)).toBe(true);
    expect(d.summary).toMatchObject({ present: 0, absent: 0, byStatus: { PRESENT: 0, ABSENT: 0, EXCUSED_ABSENCE: 0, LATE: 0, LEFT_EARLY: 0, NOT_YET: d.learners.length } });
    const pdf = await download(w, `/emargement/${next.id}/pdf`, w.tok.admin);
    expect(pdf.status).toBe(200);
    const lines = pdfLayoutLines(pdf.bytes);
    for (const l of d.learners) {
      const row = lines.find((line) => line.includes(`${l.lastName.toUpperCase()} ${l.firstName}`))!;
      expect(row.trimEnd().endsWith("À venir"), row).toBe(true);
      expect(row).not.toMatch(/Absent/);
    }
    expect(pdfText(pdf.bytes)).toContain(`Absent : 0 À venir : ${d.learners.length}`);
  });
});

describe("GET /qualiopi/emargement/{sessionId}/attestation/{userId}", () => {
  const path = (userId: string, sessionId = past.id) => `/qualiopi/emargement/${sessionId}/attestation/${userId}`;
  // Durations as every document prints them ("1 h 35", "2 h"): server/lib/schedule-text.ts.
  const hours = (m: number) => formatDuration(m);

  it("the hours attended, per slot and in total, are the API's", async () => {
    const d = await roster(past.id);
    for (const key of ["late", "leftEarly", "excused", "present"] as const) {
      const l = d.learners.find((x: { userId: string }) => x.userId === people[key].userId);
      const res = await download(w, path(l.userId), w.tok.admin);
      expect(res.status, res.bytes.toString("utf8").slice(0, 200)).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toContain(`attestation-assiduite-`);
      const text = pdfText(res.bytes);
      expect(text).toContain("ATTESTATION D'ASSIDUITÉ");
      expect(text).toContain(`${l.firstName} ${l.lastName.toUpperCase()}`);
      expect(text).toContain(course.title);
      // Hours attended, planned, rate: the API's total.
      // (spaces ignored: pdftotext may glue "2 h" of the large figures into "2h")
      expect(text.replace(/\s+/g, "")).toContain(`HEURES SUIVIES DURÉE PRÉVUE ASSIDUITÉ ${hours(l.attendanceMinutes)} ${hours(120)} ${Math.round((l.attendanceMinutes / 120) * 100)}`.replace(/\s+/g, ""));
      // Per slot: its status and its minutes.
      const lines = pdfLayoutLines(res.bytes);
      for (const slot of l.slots) {
        const label = slot.status === "LATE" ? `En retard (${slot.lateMinutes} min)` : slot.status === "LEFT_EARLY" ? `Départ anticipé (${slot.leftEarlyMinutes} min)` : LABEL[slot.status]!;
        expect(text).toContain(slot.label);
        const line = lines.find((x) => x.includes(label));
        expect(line, `${slot.label} ${label}`).toBeDefined();
        expect(line!.replace(/\s+/g, "").endsWith(hours(slot.minutes).replace(/\s+/g, "")), line).toBe(true);
      }
    }
  });

  it("ADMIN, the course's creator, the session's trainer and the learner themself; 403 others; 404 cross-tenant or not a participant; 401", async () => {
    const u = people.late.userId;
    for (const token of [w.tok.admin, w.tok.creator, w.tok.trainer, people.late.token]) expect((await download(w, path(u), token)).status).toBe(200);
    for (const token of [people.present.token, w.tok.finance, w.tok.trainer2]) {
      const res = await download(w, path(u), token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: expect.any(String) });
    }
    expect((await download(w, path(u), w.tok.globexAdmin, "globex")).status).toBe(404);
    expect((await download(w, path(w.uid.learner), w.tok.admin)).status).toBe(404);
    expect((await download(w, path(u, "ses_000000000000000000000000"), w.tok.admin)).status).toBe(404);
    expect((await download(w, path(u))).status).toBe(401);
  });

  it("is documented in /api/v1/openapi.json as a PDF", async () => {
    const doc = await w.call("GET", "/openapi.json");
    const op = doc.body.paths["/qualiopi/emargement/{sessionId}/attestation/{userId}"]?.get;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses["200"].content)).toEqual(["application/pdf"]);
    expect(op.description).toMatch(/ADMIN, the course's creator, the session's trainers, the learner for themself, and a FUNDER for a learner whose enrollment their funder finances/);
  });
});

