import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Logger } from "drizzle-orm";
import { openApiDocument } from "../../server/api/openapi";
import { startApi, type TestApi } from "../helpers/api";
import { login, tokenFor } from "../factories";
import { tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * Every list operation's SQL walks an index in order, whatever the tenant's size.
 *
 * The list operations are found, not listed: every GET of the OpenAPI document (generated from
 * the procedures) whose input has `page`, `limit` or `perPage`. Each is called through the real
 * REST handler on a tenant with 20,000+ rows per listed resource (50,000 members); the SQL it
 * sends is recorded with drizzle's logger and each SELECT is run again under
 * `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`. A plan fails when a node reads more than
 * READ_LIMIT rows of a table from the heap (a sequential scan, or an index scan that does not
 * stop after the page) or sorts more than READ_LIMIT rows. Index-only scans may read many
 * entries (that is how totals are counted) as long as they do not visit the heap.
 *
 * A new list operation is covered without anyone adding it here: it is called as the tenant's
 * ADMIN with `?page=1&limit=20`. Only an operation with a path parameter, or one that lists the
 * caller's own rows, needs an entry in RECIPES; one that is missing fails the test by name.
 */

const READ_LIMIT = 1000;
const MEMBERS = 50_000;
const ROWS = 20_000;

type Statement = { query: string; params: unknown[] };
type PlanNode = Record<string, any> & { "Node Type": string; Plans?: PlanNode[] };

const recorded: Statement[] = [];
let recording = false;
const logger: Logger = {
  logQuery(query, params) {
    if (recording) recorded.push({ query, params });
  },
};

let api: TestApi;
const tokens: Record<string, string> = {};
const fixtures: Record<string, string> = {};

/** How to call an operation that cannot be called with the defaults (ADMIN of acme, no path parameters). */
type Recipe = { as?: "admin" | "creator" | "trainer" | "learner" | "platform"; path?: () => Record<string, string>; query?: Record<string, string> };
const RECIPES: Record<string, Recipe[]> = {
  "users-list": [{}, { query: { role: "LEARNER" } }, { query: { role: "ADMIN" } }, { query: { status: "ACTIVE" } }],
  "courses-list": [{}, { query: { perPage: "20" } }],
  "courses-myCourses": [{ as: "creator" }],
  "courses-myTrainer": [{ as: "trainer" }],
  "enrollments-me": [{ as: "learner" }],
  "enrollments-upcomingSessions": [{ as: "learner" }],
  "enrollments-list": [{}, { query: { userId: "@learner" } }],
  "activity-course": [{ path: () => ({ slug: fixtures.bigCourseSlug! }) }],
  "activity-enrollment": [{ path: () => ({ id: fixtures.bigEnrollmentId! }) }],
  "sessions-list": [{}, { query: { courseId: "@bigCourse" } }],
  "dev-outbox": [{}, { query: { to: "learner@acme.test" } }],
  "audit-list": [{}, { query: { category: "admin" } }, { query: { actorId: "@learner" } }, { query: { action: "auth.login" } }],
  "webhooks-deliveries": [{ path: () => ({ id: "wh_bulk_1" }) }],
  // The demo seed generates last year's BPF of acme (server/seed/bpf.ts); the rows are the snapshot's.
  "bpf-drilldown": [{ path: () => ({ year: String(new Date().getUTCFullYear() - 1), cell: "trainees" }) }],
  "templates-list": [{}, { query: { category: "ATTESTATION" } }, { query: { kind: "CUSTOM", isActive: "true" } }],
  "billingClients-list": [{}, { query: { kind: "OPCO" } }],
  "invoices-list": [{}, { query: { status: "ISSUED" } }, { query: { status: "OVERDUE" } }, { query: { status: "DRAFT" } }, { query: { clientId: "cli_bulk_1" } }, { query: { kind: "CREDIT_NOTE" } }],
  "documents-list": [{}, { as: "learner" }, { query: { enrollmentId: "@bigEnrollmentId" } }, { query: { userId: "@learner", kind: "CERTIFICATE" } }],
  "platform-listTenants": [{ as: "platform" }, { as: "platform", query: { status: "ACTIVE" } }],
  "complaints-list": [{}, { query: { status: "RESOLVED" } }, { query: { severity: "CRITICAL" } }, { query: { assignedTo: "@admin" } }],
  "improvementPlans-list": [{}, { query: { status: "ARCHIVED" } }, { query: { trigger: "AUDIT" } }],
  "needs-listCompanies": [{}, { as: "creator" }],
  "needs-listAnalyses": [{}, { query: { companyId: "cmp_bulk_1" } }],
  "notifications-list": [{}, { query: { unread: "true" } }],
  "payments-list": [{}, { query: { status: "CAPTURED" } }, { query: { status: "REFUNDED", gateway: "PSP_B" } }, { query: { gateway: "PSP_A_ISV", perPage: "50" } }],
};

/**
 * Known exceptions, each with its reason. They run as `it.fails`: when the plan is fixed the
 * test fails and asks for the entry to be removed.
 */
const KNOWN_SLOW: Record<string, string> = {};

type ListOperation = { operationId: string; path: string; params: string[]; pathParams: string[] };

/** Every GET operation whose input takes page, limit or perPage. */
function listOperations(): ListOperation[] {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>> };
  const out: ListOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const get = ops.get;
    if (!get) continue;
    const params = (get.parameters ?? []).map((p) => p.name);
    if (!params.some((n) => n === "page" || n === "limit" || n === "perPage")) continue;
    out.push({ operationId: get.operationId, path, params, pathParams: (get.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name) });
  }
  return out;
}

