import { and, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { TCLine, TF1Row, TFinancingKey } from "../../contracts/bpf";
import { C_LINES, F1_ROWS } from "../../contracts/bpf";
import type { DbOrTx } from "../../db";
import { attendanceSlots, billingClients, courses, emargements, enrollments, invoices, liveSessions, sessionTrainers, tenantLegalIdentities } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { computeAttendance, type StatusRecord, type StatusSlot } from "../attendance/status";
import { zonedTimeToUtc } from "../attendance/lib/slots";

/**
 * THE BPF computation (cerfa 10443*17). Every reader goes through {@link computeBpf}: the live
 * current-year view, the snapshot written by generate (and so the breakdown, the CSV, the PDF
 * and the drill-down, which read that snapshot's data), so they can never disagree.
 *
 * Decisions (also stated in the OpenAPI descriptions):
 * - The exercise is the calendar year in the tenant's time zone: [1 Jan 00:00, next 1 Jan 00:00).
 * - HOURS come from attendance, through the ONE status function (attendance/status.ts
 *   `computeAttendance`): per person and slot, the minutes attended. A slot (or, without slots,
 *   the session's implicit slot from scheduledAt for durationMinutes) that overlaps two years is
 *   split by time: the year gets minutes × (part of the slot inside the year ÷ slot length).
 *   Sessions read: not CANCELLED, starting before the year's end and at most 31 days before its
 *   start. A person's minutes in a session count for their enrollment in the session's course
 *   (the enrollment (course, user) is unique); a trainer's signatures count for no trainee.
 * - E-learning: an enrollment in an ELEARNING course COMPLETED in the year counts the course's
 *   planned duration (courses.duration, hours) in that year (cerfa note: planned duration for
 *   distance learning); lesson time spent is not used. BLENDED and LIVE courses count attendance only.
 * - A TRAINEE is an enrollment with hours > 0 in the year (F-1 counts enrollments, as usually
 *   practised: one person in two actions counts twice). Its status does not matter: an enrollment
 *   cancelled or revoked after attending still delivered those hours; one cancelled before any
 *   attended minute has no hours and is not a trainee.
 * - Category SAL -> F-1 a, DE -> F-1 c, AUT -> F-1 d when its financing source is SELF, else F-1 e
 *   (F-1 b, apprentices, is not recorded: 0). A null category is an anomaly (listed, in no F-1 row,
 *   so the F-1 check fails until it is fixed). A null financing source is an anomaly too.
 * - REVENUE: invoices and credit notes of the tenant with status ISSUED, PAID or OVERDUE and
 *   issuedAt in the year (DRAFT and CANCELLED are ignored); HT = subtotalCents; a credit note
 *   (positive amounts) is subtracted. Frame C line from the payer's client kind: COMPANY -> 1;
 *   OPCO -> 2e when the enrollment's financing source is CPF, else 2h; PUBLIC -> 7 when the
 *   source is POLE_EMPLOI, else 8; INDIVIDUAL -> 9. A credit note's enrollment is its own or its
 *   original invoice's. Financing sources: the enrollment's source, else the payer's
 *   (COMPANY -> employer, OPCO -> opco, INDIVIDUAL -> self); a PUBLIC payer without a source
 *   is an anomaly ("unknown", listed, not "other").
 * - Frame E-1: the session trainers of the year and the hours of their sessions in the year (all
 *   counted as the organisation's own people; E-2 subcontractors are not recorded). D, F-2, F-3,
 *   F-4 and G are not recorded: printed "non renseigné" and listed in `gaps`.
 */

export const BPF_DATA_VERSION = 1;

export type Category = "SAL" | "DE" | "AUT";
export type Financing = "OPCO" | "CPF" | "POLE_EMPLOI" | "EMPLOYER" | "SELF";

/** One trainee (enrollment) of the year. Short keys: a year of 100,000 trainees stays small. */
export type TraineeRow = { e: string; u: string; c: string; cat: Category | null; fin: Financing | null; f1: TF1Row | null; min: number; amt: number };
/** One counted invoice or credit note; amt is signed cents (negative for a credit note). */
export type InvoiceRow = { i: string; n: string | null; k: "INVOICE" | "CREDIT_NOTE"; cl: string; line: TCLine; src: TFinancingKey | null; e: string | null; at: string; amt: number };

export type BpfSummary = {
  version: number;
  year: number;
  asOf: string;
  totalTrainees: number;
  totalHours: number;
  totalRevenueHT: number;
  financingSources: Record<TFinancingKey, number>;
  byCategory: { code: Category; label: string; count: number; hours: number; revenueHT: number }[];
  frames: {
    a: { legalName: string | null; legalForm: string | null; siret: string | null; nda: string | null; nafCode: string | null; address: string | null; email: string | null; phone: string | null; missing: string[] };
    b: { year: number; from: string; to: string; remote: boolean };
    c: { lines: { line: TCLine; amount: number }[]; line2: number; total: number };
    e: { internal: { people: number; hours: number }; external: null };
    f1: { rows: { row: TF1Row; trainees: number; hours: number }[]; totalTrainees: number; totalHours: number };
    h: { directorName: string | null; directorRole: string | null };
    gaps: string[];
  };
  checks: { code: string; ok: boolean; expected: number; actual: number; label: string }[];
  anomalies: { traineesWithoutCategory: number; traineesWithoutFinancing: number; invoicesWithoutSource: number };
};

export type BpfData = { summary: BpfSummary; trainees: TraineeRow[]; invoices: InvoiceRow[] };

export const CATEGORY_LABELS: Record<Category, string> = {
  SAL: "Salariés d'employeurs privés",
  DE: "Demandeurs d'emploi",
  AUT: "Autres stagiaires",
};

const MINUTE = 60_000;
const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Cents -> currency units. */
export const units = (cents: number) => round2(cents / 100);
/** Minutes -> decimal hours. */
export const hoursOf = (minutes: number) => round2(minutes / 60);

export function f1Of(cat: Category | null, fin: Financing | null): TF1Row | null {
  if (cat === "SAL") return "a";
  if (cat === "DE") return "c";
  if (cat === "AUT") return fin === "SELF" ? "d" : "e";
  return null;
}

const SOURCE_KEY: Record<Financing, TFinancingKey> = { OPCO: "opco", CPF: "cpf", POLE_EMPLOI: "poleEmploi", EMPLOYER: "employer", SELF: "self" };

/** Frame C line and financing key of one invoice (see the module comment). */
export function classifyInvoice(clientKind: string, fin: Financing | null): { line: TCLine; src: TFinancingKey | null } {
  const line: TCLine = clientKind === "COMPANY" ? "1" : clientKind === "OPCO" ? (fin === "CPF" ? "2e" : "2h") : clientKind === "PUBLIC" ? (fin === "POLE_EMPLOI" ? "7" : "8") : "9";
  const byPayer: TFinancingKey | null = clientKind === "COMPANY" ? "employer" : clientKind === "OPCO" ? "opco" : clientKind === "INDIVIDUAL" ? "self" : null;
  return { line, src: fin ? SOURCE_KEY[fin] : byPayer };
}

/** [start, end) of the exercise in the tenant's zone. */
export function yearBounds(year: number, timeZone: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(year, 1, 1, 0, 0, timeZone), end: zonedTimeToUtc(year + 1, 1, 1, 0, 0, timeZone) };
}

