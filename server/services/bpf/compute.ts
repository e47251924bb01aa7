import { and, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { TBpfInput, TCLine, TF1Row, TF3Row, TFinancingKey } from "../../contracts/bpf";
import { C_LINES, F1_ROWS, F3_ROWS } from "../../contracts/bpf";
import { nsfLabel } from "../../contracts/nsf";
import type { DbOrTx } from "../../db";
import { rawRows } from "../../db/raw-rows";
import { attendanceSlots, bpfCharges, courses, emargements, liveSessions, tenantLegalIdentities } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { computeAttendance, type StatusRecord, type StatusSlot } from "../attendance/status";
import { zonedTimeToUtc } from "../../lib/time-zone";
import { localDate } from "../../lib/local-date";

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
 *   issuedAt in the year (DRAFT and CANCELLED are ignored, and so are the credit notes of a
 *   CANCELLED invoice: an invoice cancelled by its credit notes nets to zero, it is not subtracted
 *   twice); any other credit note (positive amounts) is subtracted. Frame C counts the TRAINING lines only (line HT = quantity x unit price - discount):
 *   a line's `kind`, or, for a line without one, TRAINING when the invoice (or the credited
 *   invoice) is linked to an enrollment, else OTHER. The share of turnover is frame C over all
 *   invoiced HT (subtotalCents). Frame C line: RECEIVED enrollment (this organisation was the
 *   subcontractor) -> 10; else from the payer's client kind: COMPANY -> 1;
 *   OPCO -> 2e when the enrollment's financing source is CPF, else 2h; PUBLIC -> 7 when the
 *   source is POLE_EMPLOI, else 8; INDIVIDUAL -> 9. A credit note's enrollment is its own or its
 *   original invoice's. Financing sources: the enrollment's source, else the payer's
 *   (COMPANY -> employer, OPCO -> opco, INDIVIDUAL -> self); a PUBLIC payer without a source
 *   is an anomaly ("unknown", listed, not "other").
 * - F and G: an enrollment RECEIVED (entrusted by another organisation) counts in G only; the
 *   others are F's trainees (the totals, F-1, F-2, F-3, F-4). F-2: SUBCONTRACTED_OUT enrollments.
 *   F-3 from the course's trainingObjective (else RNCP/RS read from certificationNumber's prefix;
 *   RNCP needs rncpLevel). F-4 from the course's nsfCode: the five specialities with most trainees
 *   (ties: hours, then code), the rest as "other". A course without them is a missing input.
 * - D: the charges entered for the year (bpf_charges). E: the session trainers of the year, each
 *   INTERNAL (E-1) or EXTERNAL (E-2) by their trainer profile, with the hours of their sessions in
 *   the year; a trainer without a profile is a missing input. H: the director of the legal
 *   identity and the date of the computation (tenant's zone).
 * - `inputs` names every missing input with where to enter it; `gaps` lists what prints
 *   "non renseigné".
 */

const BPF_DATA_VERSION = 2;

type Category = "SAL" | "DE" | "AUT";
export type Financing = "OPCO" | "CPF" | "POLE_EMPLOI" | "EMPLOYER" | "SELF";

/** One trainee (enrollment) of the year. Short keys: a year of 100,000 trainees stays small. */
export type TraineeRow = { e: string; u: string; c: string; cat: Category | null; fin: Financing | null; f1: TF1Row | null; min: number; amt: number; sub: Subcontracting | null };
/** One counted invoice or credit note; amt is its TRAINING HT, all its whole HT, both signed cents (negative for a credit note). */
export type InvoiceRow = { i: string; n: string | null; k: "INVOICE" | "CREDIT_NOTE"; cl: string; line: TCLine; src: TFinancingKey | null; e: string | null; at: string; amt: number; all: number };
type Subcontracting = "SUBCONTRACTED_OUT" | "RECEIVED";
type Pair = { trainees: number; hours: number };

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
    c: { lines: { line: TCLine; amount: number }[]; line2: number; total: number; otherHT: number | null; turnoverHT: number | null; trainingShare: number | null };
    d: { totalCharges: number; trainerSalaries: number; trainingPurchases: number } | null;
    e: { internal: { people: number; hours: number }; external: { people: number; hours: number } | null; unknown: number };
    f1: { rows: { row: TF1Row; trainees: number; hours: number }[]; totalTrainees: number; totalHours: number };
    f2: Pair | null;
    f3: { rows: ({ row: TF3Row } & Pair)[]; totalTrainees: number; totalHours: number; unknown: number } | null;
    f4: { rows: ({ code: string; label: string } & Pair)[]; totalTrainees: number; totalHours: number; unknown: number } | null;
    g: Pair | null;
    h: { directorName: string | null; directorRole: string | null; date: string | null };
    gaps: string[];
    inputs: TBpfInput[];
  };
  checks: { code: string; ok: boolean; expected: number; actual: number; label: string }[];
  anomalies: { traineesWithoutCategory: number; traineesWithoutFinancing: number; invoicesWithoutSource: number };
};

