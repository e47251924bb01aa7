import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, emargements, enrollments, memberships, modules, users } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { tenantUrl } from "../../server/lib/urls";
import { localParts, zonedTimeToUtc } from "../../server/lib/time-zone";
import { createMember, login } from "../factories";
import { pdfImageList, pdfInfo, pdfPages as pdfPagesOf } from "../helpers/documents";
import { expectError } from "../helpers/rest";
import {
  autoBody,
  canvasFields,
  createSession,
  download,
  endSession,
  generateQr,
  HASH,
  HOUR,
  MINUTE,
  newLearner,
  registerTo,
  plus,
  signatureUrlOf,
  signPin,
  startSession,
  startWorld,
  type Learner,
  type Session,
  type World,
} from "../helpers/attendance";

/**
 * The attendance sheet: GET /qualiopi/emargement/{sessionId}/sheet (JSON) and
 * GET /emargement/{sessionId}/pdf (PDF rendered in a worker thread). Records are written through
 * the signing endpoints.
 */
let w: World;
let tmp: string;
const PARIS = "Europe/Paris";

const sheetOf = (sessionId: string, token?: string, query = "") => w.call("GET", `/qualiopi/emargement/${sessionId}/sheet${query}`, token);
const pdfOf = (sessionId: string, token?: string, query = "", tenant = "acme") => download(w, `/emargement/${sessionId}/pdf${query}`, token, tenant);

/** Text of a PDF, one string per page, its printed lines (tests/helpers/documents.ts). */
const pdfPages = (bytes: Buffer): string[] => pdfPagesOf(bytes).filter((page) => page.trim() !== "");

/** Every page prints "Page x / N" once, x its own number and N the page count (documents/page-number.tsx). */
function expectPageNumbers(bytes: Buffer) {
  const pages = pdfPagesOf(bytes);
  const n = pdfInfo(bytes).pages;
  expect(pages).toHaveLength(n);
  expect(pages.map((page) => [...page.matchAll(/Page (\d+) \/ (\d+)/g)].map((m) => `${m[1]} / ${m[2]}`))).toEqual(pages.map((_, i) => [`${i + 1} / ${n}`]));
}

type Day = { s: Session; at: (h: number, m?: number) => Date; date: string };

/** A session from 09:00 to 17:00 (Paris) `days` ahead, with the demo trainer. */
async function trainingDay(days: number, over: Record<string, unknown> = {}): Promise<Day> {
  const p = localParts(plus(w.now(), days * 24 * HOUR), PARIS);
  const at = (h: number, m = 0) => zonedTimeToUtc(p.year, p.month, p.day, h, m, PARIS);
  const s = await createSession(w, { scheduledAt: at(9).toISOString(), durationMinutes: 8 * 60, ...over });
  return { s, at, date: `${String(p.day).padStart(2, "0")}/${String(p.month).padStart(2, "0")}/${p.year}` };
}