/** Part of [a, b) inside [start, end), in ms. */
const overlap = (a: number, b: number, start: number, end: number) => Math.max(0, Math.min(b, end) - Math.max(a, start));

type Ctx = { db: DbOrTx; scope: TenantScope; tenantId: string; timeZone: string; now: Date };

/** Attended minutes in the year per enrollment, and the trainers' frame E figures. */
async function attendanceMinutes(x: Ctx, start: Date, end: Date) {
  const windowStart = new Date(start.getTime() - 31 * DAY);
  const window = and(ne(liveSessions.status, "CANCELLED"), lt(liveSessions.scheduledAt, end), gte(liveSessions.scheduledAt, windowStart));
  const sessions = await x.db
    .select({ id: liveSessions.id, courseId: liveSessions.courseId, scheduledAt: liveSessions.scheduledAt, durationMinutes: liveSessions.durationMinutes, deliveryMode: liveSessions.deliveryMode })
    .from(liveSessions)
    .where(x.scope.where(liveSessions, window));
  const minutesByEnrollment = new Map<string, number>();
  const sessionsByEnrollment = new Map<string, Set<string>>();
  if (!sessions.length) return { minutesByEnrollment, remoteSessions: new Set<string>(), sessionsByEnrollment, trainers: { people: 0, minutes: 0 } };
  const inWindow = sql`(${emargements.sessionId}) in (select ${liveSessions.id} from ${liveSessions} where ${x.scope.where(liveSessions, window)})`;
  const [slots, records, enrolled, trainers] = await Promise.all([
    x.db
      .select({ id: attendanceSlots.id, sessionId: attendanceSlots.sessionId, position: attendanceSlots.position, label: attendanceSlots.label, startsAt: attendanceSlots.startsAt, endsAt: attendanceSlots.endsAt })
      .from(attendanceSlots)
      .where(x.scope.where(attendanceSlots, sql`(${attendanceSlots.sessionId}) in (select ${liveSessions.id} from ${liveSessions} where ${x.scope.where(liveSessions, window)})`)),
    x.db
      .select({
        id: emargements.id,
        sessionId: emargements.sessionId,
        userId: emargements.userId,
        slotId: emargements.slotId,
        method: emargements.method,
        signedAt: emargements.signedAt,
        chainPosition: emargements.chainPosition,
        joinedAt: emargements.joinedAt,
        leftAt: emargements.leftAt,
        attendanceMinutes: emargements.attendanceMinutes,
        status: emargements.status,
        lateMinutes: emargements.lateMinutes,
        leftEarlyMinutes: emargements.leftEarlyMinutes,
        correctsId: emargements.correctsId,
        reason: emargements.reason,
      })
      .from(emargements)
      .where(x.scope.where(emargements, inWindow)),
    // The enrollments (course, user) of the people who have records in these sessions.
    x.db
      .select({ id: enrollments.id, courseId: enrollments.courseId, userId: enrollments.userId })
      .from(enrollments)
      .where(
        x.scope.where(
          enrollments,
          sql`(${enrollments.courseId}, ${enrollments.userId}) in (select s.course_id, m.user_id from ${emargements} m join ${liveSessions} s on s.tenant_id = m.tenant_id and s.id = m.session_id where m.tenant_id = ${x.tenantId} and s.status <> 'CANCELLED' and s.scheduled_at < ${end.toISOString()}::timestamptz and s.scheduled_at >= ${windowStart.toISOString()}::timestamptz)`),
      ),
    x.db.select({ sessionId: sessionTrainers.sessionId, userId: sessionTrainers.userId }).from(sessionTrainers).where(x.scope.where(sessionTrainers, sql`(${sessionTrainers.sessionId}) in (select ${liveSessions.id} from ${liveSessions} where ${x.scope.where(liveSessions, window)})`)),
  ]);
  const enrollmentOf = new Map(enrolled.map((e) => [`${e.courseId}|${e.userId}`, e.id]));
  const slotsBySession = new Map<string, StatusSlot[]>();
  for (const s of slots) {
    const list = slotsBySession.get(s.sessionId) ?? [];
    list.push({ id: s.id, position: s.position, label: s.label, startsAt: s.startsAt, endsAt: s.endsAt });
    slotsBySession.set(s.sessionId, list);
  }
  const recordsBySession = new Map<string, StatusRecord[]>();
  for (const r of records) {
    const list = recordsBySession.get(r.sessionId) ?? [];
    list.push(r);
    recordsBySession.set(r.sessionId, list);
  }
  const s0 = start.getTime();
  const s1 = end.getTime();
  const remoteSessions = new Set<string>();
  const sessionMinutesInYear = new Map<string, number>();
  for (const session of sessions) {
    const sessionSlots = slotsBySession.get(session.id) ?? [];
    const planned = sessionSlots.length ? sessionSlots : [{ startsAt: session.scheduledAt, endsAt: new Date(session.scheduledAt.getTime() + session.durationMinutes * MINUTE) }];
    const inYear = planned.reduce((sum, s) => sum + overlap(s.startsAt.getTime(), s.endsAt.getTime(), s0, s1), 0) / MINUTE;
    sessionMinutesInYear.set(session.id, inYear);
    if (session.deliveryMode !== "PRESENTIAL") remoteSessions.add(session.id);
    const recs = recordsBySession.get(session.id);
    if (!recs?.length) continue;
    const participants = [...new Set(recs.map((r) => r.userId))].filter((u) => enrollmentOf.has(`${session.courseId}|${u}`)).map((userId) => ({ userId }));
    if (!participants.length) continue;
    const computed = computeAttendance({ session, slots: sessionSlots, participants, records: recs, now: x.now });
    for (const p of computed.participants) {
      let minutes = 0;
      for (const s of p.slots) {
        if (s.minutes <= 0) continue;
        const a = s.slot.startsAt.getTime();
        const b = s.slot.endsAt.getTime();
        minutes += b > a ? (s.minutes * overlap(a, b, s0, s1)) / (b - a) : 0;
      }
      if (minutes <= 0) continue;
      const enrollmentId = enrollmentOf.get(`${session.courseId}|${p.userId}`)!;
      minutesByEnrollment.set(enrollmentId, (minutesByEnrollment.get(enrollmentId) ?? 0) + minutes);
      const set = sessionsByEnrollment.get(enrollmentId) ?? new Set<string>();
      set.add(session.id);
      sessionsByEnrollment.set(enrollmentId, set);
    }
  }
  const trainerMinutes = new Map<string, number>();
  for (const t of trainers) {
    const m = sessionMinutesInYear.get(t.sessionId) ?? 0;
    if (m > 0) trainerMinutes.set(t.userId, (trainerMinutes.get(t.userId) ?? 0) + m);
  }
  return {
    minutesByEnrollment,
    remoteSessions,
    sessionsByEnrollment,
    trainers: { people: trainerMinutes.size, minutes: [...trainerMinutes.values()].reduce((a, b) => a + b, 0) },
  };
}