export type BpfData = { summary: BpfSummary; trainees: TraineeRow[]; invoices: InvoiceRow[] };

const CATEGORY_LABELS: Record<Category, string> = {
  SAL: "Salariés d'employeurs privés",
  DE: "Demandeurs d'emploi",
  AUT: "Autres stagiaires",
};

const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Cents -> currency units. */
export const units = (cents: number) => round2(cents / 100);
/** Minutes -> decimal hours. */
export const hoursOf = (minutes: number) => round2(minutes / 60);

/** [start, end) of the exercise in the tenant's zone. */
export function yearBounds(year: number, timeZone: string): { start: Date; end: Date } {
  return { start: zonedTimeToUtc(year, 1, 1, 0, 0, timeZone), end: zonedTimeToUtc(year + 1, 1, 1, 0, 0, timeZone) };
}

/** Part of [a, b) inside [start, end), in ms. */
const overlap = (a: number, b: number, start: number, end: number) => Math.max(0, Math.min(b, end) - Math.max(a, start));

type Ctx = { db: DbOrTx; scope: TenantScope; tenantId: string; timeZone: string; now: Date };
type Bounds = { t: string; start: string; end: string; windowStart: string; startDate: Date; endDate: Date; windowStartDate: Date };

const SIGNATURES = sql.raw(`('QR', 'QR_CODE', 'PIN', 'CANVAS')`);

/** The sessions read for the year (see the module comment). */
const sessionsCte = (b: Bounds) =>
  sql`select id, course_id, scheduled_at, duration_minutes, delivery_mode from live_sessions where tenant_id = ${b.t} and status <> 'CANCELLED' and scheduled_at < ${b.end}::timestamptz and scheduled_at >= ${b.windowStart}::timestamptz`;
/** Their slots, or the implicit slot of a session without slots (status.ts `sessionSlots`). */
const slotsCte = (b: Bounds) => sql`select sl.id, sl.session_id, sl.position, sl.starts_at, sl.ends_at from attendance_slots sl join ses on ses.id = sl.session_id where sl.tenant_id = ${b.t}
    union all
    select null::text, ses.id, 1, ses.scheduled_at, ses.scheduled_at + make_interval(mins => ses.duration_minutes) from ses
    where not exists (select 1 from attendance_slots sl where sl.tenant_id = ${b.t} and sl.session_id = ses.id)`;

/**
 * Attended minutes per (session, person) with the rules of attendance/status.ts. The people
 * with an OVERRIDE or AUTO record in a session (corrections, media-server segments: the rules
 * with precedence, grace and clipping) go through `computeAttendance` itself; the others have
 * signatures only, for which that function answers PRESENT for every signed slot (a slot-level
 * signature for its slot, a session-level one for the slot containing its time, else the nearest,
 * ties to the first) and the slot's whole minutes: that case is aggregated in SQL, and
 * tests/integration/bpf.test.ts checks both paths give the same figures (`exact` sends everyone
 * through the function). Both are then split by the part of each slot inside the year.
 */
async function complexPairs(x: Ctx, b: Bounds, exact: boolean): Promise<{ s: string; u: string; m: number }[]> {
  const which = exact ? sql`true` : sql`m.method in ('OVERRIDE', 'AUTO')`;
  const window = and(ne(liveSessions.status, "CANCELLED"), lt(liveSessions.scheduledAt, b.endDate), gte(liveSessions.scheduledAt, b.windowStartDate));
  const pairs = sql`select m.session_id, m.user_id from emargements m join live_sessions s on s.tenant_id = m.tenant_id and s.id = m.session_id
    where m.tenant_id = ${b.t} and s.status <> 'CANCELLED' and s.scheduled_at < ${b.end}::timestamptz and s.scheduled_at >= ${b.windowStart}::timestamptz and ${which}`;
  const records = await x.db
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
    .where(x.scope.where(emargements, sql`(${emargements.sessionId}, ${emargements.userId}) in (${pairs})`));
  if (!records.length) return [];
  const sessionIds = [...new Set(records.map((r) => r.sessionId))];
  const [sessions, slots] = await Promise.all([
    x.db
      .select({ id: liveSessions.id, scheduledAt: liveSessions.scheduledAt, durationMinutes: liveSessions.durationMinutes })
      .from(liveSessions)
      .where(x.scope.where(liveSessions, window, inArray(liveSessions.id, sessionIds))),
    x.db
      .select({ id: attendanceSlots.id, sessionId: attendanceSlots.sessionId, position: attendanceSlots.position, label: attendanceSlots.label, startsAt: attendanceSlots.startsAt, endsAt: attendanceSlots.endsAt })
      .from(attendanceSlots)
      .where(x.scope.where(attendanceSlots, inArray(attendanceSlots.sessionId, sessionIds))),
  ]);
  const slotsOf = new Map<string, StatusSlot[]>();
  for (const s of slots) slotsOf.set(s.sessionId, [...(slotsOf.get(s.sessionId) ?? []), { id: s.id, position: s.position, label: s.label, startsAt: s.startsAt, endsAt: s.endsAt }]);
  const recordsOf = new Map<string, StatusRecord[]>();
  for (const r of records) recordsOf.set(r.sessionId, [...(recordsOf.get(r.sessionId) ?? []), r]);
  const s0 = b.startDate.getTime();
  const s1 = b.endDate.getTime();
  const out: { s: string; u: string; m: number }[] = [];
  for (const session of sessions) {
    const recs = recordsOf.get(session.id) ?? [];
    const participants = [...new Set(recs.map((r) => r.userId))].map((userId) => ({ userId }));
    const computed = computeAttendance({ session, slots: slotsOf.get(session.id) ?? [], participants, records: recs, now: x.now });
    for (const p of computed.participants) {
      let minutes = 0;
      for (const sl of p.slots) {
        const a = sl.slot.startsAt.getTime();
        const z = sl.slot.endsAt.getTime();
        if (sl.minutes > 0 && z > a) minutes += (sl.minutes * overlap(a, z, s0, s1)) / (z - a);
      }
      if (minutes > 0) out.push({ s: session.id, u: p.userId, m: minutes });
    }
  }
  return out;
}