function raw() {
  return (api.db as unknown as { $client: any }).$client;
}

/**
 * The plan of one recorded statement, run. `strict`: with sequential and bitmap heap scans priced
 * out (enable_seqscan/enable_bitmapscan off), so a Seq Scan left in the plan means that no index
 * can serve the statement. Without it the planner could legitimately prefer a sequential scan
 * here only because the test tenant holds nearly every row of each table (a real database holds
 * many tenants). Sorts stay allowed: a sort of the caller's few rows is fine, one over more than
 * READ_LIMIT rows fails below.
 */
async function explain(st: Statement, strict = true): Promise<PlanNode> {
  const text = `explain (analyze, buffers, format json) ${st.query}`;
  const settings = strict ? "set enable_seqscan = off; set enable_bitmapscan = off;" : "";
  let rows: any[];
  if (api.handle.driver === "postgres") {
    rows = await raw().begin(async (tx: any) => {
      if (settings) await tx.unsafe(settings.replaceAll("set ", "set local "));
      return tx.unsafe(text, st.params);
    });
  } else {
    if (settings) await raw().exec(settings);
    try {
      rows = (await raw().query(text, st.params)).rows;
    } finally {
      if (settings) await raw().exec("reset enable_seqscan; reset enable_bitmapscan;");
    }
  }
  const plan = rows[0]["QUERY PLAN"];
  return (typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan;
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const times = (n: PlanNode, key: string) => Number(n[key] ?? 0) * Number(n["Actual Loops"] ?? 1);

/** What in a plan reads or sorts more than READ_LIMIT rows of a table (empty when the plan is fine). */
function offences(plan: PlanNode): string[] {
  const out: string[] = [];
  for (const n of nodes(plan)) {
    const type = n["Node Type"];
    const where = n["Relation Name"] ? ` on ${n["Relation Name"]}${n["Index Name"] ? ` (${n["Index Name"]})` : ""}` : "";
    const read = times(n, "Actual Rows") + times(n, "Rows Removed by Filter") + times(n, "Rows Removed by Index Recheck");
    if (type === "Index Only Scan") {
      if (times(n, "Heap Fetches") > READ_LIMIT) out.push(`${type}${where} visits the heap ${times(n, "Heap Fetches")} times`);
    } else if (/Scan$/.test(type) && type !== "Bitmap Index Scan" && !/Function|Values|CTE|Subquery|Result/.test(type)) {
      if (read > READ_LIMIT) out.push(`${type}${where} reads ${read} rows`);
    }
    if (type === "Sort" || type === "Incremental Sort") {
      const input = (n.Plans ?? []).reduce((s, c) => s + times(c, "Actual Rows"), 0);
      if (input > READ_LIMIT) out.push(`${type} over ${input} rows (key ${JSON.stringify(n["Sort Key"])})`);
    }
  }
  return out;
}

/** Shared buffers touched by a plan (hit + read), the deterministic measure of its cost. */
const buffers = (plan: PlanNode) => Number(plan["Shared Hit Blocks"] ?? 0) + Number(plan["Shared Read Blocks"] ?? 0);

/** Calls one REST operation and returns the SELECTs it sent. */
async function capture(path: string, tenant: string | null, token: string | undefined): Promise<{ status: number; statements: Statement[]; body: any }> {
  recorded.length = 0;
  recording = true;
  let res;
  try {
    // (one retry: the test server may drop a keep-alive socket left idle during the bulk load)
    res = await api.call("GET", path, { tenant, token }).catch(() => api.call("GET", path, { tenant, token }));
  } finally {
    recording = false;
  }
  const statements = recorded.filter((s) => /^\s*(select|with)\b/i.test(s.query));
  return { status: res.status, statements, body: res.body };
}

function resolveQuery(q: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v.startsWith("@") ? fixtures[v.slice(1)]! : v]));
}