/** The whole BPF of one tenant and year, as of `now`. */
export async function computeBpf(x: Ctx, year: number, opts: { summaryOnly?: boolean } = {}): Promise<BpfData> {
  const { start, end } = yearBounds(year, x.timeZone);
  const [att, elearning, invoiceRows, [legal]] = await Promise.all([
    attendanceMinutes(x, start, end),
    x.db
      .select({ id: enrollments.id, minutes: sql<number>`(${courses.duration} * 60)::float8`.mapWith(Number) })
      .from(enrollments)
      .innerJoin(courses, and(eq(courses.tenantId, enrollments.tenantId), eq(courses.id, enrollments.courseId)))
      .where(x.scope.where(enrollments, eq(courses.format, "ELEARNING"), gte(enrollments.completedAt, start), lt(enrollments.completedAt, end), sql`${courses.duration} > 0`)),
    x.db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        subtotalCents: invoices.subtotalCents,
        issuedAt: invoices.issuedAt,
        enrollmentId: sql<string | null>`coalesce(${invoices.enrollmentId}, (select o.enrollment_id from ${invoices} o where o.tenant_id = ${invoices.tenantId} and o.id = ${invoices.creditedInvoiceId}))`,
        clientKind: billingClients.kind,
        clientName: billingClients.name,
      })
      .from(invoices)
      .innerJoin(billingClients, and(eq(billingClients.tenantId, invoices.tenantId), eq(billingClients.id, invoices.clientId)))
      .where(x.scope.where(invoices, inArray(invoices.status, ["ISSUED", "PAID", "OVERDUE"]), gte(invoices.issuedAt, start), lt(invoices.issuedAt, end))),
    x.db.select().from(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, x.tenantId)),
  ]);

  // Minutes per enrollment: attendance, plus the planned duration of completed e-learning.
  const minutes = new Map(att.minutesByEnrollment);
  for (const e of elearning) minutes.set(e.id, (minutes.get(e.id) ?? 0) + e.minutes);

  // The enrollments we need: trainees and those the invoices name.
  const needed = new Set<string>([...minutes.keys()]);
  for (const i of invoiceRows) if (i.enrollmentId) needed.add(i.enrollmentId);
  const info = new Map<string, { userId: string; courseId: string; cat: Category | null; fin: Financing | null; format: string }>();
  const ids = [...needed];
  for (let k = 0; k < ids.length; k += 20_000) {
    const rows = await x.db
      .select({ id: enrollments.id, userId: enrollments.userId, courseId: enrollments.courseId, cat: enrollments.traineeCategory, fin: enrollments.financingSource, format: courses.format })
      .from(enrollments)
      .innerJoin(courses, and(eq(courses.tenantId, enrollments.tenantId), eq(courses.id, enrollments.courseId)))
      .where(x.scope.where(enrollments, inArray(enrollments.id, ids.slice(k, k + 20_000))));
    for (const r of rows) info.set(r.id, { userId: r.userId, courseId: r.courseId, cat: r.cat, fin: r.fin, format: r.format });
  }

  // Invoices.
  const invoicesOut: InvoiceRow[] = [];
  const amountByEnrollment = new Map<string, number>();
  for (const i of invoiceRows) {
    const fin = i.enrollmentId ? (info.get(i.enrollmentId)?.fin ?? null) : null;
    const { line, src } = classifyInvoice(i.clientKind, fin);
    const amt = i.kind === "CREDIT_NOTE" ? -i.subtotalCents : i.subtotalCents;
    invoicesOut.push({ i: i.id, n: i.number, k: i.kind, cl: i.clientName, line, src, e: i.enrollmentId, at: i.issuedAt!.toISOString(), amt });
    if (i.enrollmentId) amountByEnrollment.set(i.enrollmentId, (amountByEnrollment.get(i.enrollmentId) ?? 0) + amt);
  }

  // Trainees.
  const trainees: TraineeRow[] = [];
  for (const [e, min] of minutes) {
    if (min <= 0) continue;
    const en = info.get(e);
    if (!en) continue;
    trainees.push({ e, u: en.userId, c: en.courseId, cat: en.cat, fin: en.fin, f1: f1Of(en.cat, en.fin), min: Math.round(min * 100) / 100, amt: amountByEnrollment.get(e) ?? 0 });
  }
  trainees.sort((a, b) => (a.e < b.e ? -1 : a.e > b.e ? 1 : 0));
  invoicesOut.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i < b.i ? -1 : 1));

  const summary = summarize({ year, asOf: x.now, start, end, trainees, invoices: invoicesOut, legal: legal ?? null, trainers: att.trainers, remote: trainees.some((t) => info.get(t.e)!.format !== "PRESENTIAL" && info.get(t.e)!.format !== "BLENDED") || [...att.sessionsByEnrollment.values()].some((set) => [...set].some((s) => att.remoteSessions.has(s))) });
  return opts.summaryOnly ? { summary, trainees: [], invoices: [] } : { summary, trainees, invoices: invoicesOut };
}