/** SQL of the frame C line and of the financing key of an invoice row (aliases: cl the client, en the enrollment). */
const LINE_SQL = sql.raw(`case when en.subcontracting = 'RECEIVED' then '10' else case cl.kind when 'COMPANY' then '1' when 'OPCO' then (case when en.financing_source = 'CPF' then '2e' else '2h' end)
  when 'PUBLIC' then (case when en.financing_source = 'POLE_EMPLOI' then '7' else '8' end) else '9' end end`);
/** The course's F-3 objective: its own, else RNCP/RS from the certification number's prefix (alias c the course). */
const OBJECTIVE_TEXT = `coalesce(c.training_objective::text, case when upper(c.certification_number) like 'RNCP%' then 'RNCP' when upper(c.certification_number) like 'RS%' then 'RS' end)`;
/** The F-3 row (null: objective unknown, or RNCP without its level). */
const F3_SQL = sql.raw(`case ${OBJECTIVE_TEXT}
  when 'RNCP' then (case when c.rncp_level between 6 and 8 then 'a1' when c.rncp_level = 5 then 'a2' when c.rncp_level = 4 then 'a3' when c.rncp_level = 3 then 'a4' when c.rncp_level = 2 then 'a5' end)
  when 'RNCP_CQP' then 'a6' when 'RS' then 'b' when 'CQP' then 'c' when 'OTHER' then 'd' when 'BILAN' then 'e' when 'VAE' then 'f' end`);
/** HT cents of an invoice's TRAINING lines (alias i the invoice, o the credited one), unsigned. */
const TRAINING_HT_SQL = sql.raw(`(select coalesce(sum(round(round((it->>'quantity')::numeric * 100) * (it->>'unitPriceCents')::numeric / 100) - coalesce((it->>'discountCents')::numeric, 0)), 0)
  from jsonb_array_elements(i.items) it
  where coalesce(it->>'kind', case when coalesce(i.enrollment_id, o.enrollment_id) is not null then 'TRAINING' else 'OTHER' end) = 'TRAINING')`);
const SOURCE_SQL = sql.raw(`case en.financing_source when 'OPCO' then 'opco' when 'CPF' then 'cpf' when 'POLE_EMPLOI' then 'poleEmploi' when 'EMPLOYER' then 'employer' when 'SELF' then 'self'
  else (case cl.kind when 'COMPANY' then 'employer' when 'OPCO' then 'opco' when 'INDIVIDUAL' then 'self' end) end`);
const F1_SQL = sql.raw(`case e.trainee_category when 'SAL' then 'a' when 'DE' then 'c' when 'AUT' then (case when e.financing_source = 'SELF' then 'd' else 'e' end) end`);

/**
 * The temp tables' rows as the snapshot's jsonb, built in the database (100,000 rows never cross to
 * Node): each list is ONE string of tab-separated lines (column order: e u c cat fin f1 min amt sub
 * for trainees, i n k cl line src e at amt all for invoices; tabs and line breaks in a client's name
 * become spaces), parsed by `parseRows`. A string is far cheaper to build and store than 100,000
 * jsonb objects.
 */
const DATA_ROWS_SQL = sql.raw(`jsonb_build_object(
  'trainees', coalesce((select string_agg(concat_ws(E'\t', t.e, t.u, t.c, coalesce(t.cat, ''), coalesce(t.fin, ''), coalesce(t.f1, ''), t.min, t.amt, coalesce(t.sub, '')), E'\n' order by t.e collate "C") from bpf_t t), ''),
  'invoices', coalesce((select string_agg(concat_ws(E'\t', i.i, coalesce(i.n, ''), i.k, regexp_replace(i.cl, '[\t\r\n]', ' ', 'g'), i.line, coalesce(i.src, ''), coalesce(i.e, ''), i.at, i.amt, i.all_amt), E'\n' order by i.at collate "C", i.i collate "C") from bpf_i i), ''))`);

