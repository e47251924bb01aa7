import { eq, inArray, sql } from "drizzle-orm";
import type { TDrilldownInput, TDrillRecord, TSnapshot } from "../../contracts/bpf";
import { CELL_PATTERN } from "../../contracts/bpf";
import { page } from "../../contracts/envelope";
import type { DbOrTx } from "../../db";
import { bpfSnapshots, courses, users } from "../../db/schema";
import type { Caller } from "../../auth/caller";
import { conflict, DomainError, notFound, unprocessable } from "../../errors";
import { writeAudit } from "../platform/audit";
import { computeBpf, hoursOf, parseRows, units, upgradeSummary, type BpfData, type BpfSummary, type InvoiceRow, type TraineeRow } from "./compute";

/**
 * BPF snapshots (state table: none -generate-> GENERATED -submit-> SUBMITTED; GENERATED
 * -generate-> GENERATED (overwritten); SUBMITTED -generate force-> GENERATED (recalculated, the
 * submission cleared); SUBMITTED -generate-> 409; SUBMITTED -submit-> 409). Every figure comes from
 * compute.ts; the snapshot keeps the summary and the rows behind it (trainees and invoices), so a
 * submitted year reads exactly what was filed.
 */

const ctxOf = (db: DbOrTx, caller: Caller, now: Date) => ({ db, scope: caller.scope, tenantId: caller.tenant.id, timeZone: caller.tenant.timeZone, now });

function assertStarted(year: number, caller: Caller, now: Date) {
  const current = currentYearOf(now, caller.tenant.timeZone);
  if (year > current) throw unprocessable("The year has not started yet", { year: ["The year has not started yet"] }, "BPF_YEAR_NOT_STARTED");
}

/** The calendar year at `now` in the tenant's zone. */
export function currentYearOf(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric" }).format(now));
}

/** GET /bpf/current-year: computed at every call, nothing stored. */
export async function currentYear(db: DbOrTx, caller: Caller, now: Date) {
  const year = currentYearOf(now, caller.tenant.timeZone);
  const { summary } = await computeBpf(ctxOf(db, caller, now), year);
  return { year, asOf: summary.asOf, totalTrainees: summary.totalTrainees, totalHours: summary.totalHours, totalRevenueHT: summary.totalRevenueHT, status: "OPEN" as const };
}

type Head = { year: number; status: "GENERATED" | "SUBMITTED"; generatedAt: Date; submittedAt: string | null; receiptId: string | null; notes: string | null };