type Legal = typeof tenantLegalIdentities.$inferSelect;

function summarize(p: { year: number; asOf: Date; start: Date; end: Date; trainees: TraineeRow[]; invoices: InvoiceRow[]; legal: Legal | null; trainers: { people: number; minutes: number }; remote: boolean }): BpfSummary {
  const totalMinutes = p.trainees.reduce((s, t) => s + t.min, 0);
  const totalCents = p.invoices.reduce((s, i) => s + i.amt, 0);
  const financing: Record<TFinancingKey, number> = { opco: 0, cpf: 0, poleEmploi: 0, employer: 0, self: 0 };
  const lines = Object.fromEntries(C_LINES.map((l) => [l, 0])) as Record<TCLine, number>;
  for (const i of p.invoices) {
    lines[i.line] += i.amt;
    if (i.src) financing[i.src] += i.amt;
  }
  const byCategory = (["SAL", "DE", "AUT"] as const).map((code) => {
    const rows = p.trainees.filter((t) => t.cat === code);
    return { code, label: CATEGORY_LABELS[code], count: rows.length, hours: hoursOf(rows.reduce((s, t) => s + t.min, 0)), revenueHT: units(rows.reduce((s, t) => s + t.amt, 0)) };
  });
  const f1Rows = F1_ROWS.map((row) => {
    const rows = p.trainees.filter((t) => t.f1 === row);
    return { row, trainees: rows.length, hours: hoursOf(rows.reduce((s, t) => s + t.min, 0)) };
  });
  const f1Trainees = f1Rows.reduce((s, r) => s + r.trainees, 0);
  const f1Minutes = p.trainees.filter((t) => t.f1).reduce((s, t) => s + t.min, 0);
  const line2Cents = C_LINES.filter((l) => l.startsWith("2")).reduce((s, l) => s + lines[l], 0);
  const linesTotal = C_LINES.reduce((s, l) => s + lines[l], 0);
  const financingTotal = Object.values(financing).reduce((s, v) => s + v, 0);
  const totalHours = hoursOf(totalMinutes);
  const totalRevenueHT = units(totalCents);

  const l = p.legal;
  const address = l && (l.addressLine1 || l.city) ? [l.addressLine1, l.addressLine2, [l.postalCode, l.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") : null;
  const a = { legalName: l?.legalName ?? null, legalForm: l?.legalForm ?? null, siret: l?.siret ?? null, nda: l?.nda ?? null, nafCode: l?.nafCode ?? null, address, email: l?.email ?? null, phone: l?.phone ?? null };
  const missing = Object.entries(a)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const lastDay = new Date(Date.UTC(p.year, 11, 31)).toISOString().slice(0, 10);
  const gaps = ["D", "E-2", "F-2", "F-3", "F-4", "G"];
  const checks = [
    { code: "F1_TOTAL_TRAINEES", label: "Total F-1 (stagiaires) = nombre total de stagiaires", expected: p.trainees.length, actual: f1Trainees },
    { code: "F1_TOTAL_HOURS", label: "Total F-1 (heures) = total des heures", expected: totalHours, actual: hoursOf(f1Minutes) },
    { code: "C_TOTAL", label: "Total C = somme des lignes 1 à 11", expected: totalRevenueHT, actual: units(linesTotal) },
    { code: "C_LINE_2", label: "Ligne 2 = somme des lignes 2a à 2h", expected: units(line2Cents), actual: units(C_LINES.filter((x) => /^2[a-h]$/.test(x)).reduce((s, x) => s + lines[x], 0)) },
    { code: "FINANCING_TOTAL", label: "Somme des sources de financement = total C", expected: totalRevenueHT, actual: units(financingTotal) },
  ].map((c) => ({ ...c, ok: Math.abs(c.expected - c.actual) < 0.005 }));

  return {
    version: BPF_DATA_VERSION,
    year: p.year,
    asOf: p.asOf.toISOString(),
    totalTrainees: p.trainees.length,
    totalHours,
    totalRevenueHT,
    financingSources: { opco: units(financing.opco), cpf: units(financing.cpf), poleEmploi: units(financing.poleEmploi), employer: units(financing.employer), self: units(financing.self) },
    byCategory,
    frames: {
      a: { ...a, missing },
      b: { year: p.year, from: `${p.year}-01-01`, to: lastDay, remote: p.remote },
      c: { lines: C_LINES.map((line) => ({ line, amount: units(lines[line]) })), line2: units(line2Cents), total: units(linesTotal) },
      e: { internal: { people: p.trainers.people, hours: hoursOf(p.trainers.minutes) }, external: null },
      f1: { rows: f1Rows, totalTrainees: f1Trainees, totalHours: hoursOf(f1Minutes) },
      h: { directorName: l?.directorName ?? null, directorRole: l?.directorRole ?? null },
      gaps,
    },
    checks,
    anomalies: {
      traineesWithoutCategory: p.trainees.filter((t) => !t.cat).length,
      traineesWithoutFinancing: p.trainees.filter((t) => !t.fin).length,
      invoicesWithoutSource: p.invoices.filter((i) => !i.src).length,
    },
  };
}