/** Bulk data in acme: members, courses, enrollments, sessions, activity, ledger, outbox. */
async function seedLargeTenant(acme: string, ids: { creator: string; trainer: string; learner: string; admin: string }) {
  const exec = (q: ReturnType<typeof sql>) => api.db.execute(q);
  const t0 = "2020-01-01T00:00:00Z";
  await exec(sql`insert into users (id, email, first_name, last_name)
    select 'usr_bulk_' || g, 'bulk' || g || '@acme.test', 'Bulk', 'Member ' || g from generate_series(1, ${MEMBERS}) g`);
  await exec(sql`insert into memberships (id, tenant_id, user_id, role, status, created_at)
    select 'mem_bulk_' || g, ${acme}, 'usr_bulk_' || g, 'LEARNER', 'ACTIVE', ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${MEMBERS}) g`);
  await exec(sql`insert into courses (id, tenant_id, creator_id, title, slug, status, published_at, created_at)
    select 'crs_bulk_' || g, ${acme}, ${ids.creator}, 'Bulk course ' || g, 'bulk-course-' || g, 'PUBLISHED', ${t0}::timestamptz, ${t0}::timestamptz + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`);
  // The trainer teaches one bulk course in a hundred.
  await exec(sql`insert into course_trainers (id, tenant_id, course_id, user_id)
    select 'ctr_bulk_' || g, ${acme}, 'crs_bulk_' || g, ${ids.trainer} from generate_series(1, ${ROWS}, 100) g`);
  // The demo learner is enrolled in every bulk course; bulk members in the first one.
  await exec(sql`insert into enrollments (id, tenant_id, course_id, user_id, enrolled_at)
    select 'enr_bulk_' || g, ${acme}, 'crs_bulk_' || g, ${ids.learner}, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into enrollments (id, tenant_id, course_id, user_id, enrolled_at)
    select 'enr_bulkm_' || g, ${acme}, 'crs_bulk_1', 'usr_bulk_' || g, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into live_sessions (id, tenant_id, course_id, title, scheduled_at, duration_minutes, media_room_name, attendance_pin, created_by)
    select 'ses_bulk_' || g, ${acme}, 'crs_bulk_1', 'Bulk session ' || g, now() + g * interval '1 hour', 60, 'room-bulk-' || g, '123456', ${ids.creator}
      from generate_series(1, ${ROWS}) g`);
  // Registrations: the demo learner to one bulk session in a hundred, every bulk member to the first one.
  await exec(sql`insert into session_participants (tenant_id, session_id, user_id, enrollment_id)
    select ${acme}, 'ses_bulk_' || g, ${ids.learner}, 'enr_bulk_1' from generate_series(1, ${ROWS}, 100) g`);
  await exec(sql`insert into session_participants (tenant_id, session_id, user_id, enrollment_id)
    select ${acme}, 'ses_bulk_1', 'usr_bulk_' || g, 'enr_bulkm_' || g from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into activity_logs (id, tenant_id, user_id, action, course_id, enrollment_id, created_at)
    select 'act_bulk_' || g, ${acme}, ${ids.learner}, 'lesson.viewed', 'crs_bulk_1', 'enr_bulk_1', ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into ai_credit_ledger (id, tenant_id, delta, balance_after, operation, user_id, created_at)
    select 'acl_bulk_' || g, ${acme}, 1, g, 'grant', ${ids.admin}, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into mail_outbox (id, tenant_id, "to", subject, text, template, transport, created_at)
    select 'mail_bulk_' || g, ${acme}, case when g % 2 = 0 then 'learner@acme.test' else 'bulk' || g || '@acme.test' end, 'Bulk', 'Bulk', 'bulk', 'outbox',
           ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // The platform's tenant list and the tenant's audit log (platform lists are not tenant-scoped).
  await exec(sql`insert into tenants (id, slug, name, created_at)
    select 'ten_bulk_' || g, 'bulk-tenant-' || g, 'Bulk tenant ' || g, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into audit_logs (id, tenant_id, actor_user_id, action, target_type, target_id, created_at)
    select 'aud_bulk_' || g, ${acme}, case when g % 2 = 0 then ${ids.learner} else ${ids.admin} end,
           case when g % 3 = 0 then 'auth.login' else 'user.updated' end, 'user', ${ids.learner}, ${t0}::timestamptz + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`);
  // Webhooks: many endpoints, and one with many deliveries (each with an attempt).
  await exec(sql`insert into webhooks (id, tenant_id, url, events, secret_box, created_by, created_at)
    select 'wh_bulk_' || g, ${acme}, 'https://hooks.example.com/' || g, array['user.created'], 'v1:x', ${ids.admin}, ${t0}::timestamptz + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into webhook_deliveries (id, tenant_id, webhook_id, event_id, event, status, attempts, created_at)
    select 'dlv_bulk_' || g, ${acme}, 'wh_bulk_1', 'evt_bulk_' || g, 'user.created', 'SUCCEEDED', 1, ${t0}::timestamptz + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into webhook_delivery_attempts (tenant_id, delivery_id, attempt, started_at, status_code, duration_ms)
    select ${acme}, 'dlv_bulk_' || g, 1, ${t0}::timestamptz + g * interval '1 minute', 200, 12 from generate_series(1, ${ROWS}) g`);
  // Templates (CUSTOM, most of them ATTESTATION) and the demo learner's generated documents, one per bulk enrollment.
  await exec(sql`insert into templates (id, tenant_id, name, category, kind, body, created_at)
    select 'tpl_bulk_' || g, ${acme}, 'Bulk template ' || g, case when g % 10 = 0 then 'OTHER' else 'ATTESTATION' end::template_category, 'CUSTOM', 'Body {{learner.fullName}}',
           ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into documents (id, tenant_id, kind, subject_type, subject_id, user_id, enrollment_id, title, file_name, sha256, size_bytes, storage_path, generated_at)
    select 'doc_bulk_' || g, ${acme}, 'CERTIFICATE', 'ENROLLMENT', 'enr_bulk_' || g, ${ids.learner}, 'enr_bulk_' || g, 'Bulk certificate ' || g, 'bulk.pdf', repeat('0', 64), 1000,
           ${acme} || '/doc_bulk_' || g, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // Complaints (a quarter assigned to the admin) and improvement plans, a few of each status, severity and trigger.
  await exec(sql`insert into complaints (id, tenant_id, subject, description, category, severity, status, complainant_email, assigned_to, created_at, status_changed_at)
    select 'cpl_bulk_' || g, ${acme}, 'Bulk complaint ' || g, 'Bulk', (array['COURSE_QUALITY','ADMIN','BILLING','OTHER'])[1 + g % 4]::complaint_category,
           (array['LOW','MEDIUM','HIGH','CRITICAL'])[1 + g % 4]::complaint_severity, (array['NEW','IN_REVIEW','RESOLVED','ESCALATED','CLOSED'])[1 + g % 5]::complaint_status,
           'bulk' || g || '@example.com', case when g % 4 = 0 then ${ids.admin} end, ${t0}::timestamptz + g * interval '1 minute', ${t0}::timestamptz
      from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into improvement_plans (id, tenant_id, title, trigger, status, created_by, created_at)
    select 'imp_bulk_' || g, ${acme}, 'Bulk plan ' || g, (array['COMPLAINT','AUDIT','FEEDBACK','PROACTIVE'])[1 + g % 4]::improvement_plan_trigger,
           (array['DRAFT','IN_PROGRESS','COMPLETED','ARCHIVED'])[1 + g % 4]::improvement_plan_status, ${ids.admin}, ${t0}::timestamptz + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`);
  // Billing clients, every kind (SIRENs are not checked by the database).
  await exec(sql`insert into billing_clients (id, tenant_id, kind, name, siren, created_at, updated_at)
    select 'cli_bulk_' || g, ${acme}, (array['COMPANY','OPCO','INDIVIDUAL','PUBLIC'])[1 + g % 4]::client_kind, 'Bulk client ' || g, lpad(g::text, 9, '0'),
           ${t0}::timestamptz + g * interval '1 minute', ${t0}::timestamptz from generate_series(1, ${ROWS}) g`);
  // Client companies (COMPANY billing clients) and needs analyses (half of them for the first company).
  await exec(sql`insert into billing_clients (id, tenant_id, kind, name, created_at, updated_at)
    select 'cmp_bulk_' || g, ${acme}, 'COMPANY', 'Bulk company ' || g, ${t0}::timestamptz + g * interval '1 minute', ${t0}::timestamptz from generate_series(1, ${ROWS}) g`);
  await exec(sql`insert into needs_analyses (id, tenant_id, company_id, objectives, current_level, target_level, context, gap_analysis, provider, created_at)
    select 'nda_bulk_' || g, ${acme}, case when g % 2 = 0 then 'cmp_bulk_1' else 'cmp_bulk_' || g end, array['Bulk objective'], 'BEGINNER', 'ADVANCED', 'Bulk',
           '{"currentLevel":"BEGINNER","targetLevel":"ADVANCED","levelGap":2,"steps":["INTERMEDIATE","ADVANCED"],"coveredObjectives":[],"uncoveredObjectives":["Bulk objective"],"estimatedHours":null,"summary":"Bulk"}'::jsonb,
           'local', ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // Invoices of the bulk clients (half of them for the first client; statuses and kinds mixed). The OVERDUE ones are stored so, as the hourly job
  // leaves them: the status filter's catch-up update then has nothing to write.
  await exec(sql`insert into invoices (id, tenant_id, kind, client_id, number, number_year, number_seq, status, items, subtotal_cents, vat_cents, total_cents, due_date, issued_at, created_at)
    select 'inv_bulk_' || g, ${acme}, case when g % 10 = 0 then 'CREDIT_NOTE' else 'INVOICE' end::invoice_kind, case when g % 2 = 0 then 'cli_bulk_1' else 'cli_bulk_' || g end,
           case when g % 5 = 0 then null else 'FAC-2020-' || lpad(g::text, 6, '0') end, case when g % 5 = 0 then null else 2020 end, case when g % 5 = 0 then null else g end,
           case when g % 5 = 0 then 'DRAFT' when g % 5 = 1 then 'PAID' when g % 5 = 2 then 'OVERDUE' when g % 5 = 3 then 'CANCELLED' else 'ISSUED' end::invoice_status,
           '[{"description":"Bulk","quantity":1,"unitPriceCents":1000,"vatRate":0}]'::jsonb, 1000, 0, 1000,
           case when g % 5 = 2 then date '2020-01-01' else date '2999-01-01' end, case when g % 5 = 0 then null else ${t0}::timestamptz + g * interval '1 minute' end,
           ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // The admin's in-app notifications (one in three read).
  await exec(sql`insert into notifications (id, tenant_id, user_id, kind, vars, link, subject_id, read_at, created_at)
    select 'ntf_bulk_' || g, ${acme}, ${ids.admin}, 'complaint.critical', '{"subject":"Bulk"}'::jsonb, '/quality', 'cpl_bulk_' || g,
           case when g % 3 = 0 then ${t0}::timestamptz end, ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // Payments of the demo learner for the bulk courses: a quarter per status, half per gateway.
  await exec(sql`insert into payments (id, tenant_id, course_id, user_id, amount, gateway, status, gateway_payment_id, created_at, updated_at)
    select 'pay_bulk_' || g, ${acme}, 'crs_bulk_' || g, ${ids.learner}, 10000, (array['PSP_A_ISV','PSP_B'])[1 + g % 2]::payment_gateway,
           (array['PENDING','CAPTURED','REFUNDED','FAILED'])[1 + (g / 2) % 4]::payment_status, 'sbx_bulk_' || g,
           ${t0}::timestamptz + g * interval '1 minute', ${t0}::timestamptz from generate_series(1, ${ROWS}) g`);
  // A contract for each of the demo learner's bulk enrollments (the learner pays).
  await exec(sql`insert into conventions (id, tenant_id, enrollment_id, kind, payer, created_by, created_at, updated_at)
    select 'cnv_bulk_' || g, ${acme}, 'enr_bulk_' || g, 'CONTRACT', 'LEARNER', ${ids.admin},
           ${t0}::timestamptz + g * interval '1 minute', ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // Every convention has its version 1 (a DRAFT), with the fields of the content its summary reads.
  const content = JSON.stringify({
    title: "Contrat de formation professionnelle",
    course: { title: "Bulk" },
    client: { name: "Apprenant" },
    trainees: ["Apprenant"],
    startDate: null,
    endDate: null,
    startsOn: null,
    generatedOn: "2020-01-01",
    durationLabel: "7 h",
    price: { htCents: 10000, ttcCents: 10000 },
  });
  await exec(sql`insert into convention_versions (id, tenant_id, convention_id, version, status, content, content_hash, document_id, sha256, generated_at)
    select 'cnvv_bulk_' || g, ${acme}, 'cnv_bulk_' || g, 1, 'DRAFT', ${content}::jsonb,
           'sha256:bulk', 'doc_bulk_cnv_' || g, 'bulk', ${t0}::timestamptz + g * interval '1 minute' from generate_series(1, ${ROWS}) g`);
  // Statistics and the visibility map, as autovacuum would leave them.
  if (api.handle.driver === "postgres") await raw().unsafe("vacuum analyze");
  else await raw().exec("vacuum analyze");
}


beforeAll(async () => {
  api = await startApi({ demo: true, logger });
  for (const role of ["admin", "creator", "trainer", "learner"] as const) tokens[role] = await tokenFor(api, "acme", role);
  const acme = (await tenantBySlug(api, "acme")).id;
  const ids = {
    admin: await userIdOf(api, "admin@acme.test"),
    creator: await userIdOf(api, "creator@acme.test"),
    trainer: await userIdOf(api, "trainer@acme.test"),
    learner: await userIdOf(api, "learner@acme.test"),
  };
  fixtures.learner = ids.learner;
  fixtures.admin = ids.admin;
  fixtures.bigCourse = "crs_bulk_1";
  fixtures.bigCourseSlug = "bulk-course-1";
  fixtures.bigEnrollmentId = "enr_bulk_1";
  tokens.globexAdmin = await tokenFor(api, "globex", "admin");
  tokens.platform = (await login(api, "", "platform@admin.test")).accessToken;

  await seedLargeTenant(acme, ids);
}, 600_000);
afterAll(() => api?.close());

describe("list operations on a large tenant", () => {
  const operations = listOperations();

  it("finds the list operations in the OpenAPI document", () => {
    expect(operations.map((o) => o.operationId)).toEqual(expect.arrayContaining(["users-list", "courses-list", "enrollments-list", "activity-list", "sessions-list", "ai-ledger"]));
    const unrecipied = operations.filter((o) => o.pathParams.some((p) => p !== "X-Tenant-ID") && !RECIPES[o.operationId]);
    expect(unrecipied.map((o) => o.operationId), "list operations with path parameters need a recipe in RECIPES").toEqual([]);
  });

  for (const op of operations) {
    for (const [i, recipe] of (RECIPES[op.operationId] ?? [{}]).entries()) {
      const label = `${op.operationId}${i ? ` #${i} ${JSON.stringify(recipe.query ?? {})}` : ""}`;
      const known = i === 0 ? KNOWN_SLOW[op.operationId] : undefined;
      (known ? it.fails : it)(`${label}: every statement walks an index (no sequential scan, no sort over the tenant)${known ? ` [known: ${known}]` : ""}`, async () => {
        const pathValues = recipe.path?.() ?? {};
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ""));
        const query = new URLSearchParams();
        if (op.params.includes("page")) query.set("page", "1");
        if (op.params.includes("limit") && !recipe.query?.perPage) query.set("limit", "20");
        for (const [k, v] of Object.entries(resolveQuery(recipe.query ?? {}))) query.set(k, v);
        const res = await capture(`${path}?${query}`, "acme", tokens[recipe.as ?? "admin"]);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(Array.isArray(res.body.data) ? res.body.data.length : 0, "the large tenant fills the first page").toBeGreaterThan(0);
        expect(res.statements.length, "the operation's SQL was recorded").toBeGreaterThan(0);
        const problems: string[] = [];
        for (const st of res.statements) {
          for (const o of offences(await explain(st))) problems.push(`${o}\n    in: ${st.query.slice(0, 400)}`);
        }
        expect(problems, `plans of ${label}`).toEqual([]);
      });
    }
  }

  /**
   * Same database, same indexes: globex keeps the demo's 8 members, acme has 50,008. The page
   * size is one both tenants fill (8), so this compares the cost of a page, not page lengths;
   * the cost is the shared buffers every statement of the request touches (deterministic,
   * unlike timings: the bench measures those).
   */
  it("the first page of GET /users costs at most twice as much with 50,000 more members", async () => {
    const cost = async (tenant: string, token: string) => {
      const res = await capture("/users?limit=8", tenant, token);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(8);
      let total = 0;
      for (const st of res.statements) total += buffers(await explain(st, false));
      return { total, meta: res.body.meta };
    };
    const demo = await cost("globex", tokens.globexAdmin!);
    const big = await cost("acme", tokens.admin!);
    expect(demo.meta.total).toBe(8);
    expect(big.meta.total).toBe(MEMBERS + 8);
    expect(demo.total).toBeGreaterThan(0);
    if (process.env.LIST_PLANS_VERBOSE) console.info(`GET /users?limit=8 buffers: demo tenant ${demo.total}, 50,008 members ${big.total}`);
    expect(big.total, `buffers: demo tenant ${demo.total}, large tenant ${big.total}`).toBeLessThanOrEqual(2 * demo.total);
  });

  it("keeps the member total in step with inserts, role changes and deletes", async () => {
    const acme = (await tenantBySlug(api, "acme")).id;
    const total = async (role?: string) => (await api.call("GET", `/users?limit=1${role ? `&role=${role}` : ""}`, { tenant: "acme", token: tokens.admin })).body.meta.total;
    expect(await total("TRAINER")).toBe(1);
    await api.db.execute(sql`update memberships set role = 'TRAINER' where tenant_id = ${acme} and id in ('mem_bulk_1', 'mem_bulk_2')`);
    expect(await total("TRAINER")).toBe(3);
    expect(await total("LEARNER")).toBe(MEMBERS + 3 - 2);
    await api.db.execute(sql`delete from enrollments where user_id = 'usr_bulk_3'`);
    await api.db.execute(sql`delete from memberships where id = 'mem_bulk_3'`);
    expect(await total()).toBe(MEMBERS + 8 - 1);
  });

  it("keeps every maintained total equal to a count of the rows, through inserts, updates and deletes", async () => {
    await api.db.execute(sql`update courses set status = 'ARCHIVED' where id in ('crs_bulk_2', 'crs_bulk_3')`);
    await api.db.execute(sql`update enrollments set status = 'COMPLETED' where id in ('enr_bulk_5', 'enr_bulk_6', 'enr_bulk_7')`);
    await api.db.execute(sql`update live_sessions set status = 'CANCELLED' where id = 'ses_bulk_9'`);
    await api.db.execute(sql`delete from activity_logs where id in ('act_bulk_1', 'act_bulk_2')`);
    await api.db.execute(sql`delete from live_sessions where id = 'ses_bulk_10'`);
    const result = (await api.db.execute(sql`
      with actual as (
        select tenant_id, 'memberships:' || role || ':' || status as key, count(*)::int as n from memberships group by 1, 2
        union all select tenant_id, 'courses:' || status, count(*)::int from courses group by 1, 2
        union all select tenant_id, 'enrollments:' || status, count(*)::int from enrollments group by 1, 2
        union all select tenant_id, 'live_sessions:' || status, count(*)::int from live_sessions group by 1, 2
        union all select tenant_id, 'activity_logs', count(*)::int from activity_logs group by 1, 2
        union all select tenant_id, 'ai_credit_ledger', count(*)::int from ai_credit_ledger group by 1, 2
        union all select tenant_id, 'audit_logs:' || case when action like 'auth.%' then 'auth' else 'admin' end, count(*)::int
          from audit_logs where tenant_id is not null group by 1, 2
      ), kept as (
        select tenant_id, key, sum(n)::int as n from list_totals group by 1, 2 having sum(n) <> 0
      )
      select tenant_id, key, actual.n as actual, kept.n as kept
        from actual full join kept using (tenant_id, key)
       where actual.n is distinct from kept.n`)) as unknown as Record<string, unknown>[] | { rows: Record<string, unknown>[] };
    expect(Array.isArray(result) ? [...result] : result.rows).toEqual([]);
    const published = await api.call("GET", "/courses?limit=1", { tenant: "acme" });
    const [row] = ((r: any) => (Array.isArray(r) ? r : r.rows))(await api.db.execute(sql`select count(*)::int as n from courses c join tenants t on t.id = c.tenant_id where t.slug = 'acme' and c.status = 'PUBLISHED'`));
    expect(published.body.meta.total).toBe(Number(row.n));
  });
});