async function halfDaySlots(sessionId: string): Promise<{ id: string; label: string }[]> {
  const res = await w.call("POST", "/qualiopi/emargement/slots/generate", w.tok.creator, { sessionId, frequency: "HALF_DAY" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const signSlot = async (slotId: string, token: string) => {
  const { png: _png, ...body } = canvasFields();
  const res = await w.call("POST", `/qualiopi/emargement/slots/${slotId}/sign`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};

const override = async (sessionId: string, userId: string, attendanceMinutes: number, reason: string) => {
  const res = await w.call("POST", "/emargement/override", w.tok.admin, { sessionId, userId, attendanceMinutes, reason });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};

type LearnerJson = { userId: string; firstName: string; lastName: string; status: string; record: { method: string; id: string } | null; overrides: { reason: string }[] };
const row = (slot: { learners: LearnerJson[] }, userId: string) => slot.learners.find((l) => l.userId === userId)!;

/** The demo trainer signs a slot; learners sign by PIN, canvas per slot, QR, AUTO; two ADMIN overrides; one absent. */
let day: Day;
let slots: { id: string; label: string }[];
let people: Record<"pin" | "slotOnly" | "qr" | "absent" | "auto" | "zero" | "full", Learner>;
const ZERO_REASON = "Présent dans la salle mais sans participation : absence retenue.";
const FULL_REASON = "Émargement oublié ; présence constatée par le formateur toute la journée.";
let canvasTrainerMorning: { id: string };
let canvasAfternoon: { id: string };

beforeAll(async () => {
  w = await startWorld();
  tmp = mkdtempSync(path.join(os.tmpdir(), "sheet-"));
  day = await trainingDay(2);
  slots = await halfDaySlots(day.s.id);
  people = {
    pin: await newLearner(w, { firstName: "Anne", lastName: "Aubert" }),
    slotOnly: await newLearner(w, { firstName: "Bruno", lastName: "Blanc" }),
    qr: await newLearner(w, { firstName: "Chloé", lastName: "Caron" }),
    absent: await newLearner(w, { firstName: "Denis", lastName: "Durand" }),
    auto: await newLearner(w, { firstName: "Emma", lastName: "Éloi" }),
    zero: await newLearner(w, { firstName: "Félix", lastName: "Faure" }),
    full: await newLearner(w, { firstName: "Gaëlle", lastName: "Girard" }),
  };
  // Enrolled after the session was planned: registered to it explicitly (its expected signers).
  await registerTo(w, day.s.id, Object.values(people));
  await w.setNow(day.at(8, 55));
  await startSession(w, day.s.id);
  await w.setNow(day.at(9, 2));
  canvasTrainerMorning = await signSlot(slots[0]!.id, w.tok.trainer);
  await w.setNow(day.at(9, 5));
  await signPin(w, day.s.id, people.pin.token);
  await signSlot(slots[0]!.id, people.slotOnly.token);
  const qr = await generateQr(w, day.s.id);
  expect((await w.call("POST", "/emargement/sign/qr", people.qr.token, { qrToken: qr.qrToken })).status).toBe(201);
  const auto = await w.call("POST", "/emargement/auto", undefined, autoBody({ sessionId: day.s.id, userId: people.auto.userId, joinedAt: day.at(9), leftAt: day.at(12) }));
  expect(auto.status, JSON.stringify(auto.body)).toBe(201);
  await w.setNow(day.at(13, 4));
  await signSlot(slots[1]!.id, w.tok.trainer);
  canvasAfternoon = await signSlot(slots[1]!.id, people.pin.token);
  await w.setNow(day.at(17, 5));
  await endSession(w, day.s.id);
  await override(day.s.id, people.zero.userId, 0, ZERO_REASON);
  await override(day.s.id, people.full.userId, 8 * 60, FULL_REASON);
}, 120_000);
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await w?.close();
});

async function latestHash(sessionId: string): Promise<{ hash: string; count: number }> {
  const rows = await w.api.db
    .select({ hash: emargements.sealedHash })
    .from(emargements)
    .where(and(eq(emargements.tenantId, w.acmeId), eq(emargements.sessionId, sessionId)))
    .orderBy(desc(emargements.chainPosition));
  return { hash: rows[0]!.hash, count: rows.length };
}

describe("GET /qualiopi/emargement/{sessionId}/sheet", () => {
  it("identity, modules in order, slots per half-day with every expected learner, trainers' signatures, overrides, chain hash", async () => {
    const res = await sheetOf(day.s.id, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    const moduleRows = await w.api.db.select().from(modules).where(and(eq(modules.tenantId, w.acmeId), eq(modules.courseId, w.sst.id)));
    const [course] = await w.api.db.select().from(courses).where(eq(courses.id, w.sst.id));
    // The NDA and SIRET of the legal identity (demo: server/seed/billing-clients.ts) win over the course's activityNumber.
    expect(course!.activityNumber).not.toBe("84 69 12345 69");
    expect(d.tenant).toEqual({ id: w.acmeId, slug: "acme", name: "Acme Formation", displayName: expect.any(String), activityNumber: "84 69 12345 69", siret: "81234567600017" });
    expect(d.course).toEqual({
      id: w.sst.id,
      title: w.sst.title,
      reference: course!.slug,
      modules: [...moduleRows].sort((a, b) => a.position - b.position).map((m) => ({ id: m.id, title: m.title, position: m.position })),
    });
    expect(d.session).toMatchObject({ id: day.s.id, title: day.s.title, status: "ENDED", scheduledAt: day.at(9).toISOString(), durationMinutes: 480, startedAt: day.at(8, 55).toISOString(), endedAt: day.at(17, 5).toISOString() });
    expect(d.timeZone).toBe(PARIS);
    expect(d.trainers).toEqual([{ userId: w.uid.trainer, firstName: "Thomas", lastName: "Bernard", records: [expect.objectContaining({ method: "CANVAS" }), expect.objectContaining({ method: "CANVAS" })] }]);
    expect(d.slots.map((s: { id: string; label: string; position: number }) => [s.id, s.label, s.position])).toEqual([
      [slots[0]!.id, `Matin — ${day.date}`, 1],
      [slots[1]!.id, `Après-midi — ${day.date}`, 2],
    ]);

    // Every registered learner (here every ACTIVE or COMPLETED enrollment of the course), sorted by last name.
    const expected = await w.api.db
      .select({ userId: users.id, lastName: users.lastName })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(and(eq(enrollments.tenantId, w.acmeId), eq(enrollments.courseId, w.sst.id)));
    const [morning, afternoon] = d.slots;
    expect(morning.learners.map((l: LearnerJson) => l.userId).sort()).toEqual(expected.map((e) => e.userId).sort());
    const lastNames = morning.learners.map((l: LearnerJson) => l.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => a.localeCompare(b, "fr", { sensitivity: "base", numeric: true })));

    const status = (slot: { learners: LearnerJson[] }, who: Learner) => [row(slot, who.userId).status, row(slot, who.userId).record?.method ?? null];
    expect(status(morning, people.pin)).toEqual(["PRESENT", "PIN"]);
    expect(status(afternoon, people.pin)).toEqual(["PRESENT", "CANVAS"]);
    expect(status(morning, people.slotOnly)).toEqual(["PRESENT", "CANVAS"]);
    expect(status(afternoon, people.slotOnly)).toEqual(["ABSENT", null]);
    // A session-level signature counts for the slot it was made in.
    expect(status(morning, people.qr)).toEqual(["PRESENT", "QR"]);
    expect(status(afternoon, people.qr)).toEqual(["ABSENT", null]);
    expect(status(morning, people.absent)).toEqual(["ABSENT", null]);
    expect(status(afternoon, people.absent)).toEqual(["ABSENT", null]);
    // AUTO: the connection (09:00-12:00) covers the morning (09:00-13:00) but its last hour: left early.
    expect(status(morning, people.auto)).toEqual(["LEFT_EARLY", "AUTO"]);
    expect(row(morning, people.auto.userId)).toMatchObject({ leftEarlyMinutes: 60, lateMinutes: null, minutes: 180, signedAt: day.at(9).toISOString() });
    expect(status(afternoon, people.auto)[0]).toBe("ABSENT");
    // Overrides: 0 minutes -> absent everywhere; the whole session -> present everywhere; reasons listed.
    for (const slot of [morning, afternoon]) {
      expect(status(slot, people.zero)).toEqual(["ABSENT", "OVERRIDE"]);
      expect(row(slot, people.zero.userId).overrides).toEqual([expect.objectContaining({ reason: ZERO_REASON, attendanceMinutes: 0, overrideBy: { userId: w.uid.admin, firstName: "Alice", lastName: "Martin" } })]);
      expect(status(slot, people.full)).toEqual(["PRESENT", "OVERRIDE"]);
    }
    expect(morning.summary).toEqual({
      expected: expected.length,
      present: 5,
      absent: expected.length - 5,
      byStatus: { PRESENT: 4, LEFT_EARLY: 1, LATE: 0, ABSENT: expected.length - 5, EXCUSED_ABSENCE: 0, NOT_YET: 0 },
    });
    expect(afternoon.summary).toEqual({ expected: expected.length, present: 2, absent: expected.length - 2, byStatus: { PRESENT: 2, LEFT_EARLY: 0, LATE: 0, ABSENT: expected.length - 2, EXCUSED_ABSENCE: 0, NOT_YET: 0 } });

    // Canvas records: no bytes, an authenticated download URL.
    expect(row(afternoon, people.pin.userId).record).toEqual({
      id: canvasAfternoon.id,
      slotId: slots[1]!.id,
      method: "CANVAS",
      signedAt: day.at(13, 4).toISOString(),
      hasSignature: true,
      signatureUrl: signatureUrlOf(canvasAfternoon.id),
      attendanceMinutes: null,
      attendanceRate: null,
      sealedHash: expect.stringMatching(HASH),
    });
    expect(morning.trainers).toEqual([{ userId: w.uid.trainer, firstName: "Thomas", lastName: "Bernard", signed: true, record: expect.objectContaining({ id: canvasTrainerMorning.id, hasSignature: true }) }]);
    expect(d.overrides.map((o: { reason: string }) => o.reason)).toEqual([ZERO_REASON, FULL_REASON]);

    const chain = await latestHash(day.s.id);
    expect(d.chain).toEqual({ hash: chain.hash, records: chain.count, verificationUrl: tenantUrl("acme", `/sessions/${day.s.id}/attendance`) });
  });

  it("slotId keeps one slot (404 for another session's slot); a session without slots has one whole-session slot and a null hash", async () => {
    const one = await sheetOf(day.s.id, w.tok.trainer, `?slotId=${slots[1]!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.slots.map((s: { id: string }) => s.id)).toEqual([slots[1]!.id]);

    const bare = await trainingDay(3, { durationMinutes: 120 });
    expectError(await sheetOf(day.s.id, w.tok.admin, "?slotId=slt_unknown"), 404);
    const res = await sheetOf(bare.s.id, w.tok.creator);
    expect(res.status).toBe(200);
    expect(res.body.data.slots).toEqual([
      expect.objectContaining({ id: null, position: 1, label: `Session complète — ${bare.date} 09:00–11:00`, startsAt: bare.at(9).toISOString(), endsAt: bare.at(11).toISOString() }),
    ]);
    // Not held yet: nobody is absent before the slot has ended.
    expect(res.body.data.slots[0].learners.length).toBeGreaterThan(0);
    expect(res.body.data.slots[0].learners.every((l: LearnerJson) => l.status === "NOT_YET" && l.record === null)).toBe(true);
    expect(res.body.data.chain).toMatchObject({ hash: null, records: 0 });
  });

  it("ADMIN, the course's creator and the session's trainers only: 403 learner, finance, other trainer or creator; 404 other tenant; 401", async () => {
    const creator2 = await createMember(w.api.db, w.acmeId, "CREATOR", "creator2.sheet@acme.test");
    const creator2Token = (await login(w.api, "acme", creator2.email)).accessToken;
    for (const token of [w.tok.admin, w.tok.creator, w.tok.trainer]) expect((await sheetOf(day.s.id, token)).status).toBe(200);
    for (const token of [w.tok.learner, people.pin.token, w.tok.finance, w.tok.trainer2, creator2Token]) expectError(await sheetOf(day.s.id, token), 403);
    expectError(await w.api.call("GET", `/qualiopi/emargement/${day.s.id}/sheet`, { tenant: "globex", token: w.tok.globexAdmin }), 404);
    expectError(await sheetOf(day.s.id), 401);
  });
});

describe("GET /emargement/{sessionId}/pdf", () => {
  it("a PDF whose text shows every learner and trainer, Absent, the overrides' reasons, and the chain hash and verification URL on every page", async () => {
    const res = await pdfOf(day.s.id, w.tok.trainer);
    expect(res.status, res.bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="feuille-emargement-\\d{4}-\\d{2}-\\d{2}-${day.s.id}\\.pdf"$`));
    expect(res.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const pages = pdfPages(res.bytes);
    const text = pages.join("\n");
    const sheet = (await sheetOf(day.s.id, w.tok.admin)).body.data;
    for (const l of sheet.slots[0].learners as LearnerJson[]) {
      expect(text).toContain(l.lastName.toUpperCase());
      expect(text).toContain(`${l.lastName.toUpperCase()} ${l.firstName}`);
    }
    expect(text).toContain("BERNARD Thomas");
    expect(text).toMatch(/\bAbsent\b/);
    expect(text).toContain(ZERO_REASON);
    expect(text).toContain(FULL_REASON);
    expect(text).toContain(w.sst.title);
    expect(text).toContain(`Matin — ${day.date}`);
    expect(text).toContain(`Après-midi — ${day.date}`);
    expect(text).toContain("84 69 12345 69"); // the NDA of the legal identity
    expect(text).toContain("81234567600017"); // its SIRET
    const { hash } = await latestHash(day.s.id);
    expect(pages.length).toBeGreaterThanOrEqual(3); // cover, two slots, corrections
    for (const page of pages) {
      expect(page).toContain(hash);
      // The public verification of this rendering (issue #20 item 4), not the staff page behind the login.
      expect(page).toMatch(/Code de vérification : [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
      expect(page).toContain(tenantUrl("acme", "/verify/"));
      expect(page).not.toContain(`/sessions/${day.s.id}/attendance`);
    }
    expectPageNumbers(res.bytes);
    // The drawn signatures are printed opaque on the page (documents/opaque-png.ts): no soft mask but the verification QR code's.
    const images = pdfImageList(res.bytes);
    expect(images.filter((i) => i.type === "image" && i.width !== 192).length).toBeGreaterThan(0);
    expect(images.filter((i) => i.type === "smask" && i.width !== 192)).toEqual([]);
  }, 120_000);

  it("slotId prints one slot; 403 learner, 404 other tenant or unknown slot, 401 without token (JSON errors)", async () => {
    const one = await pdfOf(day.s.id, w.tok.admin, `?slotId=${slots[0]!.id}`);
    expect(one.status).toBe(200);
    const text = pdfPages(one.bytes).join("\n");
    expect(text).toContain(`Matin — ${day.date}`);
    expect(text).not.toContain(`Créneau 2`);

    for (const [res, status] of [
      [await pdfOf(day.s.id, w.tok.learner), 403],
      [await pdfOf(day.s.id, w.tok.finance), 403],
      [await pdfOf(day.s.id, w.tok.globexAdmin, "", "globex"), 404],
      [await pdfOf(day.s.id, w.tok.admin, "?slotId=slt_unknown"), 404],
      [await pdfOf("ses_unknown", w.tok.admin), 404],
      [await pdfOf(day.s.id), 401],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual({ statusCode: status, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    }
  }, 120_000);

  it("is documented in /api/v1/openapi.json, as is the sheet data", async () => {
    const doc = (await w.call("GET", "/openapi.json")).body;
    expect(doc.paths["/emargement/{sessionId}/pdf"]?.get?.tags).toEqual(["Attendance (Qualiopi)"]);
    expect(doc.paths["/qualiopi/emargement/{sessionId}/sheet"]?.get?.tags).toEqual(["Attendance (Qualiopi)"]);
  });

  it("a large sheet renders off the request thread: API calls keep being answered while it renders", async () => {
    const big = await largeSession(60, 6);
    const started = performance.now();
    let pdfAt = 0;
    const pdf = pdfOf(big.id, w.tok.admin).then((r) => {
      pdfAt = performance.now();
      return r;
    });
    const answered: number[] = [];
    while (pdfAt === 0 && answered.length < 2000) {
      const res = await fetch(`${w.api.url}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      answered.push(performance.now());
    }
    const res = await pdf;
    expect(res.status).toBe(200);
    expect(pdfPages(res.bytes).length).toBeGreaterThanOrEqual(7);
    expectPageNumbers(res.bytes); // slots over several pages each
    // Health answers kept coming until the PDF was produced: no silence comparable to the render itself
    // (rendered on the request thread, the last health call would wait for the whole layout).
    const marks = [started, ...answered.filter((t) => t < pdfAt), pdfAt];
    const longestSilence = Math.max(...marks.slice(1).map((t, i) => t - marks[i]!));
    expect(marks.length - 2).toBeGreaterThanOrEqual(10);
    expect(longestSilence).toBeLessThan((pdfAt - started) / 4);
  }, 180_000);
});

/** A course with `learners` enrolled learners (seeded directly: no passwords) and an HOURLY-slotted session of `hours`. */
async function largeSession(learners: number, hours: number): Promise<Session> {
  const scope = forTenant(w.acmeId);
  const courseId = newId("crs");
  await w.api.db.insert(courses).values(scope.values(courses, { id: courseId, creatorId: w.uid.creator, slug: `sheet-large-${courseId.slice(4)}`, title: "Gestes et postures (grande promotion)", status: "PUBLISHED" as const }));
  await w.api.db.insert(modules).values(scope.valuesMany(modules, [1, 2, 3].map((position) => ({ id: newId("mod"), courseId, title: `Module ${position}`, position }))));
  const rows = Array.from({ length: learners }, (_, i) => ({ id: newId("usr"), email: `sheet.large.${i}.${courseId.slice(4, 10)}@acme.test`, firstName: `Stagiaire${i}`, lastName: `Promo${String(i).padStart(3, "0")}` }));
  await w.api.db.insert(users).values(rows);
  await w.api.db.insert(memberships).values(scope.valuesMany(memberships, rows.map((u) => ({ id: newId("mbr"), userId: u.id, role: "LEARNER" as const }))));
  await w.api.db.insert(enrollments).values(scope.valuesMany(enrollments, rows.map((u) => ({ id: newId("enr"), courseId, userId: u.id, status: "ACTIVE" as const }))));
  const s = await createSession(w, { courseId, scheduledAt: plus(w.now(), 48 * HOUR + 30 * MINUTE).toISOString(), durationMinutes: hours * 60 });
  const res = await w.call("POST", "/qualiopi/emargement/slots/generate", w.tok.creator, { sessionId: s.id, frequency: "HOURLY" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return s;
}