/** The stored rows back as objects. */
export function parseRows(stored: { trainees: string; invoices: string }): { trainees: TraineeRow[]; invoices: InvoiceRow[] } {
  const lines = (text: string) => (text ? text.split("\n").map((l) => l.split("\t")) : []);
  const orNull = (v: string | undefined) => (v ? v : null);
  return {
    trainees: lines(stored.trainees).map(([e, u, c, cat, fin, f1, min, amt, sub]) => ({
      e: e!,
      u: u!,
      c: c!,
      cat: orNull(cat) as Category | null,
      fin: orNull(fin) as Financing | null,
      f1: orNull(f1) as TF1Row | null,
      min: Number(min),
      amt: Number(amt),
      sub: orNull(sub) as Subcontracting | null,
    })),
    invoices: lines(stored.invoices).map(([i, n, k, cl, line, src, e, at, amt, all]) => ({
      i: i!,
      n: orNull(n),
      k: k as InvoiceRow["k"],
      cl: cl!,
      line: line as TCLine,
      src: orNull(src) as TFinancingKey | null,
      e: orNull(e),
      at: at!,
      amt: Number(amt),
      all: Number(all ?? amt),
    })),
  };
}

export type ComputeOptions = { exact?: boolean };

/**
 * THE computation. Runs in one transaction with temp tables (bpf_pairs, bpf_t, bpf_i); answers the
 * summary, and when `persist` is given calls it inside the same transaction with an SQL
 * expression of the full data jsonb ({summary, trainees, invoices}) to store.
 */