async function loadHead(db: DbOrTx, caller: Caller, year: number, lock = false): Promise<Head | null> {
  const q = db
    .select({ year: bpfSnapshots.year, status: bpfSnapshots.status, generatedAt: bpfSnapshots.generatedAt, submittedAt: bpfSnapshots.submittedAt, receiptId: bpfSnapshots.receiptId, notes: bpfSnapshots.notes })
    .from(bpfSnapshots)
    .where(caller.scope.where(bpfSnapshots, eq(bpfSnapshots.year, year)));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** The snapshot's summary (not its rows: a large year reads only what it shows). */
async function loadSummary(db: DbOrTx, caller: Caller, year: number): Promise<{ head: Head; summary: BpfSummary }> {
  const [row] = await db
    .select({
      year: bpfSnapshots.year,
      status: bpfSnapshots.status,
      generatedAt: bpfSnapshots.generatedAt,
      submittedAt: bpfSnapshots.submittedAt,
      receiptId: bpfSnapshots.receiptId,
      notes: bpfSnapshots.notes,
      summary: sql<BpfSummary>`${bpfSnapshots.data} -> 'summary'`,
    })
    .from(bpfSnapshots)
    .where(caller.scope.where(bpfSnapshots, eq(bpfSnapshots.year, year)));
  if (!row) throw notFound("BPF snapshot");
  const { summary, ...head } = row;
  return { head, summary: upgradeSummary(typeof summary === "string" ? (JSON.parse(summary) as BpfSummary) : summary) };
}

/** The snapshot with its rows (CSV, drill-down, PDF). */
export async function loadSnapshotData(db: DbOrTx, caller: Caller, year: number): Promise<{ head: Head; data: BpfData }> {
  const [row] = await db.select().from(bpfSnapshots).where(caller.scope.where(bpfSnapshots, eq(bpfSnapshots.year, year)));
  if (!row) throw notFound("BPF snapshot");
  const { data, ...head } = row;
  const stored = data as { summary: BpfSummary; trainees: string; invoices: string };
  return { head, data: { summary: upgradeSummary(stored.summary), ...parseRows(stored) } };
}

function present(head: Head, s: BpfSummary): TSnapshot {
  return {
    year: head.year,
    status: head.status,
    asOf: s.asOf,
    totalTrainees: s.totalTrainees,
    totalHours: s.totalHours,
    totalRevenueHT: s.totalRevenueHT,
    financingSources: s.financingSources,
    byCategory: s.byCategory,
    frames: s.frames,
    checks: s.checks,
    anomalies: s.anomalies,
    generatedAt: head.generatedAt.toISOString(),
    submittedAt: head.submittedAt,
    receiptId: head.receiptId,
    notes: head.notes,
  };
}

/** GET /bpf/year/{year}. */
export async function getSnapshot(db: DbOrTx, caller: Caller, year: number): Promise<TSnapshot> {
  const { head, summary } = await loadSummary(db, caller, year);
  return present(head, summary);
}

/** GET /bpf/year/{year}/breakdown. */
export async function getBreakdown(db: DbOrTx, caller: Caller, year: number) {
  const { head, summary: s } = await loadSummary(db, caller, year);
  return {
    year: head.year,
    status: head.status,
    totals: { totalTrainees: s.totalTrainees, totalHours: s.totalHours, totalRevenueHT: s.totalRevenueHT },
    financingSources: s.financingSources,
    byCategory: s.byCategory,
    frames: s.frames,
    checks: s.checks,
    anomalies: s.anomalies,
  };
}

/** POST /bpf/year/{year}/generate. */
export async function generate(db: DbOrTx, caller: Caller, year: number, force: boolean, now: Date) {
  assertStarted(year, caller, now);
  // Fail early without computing; the transaction checks again under the row lock.
  const before = await loadHead(db, caller, year);
  if (before?.status === "SUBMITTED" && !force) throw conflict("This year's BPF has been submitted", "BPF_ALREADY_SUBMITTED");
  const { persisted } = await computeBpf(ctxOf(db, caller, now), year, {
    persist: async (tx, s, data) => {
      const head = await loadHead(tx, caller, year, true);
      if (head?.status === "SUBMITTED" && !force) throw conflict("This year's BPF has been submitted", "BPF_ALREADY_SUBMITTED");
      const values = { status: "GENERATED" as const, asOf: now, data, generatedAt: now, generatedBy: caller.userId, submittedAt: null, receiptId: null, notes: null, updatedAt: now };
      if (head) await tx.update(bpfSnapshots).set(values).where(caller.scope.where(bpfSnapshots, eq(bpfSnapshots.year, year)));
      else await tx.insert(bpfSnapshots).values(caller.scope.values(bpfSnapshots, { year, ...values }));
      await writeAudit(tx, caller, {
        action: head ? (head.status === "SUBMITTED" ? "bpf.regenerated_after_submission" : "bpf.regenerated") : "bpf.generated",
        targetType: "bpf",
        targetId: String(year),
        metadata: { year, force, previousStatus: head?.status ?? null, previousReceiptId: head?.receiptId ?? null, totalTrainees: s.totalTrainees, totalHours: s.totalHours, totalRevenueHT: s.totalRevenueHT },
      });
      return { year, status: "GENERATED" as const, generatedAt: now.toISOString(), totals: { totalTrainees: s.totalTrainees, totalHours: s.totalHours, totalRevenueHT: s.totalRevenueHT } };
    },
  });
  return persisted!;
}

/** POST /bpf/year/{year}/submit. */
export async function submit(db: DbOrTx, caller: Caller, input: { year: number; submittedAt: string; receiptId: string; notes?: string | null }, now: Date) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: caller.tenant.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  if (input.submittedAt > today) throw unprocessable("Submission date in the future", { submittedAt: ["The date cannot be in the future"] });
  return db.transaction(async (tx) => {
    const head = await loadHead(tx, caller, input.year, true);
    if (!head) throw notFound("BPF snapshot");
    if (head.status === "SUBMITTED") throw conflict("This year's BPF has already been submitted", "BPF_ALREADY_SUBMITTED");
    const notes = input.notes ?? null;
    await tx
      .update(bpfSnapshots)
      .set({ status: "SUBMITTED", submittedAt: input.submittedAt, receiptId: input.receiptId, notes, updatedAt: now })
      .where(caller.scope.where(bpfSnapshots, eq(bpfSnapshots.year, input.year)));
    await writeAudit(tx, caller, { action: "bpf.submitted", targetType: "bpf", targetId: String(input.year), metadata: { year: input.year, submittedAt: input.submittedAt, receiptId: input.receiptId } });
    return { year: input.year, status: "SUBMITTED" as const, submittedAt: input.submittedAt, receiptId: input.receiptId, notes };
  });
}

// ---------------------------------------------------------------- drill-down

type Cell = { value: number; trainees: TraineeRow[]; invoices: InvoiceRow[] };

