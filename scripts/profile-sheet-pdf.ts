/**
 * Where the attendance sheet PDF spends its time (dev script):
 *
 *   npx tsx scripts/profile-sheet-pdf.ts [runs]            # PGlite in memory
 *   PROFILE_DATABASE_URL=postgres://… npx tsx scripts/profile-sheet-pdf.ts
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx scripts/profile-sheet-pdf.ts
 *
 * Seeds the demo data, BENCH_SHEET_LEARNERS (40) learners and the sheet of bench/seed-sheet.ts
 * (BENCH_SHEET_SLOTS, 10 slots, one record per learner and slot, a third drawn), then, after one
 * warm-up, times `runs` (default 7) renders phase by phase on this thread:
 * - sql: loadSheet (the data read);
 * - signatures: decrypting the drawn signatures and preparing the images the renderer takes;
 * - react: the React tree turned into react-pdf's document nodes;
 * - layout: @react-pdf/layout (images fetched, text shaped, pages broken), the pages without their
 *   furniture (the running footer: documents/page-furniture.tsx);
 * - write: the PDF written by pdfkit (fonts subset, images embedded, streams compressed);
 * - cold: the whole rendering on this thread with no laid-out page kept (renderPdfBuffer with an
 *   empty LaidOutPages, framework-internals.ts): a sheet rendered for the first time;
 * and then the whole path as the API runs it: `render` (renderDocumentPdf on this thread),
 * `pool` (renderDocument through a worker thread) and `endpoint` (buildSheetPdf: data, worker,
 * verification); these find the pages' content laid out by the warm-up (the same sheet), as the
 * app's render thread keeps it. Prints the median of each, wall clock and CPU time of the process (all threads;
 * the steadier figure on a shared machine), and the PDF size. On PostgreSQL, PROFILE_SESSION_ID
 * (printed by a first run) skips the seeding. React runs in development mode unless NODE_ENV=production
 * (then with the secrets production requires, ENCRYPTION_KEY the same from seeding to reuse): the app's mode.
 */
import { createElement } from "react";
import { Font, pdf } from "@react-pdf/renderer";
import layoutDocument from "@react-pdf/layout";
import renderPDF from "@react-pdf/render";
import PDFDocument from "pdfkit";
import { eq } from "drizzle-orm";
import { seedSheet } from "../bench/seed-sheet";
import { openAppDatabase } from "../server/jobs/open";
import { tenants } from "../server/db/schema";
import { forTenant } from "../server/db/tenant-scope";
import { seedDemo } from "../server/seed/demo";
import { ensureMembership, ensureUser } from "../server/seed/factories";
import { loadSheet } from "../server/services/attendance/sheet/sheet-data";
import { buildSheetPdf, signatureImages } from "../server/services/attendance/sheet/sheet-pdf";
import { SheetDocument, type SheetPdfInput } from "../server/services/attendance/sheet/sheet-document";
import { documentFontsReady } from "../server/services/documents/fonts";
import { renderDocumentPdf } from "../server/services/documents/registry";
import { LaidOutPages, renderPdfBuffer } from "../server/framework-internals";
import { closeRenderPool, renderDocument } from "../server/services/documents/render-pool";
import { reserveVerification } from "../server/services/verification/verifications";

const RUNS = Number(process.argv[2] ?? 7);
const TENANT = "acme";
const LEARNERS = Number(process.env.BENCH_SHEET_LEARNERS ?? 40);
const SLOTS = Number(process.env.BENCH_SHEET_SLOTS ?? 10);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Per phase: wall-clock ms and CPU ms of the process (every thread: the figure to compare on a busy machine). */
const timings = new Map<string, { wall: number[]; cpu: number[] }>();
async function timed<T>(phase: string, fn: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const out = await fn();
  const c = process.cpuUsage(c0);
  const list = timings.get(phase) ?? { wall: [], cpu: [] };
  list.wall.push(performance.now() - t0);
  list.cpu.push((c.user + c.system) / 1000);
  timings.set(phase, list);
  return out;
}

