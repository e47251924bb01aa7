import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { buildCaller } from "../server/auth/caller";
import { rawRows } from "../server/db/raw-rows";
import { memberships, tenants } from "../server/db/schema";
import { ensureMembership, ensureTenant, ensureUser } from "../server/seed/factories";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { openAppDatabase } from "../server/jobs/open";
import { computeBpf } from "../server/services/bpf/compute";
import { bpfExportTable } from "../server/services/bpf/export-table";
import { csvChunks } from "../server/services/exports/table";
import { currentYearOf, drilldown, generate, getBreakdown } from "../server/services/bpf/snapshots";

/**
 * Child process of `npm run bench` (BPF part; alone: `BENCH_ONLY=bpf npm run bench`). Seeds a
 * tenant `bpf-bench` with BENCH_BPF_ENROLLMENTS (100,000) enrollments of last year: 100 courses
 * x 1,000 learners, categories and sources by modulo, 10 sessions per course (the last one
 * spanning 31 Dec -> 1 Jan), one PIN signature per enrollment (100,000 attendance records), one
 * invoice per 5 enrollments with credit notes and cancelled invoices. Bulk SQL (generate_series),
 * so the seed takes seconds; the attendance records are not chained (the BPF does not read the
 * chain). Then times POST /bpf/year/{year}/generate's service (`generate`, force: compute and
 * store the snapshot with its 100,000 rows) BENCH_BPF_RUNS times after one warm-up, and the other
 * readers once. Limit: every generation under 2 s. Prints the plans of the large reads
 * (EXPLAIN ANALYZE) to judge whether an index is missing. Written to BENCH_BPF_RESULTS.
 */
const COURSES = 100;
const ENROLLMENTS = Number(process.env.BENCH_BPF_ENROLLMENTS ?? 100_000);
const PER_COURSE = Math.max(10, Math.floor(ENROLLMENTS / COURSES));
const RUNS = Math.max(1, Number(process.env.BENCH_BPF_RUNS ?? 5));
const RESULTS = process.env.BENCH_BPF_RESULTS ?? "bench/results/bpf-latest.json";
const LIMIT_MS = 2000;

const e = env();
const handle = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
const db = handle.db;
const log = (text: string) => process.stdout.write(`${text}\n`);