/** The records behind one figure, and the figure (from the same rows the summary was made of). */
function cellOf(data: BpfData, cell: string): Cell {
  if (!CELL_PATTERN.test(cell)) throw notFoundCell();
  const s = data.summary;
  const dash = cell.indexOf("-");
  const kind = dash < 0 ? cell : cell.slice(0, dash);
  const arg = dash < 0 ? undefined : cell.slice(dash + 1);
  // Frame F's trainees (G's are drilled through their own rows of the CSV); invoices with training HT.
  const T = data.trainees.filter((t) => t.sub !== "RECEIVED");
  const I = data.invoices.filter((i) => i.amt !== 0);
  const sumI = (rows: InvoiceRow[]) => units(rows.reduce((a, r) => a + r.amt, 0));
  switch (kind) {
    case "trainees":
      return { value: s.totalTrainees, trainees: T, invoices: [] };
    case "hours":
      return { value: s.totalHours, trainees: T, invoices: [] };
    case "revenue":
      return { value: s.totalRevenueHT, trainees: [], invoices: I };
    case "anomalies": {
      const trainees = T.filter((t) => !t.cat || !t.fin);
      const invoices = I.filter((i) => !i.src);
      return { value: trainees.length + invoices.length, trainees, invoices };
    }
    case "category": {
      const trainees = T.filter((t) => (arg === "NONE" ? !t.cat : t.cat === arg));
      return { value: trainees.length, trainees, invoices: [] };
    }
    case "f1": {
      const trainees = T.filter((t) => t.f1 === arg);
      return { value: trainees.length, trainees, invoices: [] };
    }
    case "c": {
      const invoices = I.filter((i) => (arg === "2" ? i.line.startsWith("2") : i.line === arg));
      return { value: sumI(invoices), trainees: [], invoices };
    }
    default: {
      const invoices = I.filter((i) => (arg === "unknown" ? !i.src : i.src === arg));
      return { value: sumI(invoices), trainees: [], invoices };
    }
  }
}

/** GET /bpf/year/{year}/cells/{cell}: trainees first (by enrollment id), then invoices (by issue date). */
export async function drilldown(db: DbOrTx, caller: Caller, input: TDrilldownInput) {
  if (!CELL_PATTERN.test(input.cell)) throw notFoundCell();
  const { data } = await loadSnapshotData(db, caller, input.year);
  const cell = cellOf(data, input.cell);
  const total = cell.trainees.length + cell.invoices.length;
  const offset = (input.page - 1) * input.perPage;
  const pageTrainees = cell.trainees.slice(offset, offset + input.perPage);
  const rest = input.perPage - pageTrainees.length;
  const invOffset = Math.max(0, offset - cell.trainees.length);
  const pageInvoices = rest > 0 ? cell.invoices.slice(invOffset, invOffset + rest) : [];
  const userIds = [...new Set(pageTrainees.map((t) => t.u))];
  const courseIds = [...new Set(pageTrainees.map((t) => t.c))];
  const [names, titles] = await Promise.all([
    userIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds)) : [],
    courseIds.length ? db.select({ id: courses.id, title: courses.title }).from(courses).where(caller.scope.where(courses, inArray(courses.id, courseIds))) : [],
  ]);
  const nameOf = new Map(names.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
  const titleOf = new Map(titles.map((c) => [c.id, c.title]));
  const records: TDrillRecord[] = [
    ...pageTrainees.map((t) => ({
      type: "ENROLLMENT" as const,
      id: t.e,
      label: `${nameOf.get(t.u) ?? t.u} — ${titleOf.get(t.c) ?? t.c}`,
      enrollmentId: t.e,
      userId: t.u,
      courseId: t.c,
      category: t.cat,
      financingSource: t.fin,
      hours: hoursOf(t.min),
      invoiceKind: null,
      number: null,
      line: null,
      issuedAt: null,
      amountHT: units(t.amt),
      anomaly: !t.cat ? "NO_CATEGORY" : !t.fin ? "NO_FINANCING_SOURCE" : null,
    })),
    ...pageInvoices.map((i) => ({
      type: "INVOICE" as const,
      id: i.i,
      label: `${i.n ?? i.i} — ${i.cl}`,
      enrollmentId: i.e,
      userId: null,
      courseId: null,
      category: null,
      financingSource: i.src,
      hours: null,
      invoiceKind: i.k,
      number: i.n,
      line: i.line,
      issuedAt: i.at,
      amountHT: units(i.amt),
      anomaly: i.src ? null : "NO_SOURCE",
    })),
  ];
  return page(records, { total, page: input.page, perPage: input.perPage, cell: input.cell, value: cell.value });
}

const notFoundCell = () => new DomainError("NOT_FOUND", "Unknown BPF figure", { reason: "BPF_CELL_UNKNOWN" });