/** The write step of react-pdf's renderToBuffer (@react-pdf/renderer `pdf().render`), on a laid-out document. */
function writePdf(layout: unknown, props: { title?: string; author?: string; subject?: string; creator?: string; language?: string }): Promise<Buffer> {
  const ctx = new PDFDocument({
    compress: true,
    lang: props.language,
    displayTitle: true,
    autoFirstPage: false,
    info: { Title: props.title, Author: props.author, Subject: props.subject, Creator: props.creator, Producer: "react-pdf", CreationDate: new Date() },
  } as never);
  const stream = (renderPDF as unknown as (ctx: unknown, layout: unknown) => NodeJS.ReadableStream)(ctx, layout);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

const startedAt = performance.now();
const handle = await openAppDatabase({ databaseUrl: process.env.PROFILE_DATABASE_URL, poolSize: 4 });
try {
  const db = handle.db;
  const reused = process.env.PROFILE_SESSION_ID;
  if (!reused) await seedDemo(db, "demo-Passw0rd!");
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing after the demo seed`);
  let sessionId = reused;
  if (!sessionId) {
    for (let i = 0; i < LEARNERS; i += 1) {
      const user = await ensureUser(db, { email: `bench-${String(i).padStart(3, "0")}@${TENANT}.bench.test`, firstName: `First${i}`, lastName: `Last${i}` });
      await ensureMembership(db, tenant.id, user.id, "LEARNER");
    }
    const fixtures = await seedSheet(db, { tenant: TENANT, learners: LEARNERS, slots: SLOTS });
    sessionId = fixtures.sessionId;
    process.stdout.write(`seeded ${fixtures.learners} x ${fixtures.slots}, ${fixtures.records} records in ${Math.round(performance.now() - startedAt)} ms (PROFILE_SESSION_ID=${sessionId} reuses it on the same PostgreSQL db)\n`);
  }

  const scope = forTenant(tenant.id);
  const now = new Date();
  const { stamp: verification } = await reserveVerification(db, scope, { type: "ATTENDANCE_SHEET", ref: sessionId!, title: "profile", details: {}, issuedAt: now });
  await documentFontsReady();

  let bytes = 0;
  for (let run = 0; run <= RUNS; run += 1) {
    if (run === 1) timings.clear(); // run 0 is the warm-up
    const { sheet, ciphertexts, accentColor } = await timed("sql", () => loadSheet(db, scope, sessionId!, { now }));
    const images = await timed("signatures", () => signatureImages(sheet, ciphertexts));
    const input: SheetPdfInput = { sheet, accentColor, logo: null, images, verification };
    const instance = await timed("react", () => pdf(createElement(SheetDocument, input) as never));
    const document = instance.container.document as { props: Record<string, string> };
    const layout = await timed("layout", () => (layoutDocument as unknown as (doc: unknown, fonts: unknown) => Promise<unknown>)(document, Font));
    const out = await timed("write", () => writePdf(layout, document.props));
    bytes = out.length;
    await timed("cold", () => renderPdfBuffer(createElement(SheetDocument, input) as never, new LaidOutPages(0)));
    await timed("render", () => renderDocumentPdf("attendance-sheet", input));
    await timed("pool", () => renderDocument("attendance-sheet", input));
    await timed("endpoint", () => buildSheetPdf(db, scope, sessionId!, { now }));
  }
  const rows = [...timings].map(([phase, { wall, cpu }]) => `${phase.padEnd(11)} wall median ${median(wall).toFixed(0).padStart(6)} ms (min ${Math.min(...wall).toFixed(0).padStart(5)})   cpu median ${median(cpu).toFixed(0).padStart(6)} ms (min ${Math.min(...cpu).toFixed(0).padStart(5)})`);
  process.stdout.write(`${rows.join("\n")}\nPDF ${bytes} bytes, ${RUNS} runs after a warm-up\n`);
} finally {
  await closeRenderPool();
  await handle.close();
}