try {
  const tenant = await ensureTenant(db, { slug: "bpf-bench", name: "BPF Bench Formation", ofMode: true });
  const admin = await ensureUser(db, { email: "admin@bpf-bench.test", firstName: "Admin", lastName: "Bench", password: null });
  await ensureMembership(db, tenant.id, admin.id, "ADMIN");
  const t = tenant.id;
  const now = new Date();
  const year = currentYearOf(now, tenant.timeZone) - 1;
  const seeded = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from enrollments where tenant_id = ${t}`);
  const started = performance.now();
  if (!seeded[0]?.n) {
    // Paris is UTC+1 in winter: the sessions' times below are UTC.
    const y = String(year);
    await db.execute(sql`insert into courses (id, tenant_id, creator_id, title, slug, status, format, duration)
      select 'crs_bpfb_' || c, ${t}, ${admin.id}, 'Bench course ' || c, 'bench-bpf-' || c, 'PUBLISHED', (case when c % 10 = 0 then 'BLENDED' else 'PRESENTIAL' end)::course_format, 14
      from generate_series(1, ${COURSES}) c`);
    await db.execute(sql`insert into users (id, email, first_name, last_name)
      select 'usr_bpfb_' || u, 'learner' || u || '@bpf-bench.test', 'Prénom' || u, 'Nom' || u from generate_series(1, ${PER_COURSE}) u`);
    await db.execute(sql`insert into enrollments (id, tenant_id, course_id, user_id, status, trainee_category, financing_source, enrolled_at)
      select 'enr_bpfb_' || c || '_' || u, ${t}, 'crs_bpfb_' || c, 'usr_bpfb_' || u,
        (case when u % 50 = 0 then 'CANCELLED' when u % 3 = 0 then 'COMPLETED' else 'ACTIVE' end)::enrollment_status,
        (case when u % 97 = 0 then null when u % 3 = 0 then 'SAL' when u % 3 = 1 then 'DE' else 'AUT' end)::trainee_category,
        (case u % 5 when 0 then 'OPCO' when 1 then 'CPF' when 2 then 'POLE_EMPLOI' when 3 then 'EMPLOYER' else 'SELF' end)::financing_source,
        (${y} || '-01-02')::timestamptz
      from generate_series(1, ${COURSES}) c, generate_series(1, ${PER_COURSE}) u`);
    // 10 sessions per course: the 10th from 31 Dec 22:00 to 1 Jan 01:00 Paris.
    await db.execute(sql`insert into live_sessions (id, tenant_id, course_id, title, scheduled_at, duration_minutes, delivery_mode, status, media_room_name, attendance_pin, created_by)
      select 'ses_bpfb_' || c || '_' || s, ${t}, 'crs_bpfb_' || c, 'Session ' || s,
        (case when s = 10 then (${y} || '-12-31T21:00:00Z')::timestamptz else (${y} || '-01-15T08:00:00Z')::timestamptz + ((s * 30 + c % 20) || ' days')::interval end),
        (case when s = 10 then 180 else 420 end), 'PRESENTIAL', 'ENDED', 'room-bpfb-' || c || '-' || s, '123456', ${admin.id}
      from generate_series(1, ${COURSES}) c, generate_series(1, 10) s`);
    await db.execute(sql`insert into emargements (id, tenant_id, session_id, user_id, enrollment_id, method, signed_at, sealed_hash, chain_position)
      select 'emg_bpfb_' || c || '_' || u, ${t}, 'ses_bpfb_' || c || '_' || (u % 10 + 1), 'usr_bpfb_' || u, 'enr_bpfb_' || c || '_' || u, 'PIN',
        s.scheduled_at + interval '5 minutes', 'sha256:' || repeat('0', 64), row_number() over ()
      from generate_series(1, ${COURSES}) c cross join generate_series(1, ${PER_COURSE}) u
      join live_sessions s on s.tenant_id = ${t} and s.id = 'ses_bpfb_' || c || '_' || (u % 10 + 1)
      where u % 50 <> 0`);
    await db.execute(sql`insert into billing_clients (id, tenant_id, kind, name) values
      ('cli_bpfb_company', ${t}, 'COMPANY', 'Entreprise'), ('cli_bpfb_opco', ${t}, 'OPCO', 'OPCO'),
      ('cli_bpfb_public', ${t}, 'PUBLIC', 'France Travail'), ('cli_bpfb_individual', ${t}, 'INDIVIDUAL', 'Particulier')`);
    await db.execute(sql`insert into invoices (id, tenant_id, kind, client_id, number, status, items, subtotal_cents, vat_cents, total_cents, enrollment_id, issued_at, credited_invoice_id)
      select 'inv_bpfb_' || c || '_' || u, ${t}, 'INVOICE',
        (case u % 5 when 0 then 'cli_bpfb_opco' when 1 then 'cli_bpfb_opco' when 2 then 'cli_bpfb_public' when 3 then 'cli_bpfb_company' else 'cli_bpfb_individual' end),
        'BENCH-' || c || '-' || u, (case when u % 100 = 5 then 'CANCELLED' when u % 7 = 0 then 'PAID' else 'ISSUED' end)::invoice_status, '[]'::jsonb,
        100000 + u, 0, 100000 + u, 'enr_bpfb_' || c || '_' || u, (${y} || '-03-01T10:00:00Z')::timestamptz + ((u % 280) || ' days')::interval, null
      from generate_series(1, ${COURSES}) c, generate_series(1, ${PER_COURSE}) u where u % 5 in (0, 1, 2, 3, 4) and u % 5 = c % 5`);
    await db.execute(sql`insert into invoices (id, tenant_id, kind, client_id, number, status, items, subtotal_cents, vat_cents, total_cents, enrollment_id, issued_at, credited_invoice_id)
      select 'inv_bpfb_cn_' || substr(i.id, 10), ${t}, 'CREDIT_NOTE', i.client_id, 'BENCH-CN-' || substr(i.id, 10), 'ISSUED', '[]'::jsonb, 10000, 0, 10000, null,
        i.issued_at + interval '10 days', i.id
      from invoices i where i.tenant_id = ${t} and i.kind = 'INVOICE' and right(i.id, 2) = '13'`);
    await db.execute(sql`analyze`);
  }
  const counts = (
    await rawRows<{ enrollments: number; records: number; invoices: number; sessions: number }>(
      db,
      sql`select (select count(*)::int from enrollments where tenant_id = ${t}) as enrollments, (select count(*)::int from emargements where tenant_id = ${t}) as records,
        (select count(*)::int from invoices where tenant_id = ${t}) as invoices, (select count(*)::int from live_sessions where tenant_id = ${t}) as sessions`,
    )
  )[0]!;
  const seedMs = performance.now() - started;
  log(`bpf seed: ${counts.enrollments} enrollments, ${counts.sessions} sessions, ${counts.records} attendance records, ${counts.invoices} invoices (${(seedMs / 1000).toFixed(1)} s)`);

  const [membership] = await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, admin.id));
  const [row] = await db.select().from(tenants).where(eq(tenants.id, t));
  const caller = buildCaller({
    tenant: { id: t, slug: row!.slug, name: row!.name, ofMode: true, authMode: "PASSWORD", timeZone: row!.timeZone },
    scope: forTenant(t),
    userId: admin.id,
    role: "ADMIN",
    membershipId: membership?.id ?? null,
    ip: null,
    userAgent: "bench",
    requestId: "bench-bpf",
  });
  const time = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
    const s = performance.now();
    const out = await fn();
    return [performance.now() - s, out];
  };

  const [warmMs, warm] = await time(() => generate(db, caller, year, true, new Date()));
  log(`warm-up generate: ${warmMs.toFixed(0)} ms -> ${JSON.stringify(warm.totals)}`);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push((await time(() => generate(db, caller, year, true, new Date())))[0]);
  const [computeMs] = await time(() => computeBpf({ db, scope: caller.scope, tenantId: t, timeZone: caller.tenant.timeZone, now: new Date() }, year));
  const [breakdownMs] = await time(() => getBreakdown(db, caller, year));
  const [drillMs, drill] = await time(() => drilldown(db, caller, { year, cell: "c-2h", page: 3, perPage: 50 }));
  const [csvMs, csvBytes] = await time(async () => {
    let n = 0;
    for await (const chunk of csvChunks(await bpfExportTable(db, caller, year, "csv"), ";")) n += Buffer.byteLength(chunk);
    return n;
  });
  const [snapshotBytes] = await rawRows<{ n: number }>(db, sql`select pg_column_size(data)::int as n from bpf_snapshots where tenant_id = ${t} and year = ${year}`);

  // The plans of the two large reads (attendance records of the year's sessions, invoices of the year).
  const plan = async (q: ReturnType<typeof sql>) => (await rawRows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, costs off, timing off) ${q}`)).map((r) => r["QUERY PLAN"]).join("\n");
  const start = `${year - 1}-12-01T00:00:00Z`;
  const end = `${year + 1}-01-01T00:00:00Z`;
  const plans = {
    attendance: await plan(sql`select m.id from emargements m where m.tenant_id = ${t} and m.session_id in (select s.id from live_sessions s where s.tenant_id = ${t} and s.status <> 'CANCELLED' and s.scheduled_at < ${end}::timestamptz and s.scheduled_at >= ${start}::timestamptz)`),
    invoices: await plan(sql`select i.id from invoices i where i.tenant_id = ${t} and i.status in ('ISSUED', 'PAID', 'OVERDUE') and i.issued_at >= ${`${year}-01-01`}::timestamptz and i.issued_at < ${end}::timestamptz`),
  };

  const sorted = [...runs].sort((a, b) => a - b);
  const summary = {
    enrollments: counts.enrollments,
    attendanceRecords: counts.records,
    invoices: counts.invoices,
    sessions: counts.sessions,
    year,
    totals: warm.totals,
    generateMs: { runs: runs.map((r) => Math.round(r)), median: Math.round(sorted[Math.floor(sorted.length / 2)]!), max: Math.round(sorted[sorted.length - 1]!) },
    computeOnlyMs: Math.round(computeMs),
    breakdownMs: Math.round(breakdownMs),
    drilldownPageMs: Math.round(drillMs),
    drilldownTotal: drill.meta.total,
    csvMs: Math.round(csvMs),
    csvBytes,
    snapshotBytes: snapshotBytes?.n ?? 0,
    limitMs: LIMIT_MS,
    pass: sorted[sorted.length - 1]! < LIMIT_MS,
    plans,
  };
  log(
    [
      `BPF generation over ${counts.enrollments} enrollments (${counts.records} attendance records, ${counts.invoices} invoices): median ${summary.generateMs.median} ms, max ${summary.generateMs.max} ms over ${RUNS} runs (limit ${LIMIT_MS} ms) ${summary.pass ? "PASS" : "MISS"}`,
      `  compute only ${summary.computeOnlyMs} ms; breakdown ${summary.breakdownMs} ms; drill-down page ${summary.drilldownPageMs} ms (${summary.drilldownTotal} records); CSV ${summary.csvMs} ms (${(csvBytes / 1e6).toFixed(1)} MB); snapshot ${(summary.snapshotBytes / 1e6).toFixed(1)} MB stored`,
      "  plan, attendance records of the year's sessions:",
      ...plans.attendance.split("\n").map((l) => `    ${l}`),
      "  plan, invoices of the year:",
      ...plans.invoices.split("\n").map((l) => `    ${l}`),
    ].join("\n"),
  );
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, bpf: summary }, null, 2)}\n`);
} finally {
  await handle.close();
}
