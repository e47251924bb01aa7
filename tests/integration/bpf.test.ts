import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { attendanceSlots, billingClients, bpfCharges, courses, emargements, enrollments, invoices, liveSessions, tenantLegalIdentities } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { computeBpf } from "../../server/services/bpf/compute";
import { ensureMembership, ensureUser } from "../factories";
import { startWorld, type World } from "../helpers/attendance";
import { fetchBytes, pdfLayoutLines } from "../helpers/documents";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";

/**
 * Issue #12 item 6: the BPF through the REST surface. The 2021 figures of acme are built by hand
 * below (sessions, slots, attendance records, invoices inserted through the schema) and checked
 * against numbers computed on paper, including a session spanning 31 Dec -> 1 Jan (Europe/Paris)
 * split by hours, a credit note subtracted and a cancelled invoice ignored.
 */

let w: World;
const Y = 2021;
const ids: Record<string, string> = {};
let chain = 900_000;

beforeAll(async () => {
  w = await startWorld();
  await buildFixtures();
}, 120_000);
afterAll(() => w.close());

const at = (iso: string) => new Date(iso);

async function buildFixtures() {
  const db = w.api.db;
  const tenantId = w.acmeId;
  const course = async (key: string, format: "PRESENTIAL" | "ELEARNING", duration: number | null) => {
    const id = newId("crs");
    await db.insert(courses).values({ id, tenantId, creatorId: w.uid.creator, title: `BPF ${key}`, slug: `bpf-${key}-${id.slice(-6)}`, format, duration, status: "PUBLISHED" });
    ids[key] = id;
  };
  await course("live", "PRESENTIAL", 14);
  await course("elearn", "ELEARNING", 7);
  const person = async (key: string, last: string) => {
    const u = await ensureUser(db, { email: `bpf.${key}@acme.test`, firstName: "Stagiaire", lastName: last, password: null });
    await ensureMembership(db, tenantId, u.id, "LEARNER");
    ids[`u${key}`] = u.id;
  };
  for (const [k, last] of [["A", "Alpha"], ["B", "Bravo"], ["C", "Charlie"], ["D", "Delta"], ["E", "Echo"], ["F", "Foxtrot"]] as const) await person(k, last);
  const enroll = async (key: string, courseKey: string, cat: "SAL" | "DE" | "AUT" | null, fin: "OPCO" | "CPF" | "POLE_EMPLOI" | "EMPLOYER" | "SELF" | null, extra: Partial<typeof enrollments.$inferInsert> = {}) => {
    const id = newId("enr");
    await db.insert(enrollments).values({ id, tenantId, courseId: ids[courseKey]!, userId: ids[`u${key}`]!, traineeCategory: cat, financingSource: fin, enrolledAt: at("2021-01-05T10:00:00Z"), ...extra });
    ids[`e${key}`] = id;
  };
  await enroll("A", "live", "SAL", "OPCO");
  await enroll("B", "live", "DE", "POLE_EMPLOI");
  await enroll("C", "live", "AUT", "SELF");
  await enroll("D", "live", null, "EMPLOYER");
  await enroll("E", "elearn", "SAL", "CPF", { status: "COMPLETED", completedAt: at("2021-06-01T10:00:00Z") });
  await enroll("F", "live", "SAL", "EMPLOYER", { status: "CANCELLED", cancelledAt: at("2021-02-01T10:00:00Z") });

  const session = async (key: string, scheduledAt: string, durationMinutes: number) => {
    const id = newId("ses");
    await db.insert(liveSessions).values({ id, tenantId, courseId: ids.live!, title: `BPF ${key}`, scheduledAt: at(scheduledAt), durationMinutes, deliveryMode: "PRESENTIAL", place: { name: "Salle", address: "Lyon" }, status: "ENDED", mediaRoomName: `bpf-${id}`, attendancePin: "123456", createdBy: w.uid.admin });
    ids[key] = id;
  };
  // S1: 4 h on 10 March, no slots (one implicit slot): A, B, C, D sign -> 240 min each.
  await session("S1", "2021-03-10T08:00:00Z", 240);
  // S2: 31 Dec 22:00 -> 1 Jan 01:00 Paris (21:00Z -> 00:00Z): 120 min in 2021, 60 in 2022. A signs.
  await session("S2", "2021-12-31T21:00:00Z", 180);
  // S3: two slots 09-12 and 13-17 UTC on 1 June; B corrected LATE 30 min on the first, absent from the second -> 150 min.
  await session("S3", "2021-06-01T09:00:00Z", 420);
  const slot1 = newId("slt");
  const slot2 = newId("slt");
  await db.insert(attendanceSlots).values([
    { id: slot1, tenantId, sessionId: ids.S3!, startsAt: at("2021-06-01T09:00:00Z"), endsAt: at("2021-06-01T12:00:00Z"), label: "Matin", position: 1 },
    { id: slot2, tenantId, sessionId: ids.S3!, startsAt: at("2021-06-01T13:00:00Z"), endsAt: at("2021-06-01T17:00:00Z"), label: "Après-midi", position: 2 },
  ]);
  const record = async (sessionKey: string, who: string, signedAt: string, extra: Partial<typeof emargements.$inferInsert> = {}) => {
    chain += 1;
    await db.insert(emargements).values({ id: newId("emg"), tenantId, sessionId: ids[sessionKey]!, userId: who, enrollmentId: null, method: "PIN", signedAt: at(signedAt), sealedHash: `sha256:${"0".repeat(64)}`, chainPosition: chain, ...extra });
  };
  for (const k of ["A", "B", "C", "D"]) await record("S1", ids[`u${k}`]!, "2021-03-10T08:05:00Z");
  await record("S2", ids.uA!, "2021-12-31T21:05:00Z");
  await record("S3", ids.uB!, "2021-06-01T09:30:00Z", { method: "OVERRIDE", slotId: slot1, status: "LATE", lateMinutes: 30, overrideBy: w.uid.admin, reason: "Retard train" });
  // A trainer's signature counts for no trainee.
  await record("S1", w.uid.trainer, "2021-03-10T08:01:00Z");

  // 2019: three slots and signatures of every placement (session-level before, between and after
  // the slots, slot-level, both on one slot): A 120, B 120, C 90 + 120, D 120 -> 9.5 h.
  await session("S4", "2019-05-01T08:00:00Z", 360);
  const [sa, sb, sc] = [newId("slt"), newId("slt"), newId("slt")];
  await db.insert(attendanceSlots).values([
    { id: sa, tenantId, sessionId: ids.S4!, startsAt: at("2019-05-01T08:00:00Z"), endsAt: at("2019-05-01T10:00:00Z"), label: "a", position: 1 },
    { id: sb, tenantId, sessionId: ids.S4!, startsAt: at("2019-05-01T10:30:00Z"), endsAt: at("2019-05-01T12:00:00Z"), label: "b", position: 2 },
    { id: sc, tenantId, sessionId: ids.S4!, startsAt: at("2019-05-01T13:00:00Z"), endsAt: at("2019-05-01T15:00:00Z"), label: "c", position: 3 },
  ]);
  await record("S4", ids.uA!, "2019-05-01T07:50:00Z");
  await record("S4", ids.uB!, "2019-05-01T10:14:00Z");
  await record("S4", ids.uC!, "2019-05-01T10:45:00Z");
  await record("S4", ids.uC!, "2019-05-01T13:10:00Z", { slotId: sc });
  await record("S4", ids.uD!, "2019-05-01T16:00:00Z");
  await record("S4", ids.uD!, "2019-05-01T13:05:00Z", { slotId: sc });

  const client = async (key: string, kind: "COMPANY" | "OPCO" | "INDIVIDUAL" | "PUBLIC", name: string) => {
    const id = newId("cli");
    await db.insert(billingClients).values({ id, tenantId, kind, name });
    ids[key] = id;
  };
  await client("company", "COMPANY", "Entreprise Lumière");
  await client("opco", "OPCO", "OPCO Atlas");
  await client("public", "PUBLIC", "France Travail");
  await client("individual", "INDIVIDUAL", "Stagiaire Charlie");
  let seq = 0;
  const invoice = async (key: string, clientKey: string, cents: number, status: "DRAFT" | "ISSUED" | "PAID" | "CANCELLED" | "OVERDUE", issuedAt: string | null, extra: Partial<typeof invoices.$inferInsert> = {}) => {
    const id = newId("inv");
    seq += 1;
    const number = issuedAt ? `BPF-${issuedAt.slice(0, 4)}-${String(seq).padStart(6, "0")}` : null;
    await db.insert(invoices).values({
      id,
      tenantId,
      clientId: ids[clientKey]!,
      status,
      number,
      items: [{ description: "Formation", quantity: 1, unitPriceCents: cents, vatRate: 0, ...(extra.enrollmentId ? {} : { kind: "TRAINING" as const }) }],
      subtotalCents: cents,
      vatCents: 0,
      totalCents: cents,
      issuedAt: issuedAt ? at(issuedAt) : null,
      ...extra,
    });
    ids[key] = id;
  };
  await invoice("inv1", "opco", 100_000, "ISSUED", "2021-04-01T10:00:00Z", { enrollmentId: ids.eA, payer: "OPCO" }); // 2h, opco
  await invoice("inv2", "opco", 50_000, "PAID", "2021-07-01T10:00:00Z", { enrollmentId: ids.eE, payer: "OPCO" }); // 2e, cpf
  await invoice("inv3", "public", 80_000, "OVERDUE", "2021-05-01T10:00:00Z", { enrollmentId: ids.eB }); // 7, poleEmploi
  await invoice("inv4", "individual", 30_000, "PAID", "2021-05-02T10:00:00Z", { enrollmentId: ids.eC, payer: "LEARNER" }); // 9, self
  // 1, employer (no enrollment): its training line 1,200 counts in C; room hire (OTHER) and consulting (no kind, no enrollment) do not.
  await invoice("inv5", "company", 120_000, "ISSUED", "2021-02-01T10:00:00Z", {
    items: [
      { description: "Formation intra", quantity: 1, unitPriceCents: 120_000, vatRate: 0, kind: "TRAINING" },
      { description: "Location de salle", quantity: 2, unitPriceCents: 25_000, vatRate: 0, kind: "OTHER" },
      { description: "Conseil", quantity: 1.5, unitPriceCents: 20_000, vatRate: 0 },
    ],
    subtotalCents: 200_000,
    totalCents: 200_000,
  });
  await invoice("cn1", "company", 20_000, "ISSUED", "2021-08-01T10:00:00Z", { kind: "CREDIT_NOTE", creditedInvoiceId: ids.inv5 }); // 1, -200
  await invoice("inv6", "company", 99_999, "CANCELLED", "2021-09-01T10:00:00Z"); // ignored
  await invoice("inv7", "company", 55_555, "DRAFT", null); // ignored
  await invoice("inv8", "company", 44_444, "ISSUED", "2022-01-05T10:00:00Z"); // 2022
  await invoice("inv9", "public", 10_000, "ISSUED", "2021-10-01T10:00:00Z"); // 8, unknown source -> anomaly

  await db
    .insert(tenantLegalIdentities)
    .values({ tenantId, legalName: "Acme Formation SAS", legalForm: "SAS", siret: "73282932000074", nda: "11756543210", nafCode: "8559A", addressLine1: "1 rue de la Paix", postalCode: "75002", city: "Paris", directorName: "Camille Durand", directorRole: "Présidente" })
    .onConflictDoUpdate({ target: tenantLegalIdentities.tenantId, set: { legalName: "Acme Formation SAS", siret: "73282932000074", nda: "11756543210", nafCode: "8559A", directorName: "Camille Durand", directorRole: "Présidente", phone: null, email: null } });
}