export async function computeBpf<R = undefined>(
  x: Ctx,
  year: number,
  opts: ComputeOptions & { persist?: (tx: DbOrTx, summary: BpfSummary, data: SQL) => Promise<R> } = {},
): Promise<{ summary: BpfSummary; persisted: R | undefined }> {
  const { start, end } = yearBounds(year, x.timeZone);
  const windowStart = new Date(start.getTime() - 31 * DAY);
  const b: Bounds = { t: x.tenantId, start: start.toISOString(), end: end.toISOString(), windowStart: windowStart.toISOString(), startDate: start, endDate: end, windowStartDate: windowStart };
  const complex = await complexPairs(x, b, opts.exact ?? false);
  const db = x.db;
  return db.transaction(async (tx) => {
    const run = (q: SQL) => tx.execute(q);
    await run(sql`drop table if exists bpf_slots, bpf_sig, bpf_pairs, bpf_t, bpf_i`);
    // Hashes and sorts of 100,000 rows stay in memory (the default 4 MB spills them to disk).
    await run(sql`set local work_mem = '64MB'`);
    const onlyComplex = opts.exact ? sql`true` : sql`r.method in ('OVERRIDE', 'AUTO')`;
    await run(sql`create temp table bpf_slots on commit drop as
      with ses as (${sessionsCte(b)}), slots as (${slotsCte(b)})
      select id, session_id, position, starts_at, ends_at, count(*) over (partition by session_id)::int as n from slots`);
    await run(sql`analyze bpf_slots`);
    await run(sql`create temp table bpf_sig on commit drop as
      with recs as (select m.id, m.session_id, m.user_id, m.slot_id, m.method, m.signed_at from emargements m
        where m.tenant_id = ${b.t} and m.session_id in (select distinct session_id from bpf_slots)),
      complex as (select distinct r.session_id, r.user_id from recs r where ${onlyComplex})
      select r.id, r.session_id, r.user_id, r.slot_id, r.signed_at from recs r
      where r.method in ${SIGNATURES} and not exists (select 1 from complex c where c.session_id = r.session_id and c.user_id = r.user_id)`);
    await run(sql`analyze bpf_sig`);
    await run(sql`create temp table bpf_pairs on commit drop as
      with j as (
        select s.id as sid, s.session_id, s.user_id, s.slot_id, s.signed_at, coalesce(sl.id, '') as k, sl.n, sl.position, sl.starts_at, sl.ends_at
        from bpf_sig s join bpf_slots sl on sl.session_id = s.session_id
        where s.slot_id is null or sl.id = s.slot_id
      ),
      chosen as (
        select session_id, user_id, k, starts_at, ends_at from j where slot_id is not null or n = 1
        union all
        select session_id, user_id, k, starts_at, ends_at from (
          select distinct on (sid) sid, session_id, user_id, k, starts_at, ends_at from j where slot_id is null and n > 1
          order by sid, (case when signed_at < starts_at then starts_at - signed_at when signed_at >= ends_at then signed_at - ends_at + interval '1 millisecond' else interval '0' end), position, starts_at
        ) nearest
      ),
      per_slot as (select session_id, user_id, k, min(starts_at) as starts_at, min(ends_at) as ends_at from chosen group by session_id, user_id, k)
      select session_id, user_id, sum(floor(extract(epoch from ends_at - starts_at) / 60) * greatest(0, extract(epoch from least(ends_at, ${b.end}::timestamptz) - greatest(starts_at, ${b.start}::timestamptz)))
        / nullif(extract(epoch from ends_at - starts_at), 0))::float8 as minutes
      from per_slot group by session_id, user_id
      union all
      select p->>'s', p->>'u', (p->>'m')::float8 from jsonb_array_elements(${JSON.stringify(complex)}::jsonb) p`);
    await run(sql`analyze bpf_pairs`);
    await run(sql`create temp table bpf_i on commit drop as
      select i.id as i, i.number as n, i.kind::text as k, cl.name as cl, (${LINE_SQL}) as line, (${SOURCE_SQL}) as src, coalesce(i.enrollment_id, o.enrollment_id) as e,
        to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        ((case when i.kind = 'CREDIT_NOTE' then -1 else 1 end) * ${TRAINING_HT_SQL})::bigint as amt,
        (case when i.kind = 'CREDIT_NOTE' then -i.subtotal_cents else i.subtotal_cents end)::bigint as all_amt
      from invoices i
      join billing_clients cl on cl.tenant_id = i.tenant_id and cl.id = i.client_id
      left join invoices o on o.tenant_id = i.tenant_id and o.id = i.credited_invoice_id
      left join enrollments en on en.tenant_id = i.tenant_id and en.id = coalesce(i.enrollment_id, o.enrollment_id)
      where i.tenant_id = ${b.t} and i.status in ('ISSUED', 'PAID', 'OVERDUE') and i.issued_at >= ${b.start}::timestamptz and i.issued_at < ${b.end}::timestamptz
        and (o.id is null or o.status <> 'CANCELLED')`);
    await run(sql`analyze bpf_i`);
    await run(sql`create temp table bpf_t on commit drop as
      with mins as (
        select e.id, p.minutes from bpf_pairs p join live_sessions s on s.tenant_id = ${b.t} and s.id = p.session_id
          join enrollments e on e.tenant_id = ${b.t} and e.course_id = s.course_id and e.user_id = p.user_id
        union all
        select e.id, (c.duration * 60)::float8 from enrollments e join courses c on c.tenant_id = e.tenant_id and c.id = e.course_id
          where e.tenant_id = ${b.t} and c.format = 'ELEARNING' and c.duration > 0 and e.completed_at >= ${b.start}::timestamptz and e.completed_at < ${b.end}::timestamptz
      ),
      amt as (select e, sum(amt)::bigint as amt from bpf_i where e is not null group by e)
      select e.id as e, e.user_id as u, e.course_id as c, e.trainee_category::text as cat, e.financing_source::text as fin, (${F1_SQL}) as f1,
        round(sum(m.minutes)::numeric, 2)::float8 as min, coalesce(amt.amt, 0)::bigint as amt, c.format::text as format, e.subcontracting::text as sub,
        (${F3_SQL}) as f3, c.nsf_code as nsf
      from mins m join enrollments e on e.tenant_id = ${b.t} and e.id = m.id join courses c on c.tenant_id = e.tenant_id and c.id = e.course_id
      left join amt on amt.e = e.id
      group by e.id, c.id, amt.amt
      having sum(m.minutes) > 0`);
    const [tAgg, iAgg, extra, trainers, legal, charges] = await Promise.all([
      rawRows<TAgg>(
        tx,
        sql`select c, cat, f1, sub, f3, nsf, count(*) filter (where fin is null)::int as fin_missing, count(*)::int as n, coalesce(sum(min), 0)::float8 as min, coalesce(sum(amt), 0)::float8 as amt
          from bpf_t group by c, cat, f1, sub, f3, nsf`,
      ),
      rawRows<IAgg>(tx, sql`select line, src, coalesce(sum(amt), 0)::float8 as amt, coalesce(sum(all_amt), 0)::float8 as all_amt, count(*) filter (where amt <> 0)::int as n, count(*)::int as n_all from bpf_i group by line, src`),
      rawRows<{ remote: boolean }>(
        tx,
        sql`select (exists (select 1 from bpf_t where format <> 'PRESENTIAL') or exists (select 1 from bpf_pairs p join live_sessions s on s.tenant_id = ${b.t} and s.id = p.session_id where p.minutes > 0 and s.delivery_mode <> 'PRESENTIAL')) as remote`,
      ),
      rawRows<TrainerAgg>(
        tx,
        sql`with sm as (select session_id, sum(greatest(0, extract(epoch from least(ends_at, ${b.end}::timestamptz) - greatest(starts_at, ${b.start}::timestamptz))) / 60)::float8 as m from bpf_slots group by session_id)
          select st.user_id as id, concat_ws(' ', u.first_name, u.last_name) as name, tp.engagement::text as engagement, coalesce(sum(sm.m), 0)::float8 as minutes
          from session_trainers st join sm on sm.session_id = st.session_id join users u on u.id = st.user_id
          left join trainer_profiles tp on tp.tenant_id = st.tenant_id and tp.user_id = st.user_id
          where st.tenant_id = ${b.t} and sm.m > 0 group by st.user_id, u.first_name, u.last_name, tp.engagement order by u.last_name, u.first_name, st.user_id`,
      ),
      tx.select().from(tenantLegalIdentities).where(x.scope.where(tenantLegalIdentities)),
      tx.select().from(bpfCharges).where(x.scope.where(bpfCharges, eq(bpfCharges.year, year))),
    ]);
    const courseIds = [...new Set(tAgg.filter((r) => r.sub !== "RECEIVED" && (!r.f3 || !r.nsf || !r.cat)).map((r) => r.c))];
    const titles = courseIds.length
      ? await tx
          .select({ id: courses.id, title: courses.title, trainingObjective: courses.trainingObjective })
          .from(courses)
          .where(x.scope.where(courses, inArray(courses.id, courseIds)))
      : [];
    const summary = summarize({
      year,
      asOf: x.now,
      timeZone: x.timeZone,
      tAgg,
      iAgg,
      remote: !!extra[0]?.remote,
      trainers,
      legal: legal[0] ?? null,
      charges: charges[0] ?? null,
      courses: titles,
    });
    const persisted = opts.persist ? await opts.persist(tx, summary, sql`(${DATA_ROWS_SQL} || jsonb_build_object('summary', ${JSON.stringify(summary)}::jsonb))`) : undefined;
    await run(sql`drop table if exists bpf_slots, bpf_sig, bpf_pairs, bpf_t, bpf_i`);
    return { summary, persisted };
  });
}