const gen = (year: number, body: Record<string, unknown> = {}, token = w.tok.admin) => w.call("POST", `/bpf/year/${year}/generate`, token, body);
const submit = (year: number, body: Record<string, unknown> = { submittedAt: "2022-05-20", receiptId: "MAF-2021-0042", notes: "Déposé en ligne" }, token = w.tok.admin) =>
  w.call("POST", `/bpf/year/${year}/submit`, token, body);

describe("figures against hand-computed fixtures (2021)", () => {
  it("generate: 200 {year, status GENERATED, generatedAt, totals}", async () => {
    const res = await gen(Y);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      year: Y,
      status: "GENERATED",
      generatedAt: w.now().toISOString(),
      // A 240+120, B 240+150, C 240, D 240, E 7 h e-learning; F cancelled without hours.
      totals: { totalTrainees: 5, totalHours: 27.5, totalRevenueHT: 3700 },
    });
    expect((await auditRows(w.api, "bpf.generated", { tenantId: w.acmeId, targetId: String(Y) })).length).toBe(1);
  });

  it("snapshot: totals, financing sources, categories, frames, checks and anomalies", async () => {
    const res = await w.call("GET", `/bpf/year/${Y}`, w.tok.finance);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ year: Y, status: "GENERATED", totalTrainees: 5, totalHours: 27.5, totalRevenueHT: 3700, submittedAt: null, receiptId: null });
    // credit note -200 on the employer; the PUBLIC invoice without enrollment has no source.
    expect(d.financingSources).toEqual({ opco: 1000, cpf: 500, poleEmploi: 800, employer: 1000, self: 300 });
    expect(d.byCategory).toEqual([
      { code: "SAL", label: "Salariés d'employeurs privés", count: 2, hours: 13, revenueHT: 1500 },
      { code: "DE", label: "Demandeurs d'emploi", count: 1, hours: 6.5, revenueHT: 800 },
      { code: "AUT", label: "Autres stagiaires", count: 1, hours: 4, revenueHT: 300 },
    ]);
    const lines = Object.fromEntries(d.frames.c.lines.map((l: { line: string; amount: number }) => [l.line, l.amount]));
    expect(lines).toMatchObject({ "1": 1000, "2e": 500, "2h": 1000, "7": 800, "8": 100, "9": 300, "3": 0, "10": 0 });
    expect(d.frames.c.line2).toBe(1500);
    expect(d.frames.c.total).toBe(3700);
    expect(d.frames.f1.rows).toEqual([
      { row: "a", trainees: 2, hours: 13 },
      { row: "b", trainees: 0, hours: 0 },
      { row: "c", trainees: 1, hours: 6.5 },
      { row: "d", trainees: 1, hours: 4 },
      { row: "e", trainees: 0, hours: 0 },
    ]);
    expect(d.frames.a).toMatchObject({ legalName: "Acme Formation SAS", siret: "73282932000074", nda: "11756543210", nafCode: "8559A" });
    expect(d.frames.a.missing).toEqual(expect.arrayContaining(["email", "phone"]));
    expect(d.frames.b).toEqual({ year: Y, from: "2021-01-01", to: "2021-12-31", remote: true });
    expect(d.frames.h).toMatchObject({ directorName: "Camille Durand", directorRole: "Présidente" });
    expect(d.frames.h.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No charges entered, the two courses have neither objective nor NSF code.
    expect(d.frames.gaps).toEqual(["D", "F-3", "F-4"]);
    expect(d.frames.inputs.map((i: { code: string }) => i.code)).toEqual(["LEGAL_IDENTITY", "CHARGES", "TRAINEE_CATEGORY", "COURSE_OBJECTIVE", "COURSE_NSF"]);
    // The whole invoiced HT: C 3,700 + room hire 500 + consulting 300.
    expect(d.frames.c).toMatchObject({ total: 3700, turnoverHT: 4500, otherHT: 800, trainingShare: 82.2 });
    expect(d.frames.f2).toEqual({ trainees: 0, hours: 0 });
    expect(d.frames.g).toEqual({ trainees: 0, hours: 0 });
    const checks = Object.fromEntries(d.checks.map((c: { code: string; ok: boolean }) => [c.code, c.ok]));
    // D has no category: F-1 misses one trainee (4 h); the unknown-source invoice breaks the financing total; F-3 and F-4 miss every course.
    expect(checks).toEqual({
      F1_TOTAL_TRAINEES: false,
      F1_TOTAL_HOURS: false,
      F3_TOTAL_TRAINEES: false,
      F3_TOTAL_HOURS: false,
      F4_TOTAL_TRAINEES: false,
      F4_TOTAL_HOURS: false,
      C_TOTAL: true,
      C_LINE_2: true,
      FINANCING_TOTAL: false,
      F2_LE_F1: true,
    });
    expect(d.checks.find((c: { code: string }) => c.code === "F1_TOTAL_HOURS")).toMatchObject({ expected: 27.5, actual: 23.5 });
    expect(d.anomalies).toEqual({ traineesWithoutCategory: 1, traineesWithoutFinancing: 0, invoicesWithoutSource: 1 });
  });

  it("breakdown: totals, financingSources, byCategory from the same snapshot", async () => {
    const res = await w.call("GET", `/bpf/year/${Y}/breakdown`, w.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toEqual({ totalTrainees: 5, totalHours: 27.5, totalRevenueHT: 3700 });
    expect(res.body.data.financingSources.employer).toBe(1000);
    expect(res.body.data.byCategory[0].count).toBe(2);
  });

  it("the session spanning 31 Dec -> 1 Jan gives its last hour to 2022 (with the 2022 invoice)", async () => {
    expect((await gen(2022)).status).toBe(200);
    const res = await w.call("GET", `/bpf/year/2022/cells/trainees`, w.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ type: "ENROLLMENT", enrollmentId: ids.eA, hours: 1 });
    const snap = (await w.call("GET", `/bpf/year/2022`, w.tok.admin)).body.data;
    expect(snap).toMatchObject({ totalTrainees: 1, totalHours: 1, totalRevenueHT: 444.44 });
  });

  it("drill-down: each figure lists its records, and the figure equals their sum", async () => {
    const hours = await w.call("GET", `/bpf/year/${Y}/cells/hours?perPage=100`, w.tok.admin);
    expect(hours.status).toBe(200);
    expect(hours.body.meta).toMatchObject({ total: 5, cell: "hours", value: 27.5, page: 1, perPage: 100 });
    const byEnrollment = Object.fromEntries(hours.body.data.map((r: { enrollmentId: string; hours: number }) => [r.enrollmentId, r.hours]));
    expect(byEnrollment).toEqual({ [ids.eA!]: 6, [ids.eB!]: 6.5, [ids.eC!]: 4, [ids.eD!]: 4, [ids.eE!]: 7 });
    expect(hours.body.data.find((r: { enrollmentId: string }) => r.enrollmentId === ids.eA).label).toContain("Stagiaire Alpha");

    const line1 = await w.call("GET", `/bpf/year/${Y}/cells/c-1`, w.tok.finance);
    expect(line1.status).toBe(200);
    expect(line1.body.meta.value).toBe(1000);
    expect(line1.body.data.map((r: { id: string; amountHT: number; invoiceKind: string }) => [r.id, r.amountHT, r.invoiceKind])).toEqual([
      [ids.inv5, 1200, "INVOICE"],
      [ids.cn1, -200, "CREDIT_NOTE"],
    ]);
    const revenue = await w.call("GET", `/bpf/year/${Y}/cells/revenue?perPage=100`, w.tok.admin);
    const listed = revenue.body.data.map((r: { id: string }) => r.id);
    expect(listed).not.toContain(ids.inv6); // cancelled
    expect(listed).not.toContain(ids.inv7); // draft
    expect(listed).not.toContain(ids.inv8); // 2022
    expect(revenue.body.data.reduce((s: number, r: { amountHT: number }) => s + r.amountHT, 0)).toBe(revenue.body.meta.value);

    const none = await w.call("GET", `/bpf/year/${Y}/cells/category-NONE`, w.tok.admin);
    expect(none.body.data.map((r: { enrollmentId: string; anomaly: string }) => [r.enrollmentId, r.anomaly])).toEqual([[ids.eD, "NO_CATEGORY"]]);
    const anomalies = await w.call("GET", `/bpf/year/${Y}/cells/anomalies`, w.tok.admin);
    expect(anomalies.body.meta.value).toBe(2);
    expect(anomalies.body.data.map((r: { id: string }) => r.id)).toEqual([ids.eD, ids.inv9]);
    const f1a = await w.call("GET", `/bpf/year/${Y}/cells/f1-a`, w.tok.admin);
    expect(f1a.body.data.map((r: { enrollmentId: string }) => r.enrollmentId).sort()).toEqual([ids.eA, ids.eE].sort());
    const cpf = await w.call("GET", `/bpf/year/${Y}/cells/financing-cpf`, w.tok.admin);
    expect(cpf.body.data.map((r: { id: string }) => r.id)).toEqual([ids.inv2]);
    const c2 = await w.call("GET", `/bpf/year/${Y}/cells/c-2`, w.tok.admin);
    expect(c2.body.meta.value).toBe(1500);

    // Pagination: trainees first, then invoices.
    const p1 = await w.call("GET", `/bpf/year/${Y}/cells/anomalies?perPage=1&page=2`, w.tok.admin);
    expect(p1.body.data.map((r: { id: string }) => r.id)).toEqual([ids.inv9]);
    expect(p1.body.meta).toMatchObject({ total: 2, page: 2, perPage: 1 });
  });

  it("drill-down errors: 404 BPF_CELL_UNKNOWN, 404 without snapshot", async () => {
    expectError(await w.call("GET", `/bpf/year/${Y}/cells/nonsense`, w.tok.admin), 404);
    expect((await w.call("GET", `/bpf/year/${Y}/cells/nonsense`, w.tok.admin)).body.code).toBe("BPF_CELL_UNKNOWN");
    const res = await w.call("GET", `/bpf/year/2015/cells/trainees`, w.tok.admin);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("BPF_SNAPSHOT_NOT_FOUND");
  });
});

describe("hours: the SQL path for signatures equals the attendance status function", () => {
  it("2019 (every signature placement) and 2021 (a correction, a year-spanning session): same figures with every person through computeAttendance", async () => {
    const ctx = { db: w.api.db, scope: forTenant(w.acmeId), tenantId: w.acmeId, timeZone: "Europe/Paris", now: w.now() };
    for (const year of [2019, 2021, 2022]) {
      const fast = (await computeBpf(ctx, year)).summary;
      const exact = (await computeBpf(ctx, year, { exact: true })).summary;
      expect(fast, String(year)).toEqual(exact);
    }
    const y2019 = (await computeBpf(ctx, 2019)).summary;
    expect(y2019).toMatchObject({ totalTrainees: 4, totalHours: 9.5 });
  });
});

describe("CSV and PDF", () => {
  it("CSV: BOM, spec columns then French ones, default ';' with decimal commas, one row per trainee and one per invoice without trainee; amountHT sums to frame C", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv`, { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("bpf-2021.csv");
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.bytes.toString("utf8").slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("traineeId;category;hours;financingSource;amountHT;Stagiaire;Formation;Cadre;Catégorie (libellé);Source de financement (libellé);Facture");
    const rows = lines.slice(1).map((l) => l.split(";"));
    // 5 trainees, then the 3 invoices linked to no trainee (inv5, its credit note, inv9).
    expect(rows).toHaveLength(8);
    expect(rows).toContainEqual([ids.uA, "SAL", "6", "OPCO", "1000", "Stagiaire Alpha", "BPF live", "F", "Salarié d'un employeur privé", "OPCO", ""]);
    expect(rows).toContainEqual([ids.uB, "DE", "6,5", "POLE_EMPLOI", "800", "Stagiaire Bravo", "BPF live", "F", "Demandeur d'emploi", "France Travail (ex-Pôle emploi)", ""]);
    expect(rows).toContainEqual([ids.uD, "", "4", "EMPLOYER", "0", "Stagiaire Delta", "BPF live", "F", "", "Employeur", ""]);
    expect(rows).toContainEqual([ids.uE, "SAL", "7", "CPF", "500", "Stagiaire Echo", "BPF elearn", "F", "Salarié d'un employeur privé", "CPF (Caisse des dépôts)", ""]);
    const inv5 = rows.find((r) => r[10]!.startsWith("BPF-2021-") && r[4] === "1200")!;
    expect(inv5.slice(0, 5)).toEqual(["", "", "", "EMPLOYER", "1200"]);
    expect(inv5[7]).toContain("sans stagiaire");
    const sum = rows.reduce((a, r) => a + Number(r[4]!.replace(",", ".")), 0);
    expect(Math.round(sum * 100) / 100).toBe(3700);
  });

  it("CSV: separator ',' uses a decimal point; an invalid separator is 400", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv?separator=${encodeURIComponent(",")}`, { tenant: "acme", token: w.tok.finance });
    expect(res.status).toBe(200);
    const lines = res.bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]!.startsWith("traineeId,category,hours,financingSource,amountHT,")).toBe(true);
    expect(lines.find((l) => l.startsWith(`${ids.uB},`))!.split(",").slice(0, 5)).toEqual([ids.uB, "DE", "6.5", "POLE_EMPLOI", "800"]);
    const bad = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export-csv?separator=x`, { tenant: "acme", token: w.tok.admin });
    expect(bad.status).toBe(400);
    expect((await fetchBytes(w.api, "GET", `/bpf/year/2015/export-csv`, { tenant: "acme", token: w.tok.admin })).status).toBe(404);
  });

  // The first PDF of the file starts the render pool (fonts, React-PDF): slow on a loaded 2-core machine.
  it("PDF: frames A to H with the figures (text layer)", async () => {
    const res = await fetchBytes(w.api, "GET", `/bpf/year/${Y}/export`, { tenant: "acme", token: w.tok.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfLayoutLines(res.bytes).join("\n").replace(/\u202f|\u00a0/g, " ");
    for (const frame of ["A. Identification", "B. Caractéristiques", "C. Bilan financier", "D. Bilan financier", "E. Personnes dispensant", "F. Bilan pédagogique", "G. Stagiaires", "H. Personne ayant la qualité"])
      expect(text).toContain(frame);
    expect(text).toContain("exercice 2021");
    expect(text).toContain("11756543210");
    expect(text).toContain("Acme Formation SAS");
    expect(text).toContain("Camille Durand");
    expect(text).toContain("3 700,00 €");
    expect(text).toContain("1 500,00 €");
    expect(text).toContain("27,5 h");
    expect(text).toContain("non renseigné");
    expect(text).toMatch(/Écart : 27,5 ≠ 23,5/);
    // French dates only.
    expect(text).toContain("du 01/01/2021 au 31/12/2021");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain("82,2 %");
    expect((await fetchBytes(w.api, "GET", `/bpf/year/2015/export`, { tenant: "acme", token: w.tok.admin })).status).toBe(404);
  }, 120_000);
});

describe("state table", () => {
  it("GENERATED -> generate again: overwritten (recalculated, new generatedAt)", async () => {
    await w.advance(60);
    const res = await gen(Y);
    expect(res.status).toBe(200);
    expect(res.body.data.generatedAt).toBe(w.now().toISOString());
    expect((await w.call("GET", `/bpf/year/${Y}`, w.tok.admin)).body.data.generatedAt).toBe(w.now().toISOString());
    expect((await auditRows(w.api, "bpf.regenerated", { tenantId: w.acmeId, targetId: String(Y) })).length).toBe(1);
  });

  it("GENERATED -> submit: 200 SUBMITTED with the receipt; the snapshot shows it", async () => {
    const res = await submit(Y);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ year: Y, status: "SUBMITTED", submittedAt: "2022-05-20", receiptId: "MAF-2021-0042", notes: "Déposé en ligne" });
    expect((await w.call("GET", `/bpf/year/${Y}`, w.tok.admin)).body.data).toMatchObject({ status: "SUBMITTED", submittedAt: "2022-05-20", receiptId: "MAF-2021-0042" });
    expect((await auditRows(w.api, "bpf.submitted", { tenantId: w.acmeId, targetId: String(Y) })).length).toBe(1);
  });

  it("SUBMITTED -> submit: 409 BPF_ALREADY_SUBMITTED", async () => {
    const res = await submit(Y);
    expectError(res, 409);
    expect(res.body.code).toBe("BPF_ALREADY_SUBMITTED");
  });

  it("SUBMITTED -> generate without force: 409, the snapshot is locked (figures unchanged after a new invoice)", async () => {
    await w.api.db.insert(invoices).values({ id: newId("inv"), tenantId: w.acmeId, clientId: ids.company!, status: "ISSUED", number: "BPF-2021-LATE01", items: [{ description: "Formation", quantity: 1, unitPriceCents: 1_000, vatRate: 0, kind: "TRAINING" }], subtotalCents: 1_000, vatCents: 0, totalCents: 1_000, issuedAt: at("2021-11-11T10:00:00Z") });
    for (const body of [{}, { force: false }]) {
      const res = await gen(Y, body);
      expectError(res, 409);
      expect(res.body.code).toBe("BPF_ALREADY_SUBMITTED");
    }
    expect((await w.call("GET", `/bpf/year/${Y}`, w.tok.admin)).body.data).toMatchObject({ status: "SUBMITTED", totalRevenueHT: 3700 });
  });

  it("SUBMITTED -> generate force: GENERATED, recalculated, the submission cleared", async () => {
    const res = await gen(Y, { force: true }, w.tok.finance);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "GENERATED", totals: { totalRevenueHT: 3710 } });
    expect((await w.call("GET", `/bpf/year/${Y}`, w.tok.admin)).body.data).toMatchObject({ status: "GENERATED", submittedAt: null, receiptId: null });
    const audit = await auditRows(w.api, "bpf.regenerated_after_submission", { tenantId: w.acmeId, targetId: String(Y) });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.metadata).toMatchObject({ previousReceiptId: "MAF-2021-0042", force: true });
  });

  it("none -> submit: 404; none -> get, breakdown: 404", async () => {
    for (const res of [await submit(2016), await w.call("GET", "/bpf/year/2016", w.tok.admin), await w.call("GET", "/bpf/year/2016/breakdown", w.tok.admin)]) {
      expectError(res, 404);
      expect(res.body.code).toBe("BPF_SNAPSHOT_NOT_FOUND");
    }
  });

  it("validation: 422 year not started (a rule), 400 bad year in the path, 400 malformed submit fields, 422 a submission date in the future, 400 unknown fields", async () => {
    const future = await gen(w.now().getUTCFullYear() + 1);
    expectError(future, 422);
    expect(future.body.code).toBe("BPF_YEAR_NOT_STARTED");
    expect(future.body.errors.year).toBeDefined();
    expect((await w.call("GET", "/bpf/year/19", w.tok.admin)).status).toBe(400);
    const bad = await submit(Y, { submittedAt: "20-05-2022", receiptId: "" });
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["receiptId", "submittedAt"]);
    const tomorrow = new Date(w.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const inFuture = await submit(Y, { submittedAt: tomorrow, receiptId: "X" });
    expectError(inFuture, 422);
    expect(inFuture.body.errors.submittedAt).toBeDefined();
    expectUnknownFields(await gen(Y, { force: true, total: 1 }), ["total"]);
    expectUnknownFields(await submit(Y, { submittedAt: "2022-05-20", receiptId: "X", status: "GENERATED" }), ["status"]);
  });
});

describe("current year", () => {
  it("live aggregates {year, asOf, totals, status OPEN}, recalculated at every call", async () => {
    const year = w.now().getUTCFullYear();
    const first = await w.call("GET", "/bpf/current-year", w.tok.finance);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ year, status: "OPEN", asOf: w.now().toISOString() });
    const before = first.body.data.totalRevenueHT as number;
    await w.api.db.insert(invoices).values({ id: newId("inv"), tenantId: w.acmeId, clientId: ids.company!, status: "ISSUED", number: `BPF-${year}-LIVE01`, items: [{ description: "Formation", quantity: 1, unitPriceCents: 12_345, vatRate: 0, kind: "TRAINING" }], subtotalCents: 12_345, vatCents: 0, totalCents: 12_345, issuedAt: w.now() });
    await w.advance(1);
    const second = await w.call("GET", "/bpf/current-year", w.tok.admin);
    expect(second.body.data.totalRevenueHT).toBeCloseTo(before + 123.45, 2);
    expect(second.body.data.asOf).toBe(w.now().toISOString());
  });
});

describe("tenancy and roles", () => {
  it("another tenant sees none of acme's BPF: 404 on its years, its own figures when it generates", async () => {
    for (const path of [`/bpf/year/${Y}`, `/bpf/year/${Y}/breakdown`, `/bpf/year/${Y}/cells/trainees`, `/bpf/year/${Y}/export`, `/bpf/year/${Y}/export-csv`]) {
      const res = await w.api.call("GET", path, { tenant: "globex", token: w.tok.globexAdmin });
      expect(res.status, path).toBe(404);
    }
    expect((await w.api.call("POST", `/bpf/year/${Y}/submit`, { tenant: "globex", token: w.tok.globexAdmin, body: { submittedAt: "2022-05-20", receiptId: "X" } })).status).toBe(404);
    const res = await w.api.call("POST", `/bpf/year/${Y}/generate`, { tenant: "globex", token: w.tok.globexAdmin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toEqual({ totalTrainees: 0, totalHours: 0, totalRevenueHT: 0 });
    // acme's token against globex: not a member.
    expect((await w.api.call("GET", `/bpf/year/${Y}`, { tenant: "globex", token: w.tok.admin })).status).toBe(403);
  });

  it("403 for every role but ADMIN and FINANCIER, on every operation; 401 without a token", async () => {
    const ops: [string, string, unknown?][] = [
      ["GET", "/bpf/current-year"],
      ["GET", `/bpf/year/${Y}`],
      ["POST", `/bpf/year/${Y}/generate`, {}],
      ["GET", `/bpf/year/${Y}/export`],
      ["GET", `/bpf/year/${Y}/export-csv`],
      ["POST", `/bpf/year/${Y}/submit`, { submittedAt: "2022-05-20", receiptId: "X" }],
      ["GET", `/bpf/year/${Y}/breakdown`],
      ["GET", `/bpf/year/${Y}/cells/trainees`],
    ];
    for (const [method, path, body] of ops) {
      for (const who of ["creator", "trainer", "learner", "funder"] as const) {
        const res = await w.call(method, path, w.tok[who], body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
      }
      expect((await w.call(method, path, undefined, body)).status, `anonymous ${method} ${path}`).toBe(401);
    }
  });
});

describe("demo data", () => {
  // The 2021 fixtures above replaced the demo's legal identity (director, no e-mail nor phone): put the demo's back.
  beforeAll(async () => {
    await w.api.db
      .update(tenantLegalIdentities)
      .set({ email: "facturation@acme.test", phone: "+33 4 72 00 00 00", directorName: "Alice Martin", directorRole: "Présidente" })
      .where(eq(tenantLegalIdentities.tenantId, w.acmeId));
  });
  const lastYear = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric" }).format(w.now())) - 1;
  type Frames = {
    gaps: string[];
    inputs: { code: string; href: string; items: { label: string }[] }[];
    c: { total: number; turnoverHT: number; trainingShare: number | null };
    d: unknown;
    e: { internal: { people: number; hours: number }; external: { people: number; hours: number }; unknown: number };
    f1: { totalTrainees: number; totalHours: number };
    f2: { trainees: number; hours: number };
    f3: { totalTrainees: number; totalHours: number; unknown: number };
    f4: { rows: { code: string }[]; totalTrainees: number; totalHours: number; unknown: number };
    g: { trainees: number; hours: number };
    h: { directorName: string; directorRole: string; date: string };
  };

  it("acme has last year's BPF GENERATED with every frame filled: no gap, no missing input, all checks hold", async () => {
    const year = lastYear();
    const res = await w.call("GET", `/bpf/year/${year}`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // SST 17.5 h (3 trainees) + the management day's subcontracted trainee 7 h; the received one goes to G.
    expect(res.body.data).toMatchObject({ year, status: "GENERATED", totalTrainees: 4, totalHours: 24.5, totalRevenueHT: 6700 });
    expect(res.body.data.financingSources).toEqual({ opco: 1400, cpf: 0, poleEmploi: 2000, employer: 2600, self: 700 });
    expect(res.body.data.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    const f = res.body.data.frames as Frames;
    expect(f.gaps).toEqual([]);
    expect(f.inputs).toEqual([]);
    expect(f.c).toMatchObject({ total: 6700, turnoverHT: 7350, trainingShare: 91.2 });
    expect(f.d).toEqual({ totalCharges: 48500, trainerSalaries: 21000, trainingPurchases: 6400 });
    expect(f.e).toEqual({ internal: { people: 1, hours: 7 }, external: { people: 1, hours: 7 }, unknown: 0 });
    expect(f.f2).toEqual({ trainees: 1, hours: 7 });
    expect(f.g).toEqual({ trainees: 1, hours: 7 });
    expect(f.f3).toMatchObject({ totalTrainees: 4, totalHours: 24.5, unknown: 0 });
    expect(f.f4).toMatchObject({ totalTrainees: 4, totalHours: 24.5, unknown: 0 });
    expect(f.f4.rows.map((r) => r.code)).toEqual(["344", "310"]);
    expect(f.h).toMatchObject({ directorName: "Alice Martin", directorRole: "Présidente" });
    // The chain the seed appended to still verifies.
    const sessions = (await w.call("GET", "/sessions?limit=100&status=ENDED", w.tok.admin)).body.data as { id: string; title: string }[];
    const past = sessions.find((s) => s.title.includes(`novembre ${year}`))!;
    const verify = await w.call("GET", `/qualiopi/emargement/${past.id}/verify`, w.tok.admin);
    expect(verify.body.data).toMatchObject({ valid: true, brokenAt: null });
  });

  it("last year's PDF prints no 'non renseigné' and French dates; its CSV sums to frame C", async () => {
    const year = lastYear();
    const pdf = await fetchBytes(w.api, "GET", `/bpf/year/${year}/export`, { tenant: "acme", token: w.tok.admin });
    expect(pdf.status).toBe(200);
    const text = pdfLayoutLines(pdf.bytes).join("\n").replace(/\u202f|\u00a0/g, " ");
    expect(text).not.toContain("non renseigné");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain(`du 01/01/${year} au 31/12/${year}`);
    expect(text).toContain("91,2 %");
    expect(text).toContain("344 — Sécurité des biens et des personnes");
    const csv = await fetchBytes(w.api, "GET", `/bpf/year/${year}/export-csv`, { tenant: "acme", token: w.tok.admin });
    const rows = csv.bytes.toString("utf8").slice(1).split("\r\n").filter(Boolean).slice(1).map((l) => l.split(";"));
    const sum = rows.reduce((a, r) => a + Number(r[4]!.replace(",", ".")), 0);
    expect(Math.round(sum * 100) / 100).toBe(6700);
    expect(rows.some((r) => r[5] === "Lucas Moreau" && r[7] === "G")).toBe(true);
  });

  it("the live year, generated, has no gap either, and its CSV sums to frame C", async () => {
    const year = lastYear() + 1;
    expect((await gen(year)).status).toBe(200);
    const res = await w.call("GET", `/bpf/year/${year}`, w.tok.admin);
    const f = res.body.data.frames as Frames;
    expect(f.gaps).toEqual([]);
    expect(f.inputs).toEqual([]);
    expect(f.d).not.toBeNull();
    expect(f.f1.totalTrainees).toBe(f.f3.totalTrainees);
    expect(f.f1.totalTrainees).toBe(f.f4.totalTrainees);
    expect(f.f1.totalHours).toBe(f.f3.totalHours);
    expect(f.f1.totalHours).toBe(f.f4.totalHours);
    expect(f.c.trainingShare).not.toBeNull();
    // Support de cours and meals are invoiced but are not training revenue.
    expect(f.c.turnoverHT).toBeGreaterThan(f.c.total);
    const csv = await fetchBytes(w.api, "GET", `/bpf/year/${year}/export-csv`, { tenant: "acme", token: w.tok.admin });
    const rows = csv.bytes.toString("utf8").slice(1).split("\r\n").filter(Boolean).slice(1).map((l) => l.split(";"));
    const sum = rows.reduce((a, r) => a + Number(r[4]!.replace(",", ".")), 0);
    expect(Math.round(sum * 100) / 100).toBe(f.c.total);
    expect(f.c.total).toBeGreaterThan(0);
  });

  it("an input removed is named with where to enter it, and entering it through the API fills the frame again", async () => {
    const year = lastYear();
    const course = (await w.call("GET", "/bpf/courses", w.tok.admin)).body.data.find((c: { title: string }) => c.title.startsWith("Management"));
    // The NSF code of the management course, and the charges of the year, removed.
    const cleared = await w.call("PATCH", `/bpf/courses/${course.id}`, w.tok.admin, { nsfCode: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    await w.api.db.delete(bpfCharges).where(and(eq(bpfCharges.tenantId, w.acmeId), eq(bpfCharges.year, year)));
    expect((await gen(year)).status).toBe(200);
    const f = (await w.call("GET", `/bpf/year/${year}`, w.tok.admin)).body.data.frames as Frames;
    expect(f.gaps).toEqual(["D", "F-4"]);
    expect(f.inputs).toEqual([
      { code: "CHARGES", frame: "D", href: "/bpf#bpf-charges", items: [] },
      { code: "COURSE_NSF", frame: "F-4", href: "/bpf#bpf-courses", items: [{ id: course.id, label: course.title }] },
    ]);
    expect(f.f4).toMatchObject({ totalTrainees: 3, unknown: 1 });

    const put = await w.call("PUT", `/bpf/year/${year}/charges`, w.tok.finance, { totalCents: 4_850_000, trainerSalariesCents: 2_100_000, trainingPurchasesCents: 640_000 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ year, totalCents: 4_850_000 });
    expect((await w.call("GET", `/bpf/year/${year}/charges`, w.tok.admin)).body.data).toMatchObject({ trainerSalariesCents: 2_100_000 });
    expect((await w.call("PATCH", `/bpf/courses/${course.id}`, w.tok.admin, { nsfCode: "310" })).status).toBe(200);
    expect((await gen(year)).status).toBe(200);
    const again = (await w.call("GET", `/bpf/year/${year}`, w.tok.admin)).body.data.frames as Frames;
    expect(again.gaps).toEqual([]);
    expect(again.inputs).toEqual([]);
    expect((await auditRows(w.api, "bpf.charges_set", { tenantId: w.acmeId, targetId: String(year) })).length).toBe(1);
  });

  it("inputs: validation (422), another tenant's ids (404), trainer engagement and subcontracting", async () => {
    const year = lastYear();
    const over = await w.call("PUT", `/bpf/year/${year}/charges`, w.tok.admin, { totalCents: 100, trainerSalariesCents: 80, trainingPurchasesCents: 30 });
    expectError(over, 422);
    expect(over.body.errors.totalCents).toBeDefined();
    expectUnknownFields(await w.call("PUT", `/bpf/year/${year}/charges`, w.tok.admin, { totalCents: 1, trainerSalariesCents: 0, trainingPurchasesCents: 0, extra: 1 }), ["extra"]);
    const course = (await w.call("GET", "/bpf/courses", w.tok.admin)).body.data[0];
    const noLevel = await w.call("PATCH", `/bpf/courses/${course.id}`, w.tok.admin, { trainingObjective: "RNCP" });
    expectError(noLevel, 422);
    expect(noLevel.body.errors.rncpLevel).toBeDefined();
    const badNsf = await w.call("PATCH", `/bpf/courses/${course.id}`, w.tok.admin, { nsfCode: "999" });
    expectError(badNsf, 422);
    expect(badNsf.body.errors.nsfCode).toBeDefined();
    expect((await w.api.call("PATCH", `/bpf/courses/${course.id}`, { tenant: "globex", token: w.tok.globexAdmin, body: { nsfCode: "344" } })).status).toBe(404);
    const trainers = (await w.call("GET", "/bpf/trainers", w.tok.admin)).body.data as { userId: string; engagement: string | null }[];
    expect(trainers.find((t) => t.userId === w.uid.trainer)?.engagement).toBe("INTERNAL");
    const set = await w.call("PUT", `/bpf/trainers/${w.uid.trainer}`, w.tok.admin, { engagement: "EXTERNAL" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await w.call("PUT", `/bpf/trainers/${w.uid.trainer}`, w.tok.admin, { engagement: "INTERNAL" })).status).toBe(200);
    expect((await w.call("PUT", `/bpf/trainers/usr_nobody`, w.tok.admin, { engagement: "INTERNAL" })).status).toBe(404);
    const [enr] = await w.api.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.tenantId, w.acmeId)).limit(1);
    const sub = await w.call("PUT", `/bpf/enrollments/${enr!.id}/subcontracting`, w.tok.admin, { subcontracting: null });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect((await w.api.call("PUT", `/bpf/enrollments/${enr!.id}/subcontracting`, { tenant: "globex", token: w.tok.globexAdmin, body: { subcontracting: "RECEIVED" } })).status).toBe(404);
    for (const who of ["creator", "trainer", "learner", "funder"] as const) expect((await w.call("PUT", `/bpf/year/${year}/charges`, w.tok[who], { totalCents: 1, trainerSalariesCents: 0, trainingPurchasesCents: 0 })).status).toBe(403);
  });
});

describe("OF mode", () => {
  it("every /bpf operation answers 403 OF_MODE_DISABLED when OF mode is off, and works again when it is back on", async () => {
    const off = await w.call("PATCH", "/tenants/me/of-mode", w.tok.admin, { enabled: false });
    expect(off.status).toBe(200);
    try {
      const ops: [string, string, unknown?][] = [
        ["GET", "/bpf/current-year"],
        ["GET", `/bpf/year/${Y}`],
        ["POST", `/bpf/year/${Y}/generate`, {}],
        ["GET", `/bpf/year/${Y}/breakdown`],
        ["GET", `/bpf/year/${Y}/cells/trainees`],
        ["POST", `/bpf/year/${Y}/submit`, { submittedAt: "2022-05-20", receiptId: "X" }],
        ["GET", `/bpf/year/${Y}/charges`],
        ["PUT", `/bpf/year/${Y}/charges`, { totalCents: 1, trainerSalariesCents: 0, trainingPurchasesCents: 0 }],
        ["GET", "/bpf/trainers"],
        ["GET", "/bpf/courses"],
      ];
      for (const [method, path, body] of ops) {
        const res = await w.call(method, path, w.tok.admin, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.code, `${method} ${path}`).toBe("OF_MODE_DISABLED");
      }
      for (const path of [`/bpf/year/${Y}/export`, `/bpf/year/${Y}/export-csv`]) {
        const res = await fetchBytes(w.api, "GET", path, { tenant: "acme", token: w.tok.finance });
        expect(res.status, path).toBe(403);
      }
    } finally {
      expect((await w.call("PATCH", "/tenants/me/of-mode", w.tok.admin, { enabled: true })).status).toBe(200);
    }
    expect((await w.call("GET", "/bpf/current-year", w.tok.admin)).status).toBe(200);
  });
});