type Legal = typeof tenantLegalIdentities.$inferSelect;
type Charges = typeof bpfCharges.$inferSelect;
type TAgg = { c: string; cat: Category | null; f1: TF1Row | null; sub: Subcontracting | null; f3: TF3Row | null; nsf: string | null; fin_missing: number; n: number; min: number; amt: number };
type IAgg = { line: TCLine; src: TFinancingKey | null; amt: number; all_amt: number; n: number; n_all: number };
type TrainerAgg = { id: string; name: string; engagement: "INTERNAL" | "EXTERNAL" | null; minutes: number };
type CourseInfo = { id: string; title: string; trainingObjective: string | null };

/** Where each missing input is entered (paths of the tenant's app). */
const INPUT_LINKS = {
  LEGAL_IDENTITY: "/settings/legal",
  CHARGES: "/bpf#bpf-charges",
  TRAINER_ENGAGEMENT: "/bpf#bpf-trainers",
  COURSE_OBJECTIVE: "/bpf#bpf-courses",
  COURSE_NSF: "/bpf#bpf-courses",
  TRAINEE_CATEGORY: "/enrollments",
  DIRECTOR: "/settings/legal#legal-director",
} as const;

function summarize(p: {
  year: number;
  asOf: Date;
  timeZone: string;
  tAgg: TAgg[];
  iAgg: IAgg[];
  legal: Legal | null;
  trainers: TrainerAgg[];
  remote: boolean;
  charges: Charges | null;
  courses: CourseInfo[];
}): BpfSummary {
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + Number(f(r)), 0);
  const pair = (rows: TAgg[]): Pair => ({ trainees: sum(rows, (r) => r.n), hours: hoursOf(sum(rows, (r) => r.min)) });
  // F counts this organisation's own trainees; those entrusted to it by another organisation go to G.
  const own = p.tAgg.filter((t) => t.sub !== "RECEIVED");
  const received = p.tAgg.filter((t) => t.sub === "RECEIVED");
  const totalTrainees = sum(own, (r) => r.n);
  const totalMinutes = sum(own, (r) => r.min);
  const totalCents = sum(p.iAgg, (r) => r.amt);
  const turnoverCents = sum(p.iAgg, (r) => r.all_amt);
  const financing: Record<TFinancingKey, number> = { opco: 0, cpf: 0, poleEmploi: 0, employer: 0, self: 0 };
  const lines = Object.fromEntries(C_LINES.map((l) => [l, 0])) as Record<TCLine, number>;
  for (const i of p.iAgg) {
    lines[i.line] += Number(i.amt);
    if (i.src) financing[i.src] += Number(i.amt);
  }
  const byCategory = (["SAL", "DE", "AUT"] as const).map((code) => {
    const rows = own.filter((t) => t.cat === code);
    return { code, label: CATEGORY_LABELS[code], count: sum(rows, (r) => r.n), hours: hoursOf(sum(rows, (r) => r.min)), revenueHT: units(sum(rows, (r) => r.amt)) };
  });
  const f1Rows = F1_ROWS.map((row) => ({ row, ...pair(own.filter((t) => t.f1 === row)) }));
  const f1Trainees = f1Rows.reduce((s, r) => s + r.trainees, 0);
  const f1Minutes = sum(
    own.filter((t) => t.f1),
    (r) => r.min,
  );
  const f3Rows = F3_ROWS.map((row) => ({ row, ...pair(own.filter((t) => t.f3 === row)) }));
  const f3Known = own.filter((t) => t.f3);
  // F-4: the five specialities with most trainees (ties: hours, then code), the rest as "other".
  const byNsf = new Map<string, TAgg[]>();
  for (const t of own) if (t.nsf) byNsf.set(t.nsf, [...(byNsf.get(t.nsf) ?? []), t]);
  const ranked = [...byNsf.entries()]
    .map(([code, rows]) => ({ code, label: nsfLabel(code) ?? code, ...pair(rows), min: sum(rows, (r) => r.min) }))
    .sort((a, b) => b.trainees - a.trainees || b.min - a.min || a.code.localeCompare(b.code));
  const top = ranked.slice(0, 5).map(({ min: _min, ...r }) => r);
  const rest = ranked.slice(5);
  const f4Rows = rest.length
    ? [...top, { code: "other", label: "Autres spécialités", trainees: sum(rest, (r) => r.trainees), hours: hoursOf(sum(rest, (r) => r.min)) }]
    : top;
  const f4Known = own.filter((t) => t.nsf);
  const line2Cents = C_LINES.filter((l) => /^2[a-h]$/.test(l)).reduce((s, l) => s + lines[l], 0);
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

  // E: trainers by engagement; one without a profile is a missing input.
  const known = (e: "INTERNAL" | "EXTERNAL") => p.trainers.filter((t) => t.engagement === e);
  const unknownTrainers = p.trainers.filter((t) => !t.engagement);
  const eRow = (rows: TrainerAgg[]) => ({ people: rows.length, hours: hoursOf(sum(rows, (r) => r.minutes)) });

  const d = p.charges ? { totalCharges: units(p.charges.totalCents), trainerSalaries: units(p.charges.trainerSalariesCents), trainingPurchases: units(p.charges.trainingPurchasesCents) } : null;
  const director = { directorName: l?.directorName ?? null, directorRole: l?.directorRole ?? null };
  const courseTitle = new Map(p.courses.map((c) => [c.id, c.title]));
  const coursesWhere = (f: (t: TAgg) => boolean) => [...new Set(own.filter(f).map((t) => t.c))].map((id) => ({ id, label: courseTitle.get(id) ?? id })).sort((x, y) => x.label.localeCompare(y.label, "fr"));

  const inputs: TBpfInput[] = [];
  if (missing.length) inputs.push({ code: "LEGAL_IDENTITY", frame: "A", href: INPUT_LINKS.LEGAL_IDENTITY, items: missing.map((m) => ({ id: m, label: m })) });
  if (!d) inputs.push({ code: "CHARGES", frame: "D", href: INPUT_LINKS.CHARGES, items: [] });
  if (unknownTrainers.length) inputs.push({ code: "TRAINER_ENGAGEMENT", frame: "E", href: INPUT_LINKS.TRAINER_ENGAGEMENT, items: unknownTrainers.map((t) => ({ id: t.id, label: t.name })) });
  const noCategory = own.filter((t) => !t.cat);
  if (noCategory.length) inputs.push({ code: "TRAINEE_CATEGORY", frame: "F-1", href: INPUT_LINKS.TRAINEE_CATEGORY, items: coursesWhere((t) => !t.cat) });
  const noObjective = coursesWhere((t) => !t.f3);
  if (noObjective.length) inputs.push({ code: "COURSE_OBJECTIVE", frame: "F-3", href: INPUT_LINKS.COURSE_OBJECTIVE, items: noObjective });
  const noNsf = coursesWhere((t) => !t.nsf);
  if (noNsf.length) inputs.push({ code: "COURSE_NSF", frame: "F-4", href: INPUT_LINKS.COURSE_NSF, items: noNsf });
  if (!director.directorName || !director.directorRole) inputs.push({ code: "DIRECTOR", frame: "H", href: INPUT_LINKS.DIRECTOR, items: [] });

  const gaps = [
    ...(d ? [] : ["D"]),
    ...(unknownTrainers.length ? ["E"] : []),
    ...(noObjective.length ? ["F-3"] : []),
    ...(noNsf.length ? ["F-4"] : []),
    ...(turnoverCents > 0 ? [] : ["C-%"]),
    ...(director.directorName && director.directorRole ? [] : ["H"]),
  ];

  const f1Hours = hoursOf(f1Minutes);
  const f2 = pair(own.filter((t) => t.sub === "SUBCONTRACTED_OUT"));
  const checks = [
    { code: "F1_TOTAL_TRAINEES", label: "Total F-1 (stagiaires) = nombre total de stagiaires", expected: totalTrainees, actual: f1Trainees },
    { code: "F1_TOTAL_HOURS", label: "Total F-1 (heures) = total des heures", expected: totalHours, actual: f1Hours },
    { code: "F3_TOTAL_TRAINEES", label: "Total F-3 (stagiaires) = total F-1", expected: f1Trainees, actual: sum(f3Known, (r) => r.n) },
    { code: "F3_TOTAL_HOURS", label: "Total F-3 (heures) = total F-1", expected: f1Hours, actual: hoursOf(sum(f3Known, (r) => r.min)) },
    { code: "F4_TOTAL_TRAINEES", label: "Total F-4 (stagiaires) = total F-1", expected: f1Trainees, actual: sum(f4Known, (r) => r.n) },
    { code: "F4_TOTAL_HOURS", label: "Total F-4 (heures) = total F-1", expected: f1Hours, actual: hoursOf(sum(f4Known, (r) => r.min)) },
    { code: "C_TOTAL", label: "Total C = somme des lignes 1 à 11", expected: totalRevenueHT, actual: units(linesTotal) },
    { code: "C_LINE_2", label: "Ligne 2 = somme des lignes 2a à 2h", expected: units(line2Cents), actual: units(line2Cents) },
    { code: "FINANCING_TOTAL", label: "Somme des sources de financement = total C", expected: totalRevenueHT, actual: units(financingTotal) },
  ].map((c) => ({ ...c, ok: Math.abs(c.expected - c.actual) < 0.005 }));
  const f2Check = { code: "F2_LE_F1", label: "F-2 (sous-traités) ≤ total F-1", expected: f1Trainees, actual: f2.trainees, ok: f2.trainees <= f1Trainees };

  return {
    version: BPF_DATA_VERSION,
    year: p.year,
    asOf: p.asOf.toISOString(),
    totalTrainees,
    totalHours,
    totalRevenueHT,
    financingSources: { opco: units(financing.opco), cpf: units(financing.cpf), poleEmploi: units(financing.poleEmploi), employer: units(financing.employer), self: units(financing.self) },
    byCategory,
    frames: {
      a: { ...a, missing },
      b: { year: p.year, from: `${p.year}-01-01`, to: `${p.year}-12-31`, remote: p.remote },
      c: {
        lines: C_LINES.map((line) => ({ line, amount: units(lines[line]) })),
        line2: units(line2Cents),
        total: units(linesTotal),
        otherHT: units(turnoverCents - totalCents),
        turnoverHT: units(turnoverCents),
        trainingShare: turnoverCents > 0 ? Math.round((totalCents / turnoverCents) * 1000) / 10 : null,
      },
      d,
      e: { internal: eRow(known("INTERNAL")), external: eRow(known("EXTERNAL")), unknown: unknownTrainers.length },
      f1: { rows: f1Rows, totalTrainees: f1Trainees, totalHours: f1Hours },
      f2,
      f3: { rows: f3Rows, totalTrainees: sum(f3Known, (r) => r.n), totalHours: hoursOf(sum(f3Known, (r) => r.min)), unknown: sum(own.filter((t) => !t.f3), (r) => r.n) },
      f4: { rows: f4Rows, totalTrainees: sum(f4Known, (r) => r.n), totalHours: hoursOf(sum(f4Known, (r) => r.min)), unknown: sum(own.filter((t) => !t.nsf), (r) => r.n) },
      g: pair(received),
      h: { ...director, date: localDate(p.asOf, p.timeZone) },
      gaps,
      inputs,
    },
    checks: [...checks, f2Check],
    anomalies: {
      traineesWithoutCategory: sum(noCategory, (r) => r.n),
      traineesWithoutFinancing: sum(own, (r) => r.fin_missing),
      invoicesWithoutSource: sum(
        p.iAgg.filter((i) => !i.src),
        (r) => r.n,
      ),
    },
  };
}

/** A snapshot stored before version 2 (frames D, E-2, F-2, F-3, F-4, G not recorded) read with the current shape. */
export function upgradeSummary(s: BpfSummary): BpfSummary {
  if ((s.version ?? 1) >= 2) return s;
  const f = s.frames as Partial<BpfSummary["frames"]> & Pick<BpfSummary["frames"], "a" | "b" | "f1">;
  return {
    ...s,
    frames: {
      ...f,
      c: { ...f.c!, otherHT: null, turnoverHT: null, trainingShare: null },
      d: null,
      e: { internal: f.e?.internal ?? { people: 0, hours: 0 }, external: null, unknown: 0 },
      f2: null,
      f3: null,
      f4: null,
      g: null,
      h: { directorName: f.h?.directorName ?? null, directorRole: f.h?.directorRole ?? null, date: null },
      gaps: f.gaps ?? [],
      inputs: [],
    },
  };
}
