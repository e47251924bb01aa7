import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { RATIOS, TARGET } from "./endpoints";
import type { LoadShape, Measurement } from "./load";
import type { SheetPdfSummary } from "./sheet-pdf";
import type { OutputValidationSummary } from "./output-validation";
import { auditExportLines, type AuditExportSummary } from "./audit-export";

export type RunInfo = {
  backend: "postgres" | "pglite";
  database: string;
  bareDriver: string;
  seededUsers: number;
  seededCourses: number;
  cpus: number;
  shape: LoadShape;
  /** Error lines the app logged while it was measured. */
  appLog: { file: string; errorLines: number; groups: Record<string, number> };
  /** Attendance sheet PDF render time (bench/sheet-pdf.ts). */
  sheetPdf?: SheetPdfSummary;
  /** zod output parse of a 20-row users page, and JSON.stringify of it (bench/output-validation.ts). */
  outputValidation?: OutputValidationSummary;
  /** Qualiopi audit ZIP of 10,000 documents: memory and time to first byte (bench/audit-export.ts). */
  auditExport?: AuditExportSummary;
};

export type Verdict = { ratio: number | null; p99Ms: number | null; pass: boolean };

const COLUMNS = [
  { title: "endpoint", width: 50, value: (m: Measurement) => m.name },
  { title: "req/s", width: 9, value: (m: Measurement) => m.requestsPerSecond.toFixed(1) },
  { title: "p50 ms", width: 8, value: (m: Measurement) => String(m.p50Ms ?? "n/a") },
  { title: "p99 ms", width: 8, value: (m: Measurement) => String(m.p99Ms ?? "n/a") },
  { title: "non-2xx", width: 8, value: (m: Measurement) => String(m.non2xx) },
  { title: "errors", width: 7, value: (m: Measurement) => String(m.errors) },
];

const cell = (text: string, width: number, left: boolean) => (left ? text.padEnd(width) : text.padStart(width));
const line = (cells: string[]) => cells.map((c, i) => cell(c, COLUMNS[i]!.width, i === 0)).join("  ");

function ratioOf(results: Measurement[], appId: string, bareId: string): number | null {
  const app = results.find((r) => r.id === appId);
  const bare = results.find((r) => r.id === bareId);
  return app && bare && app.completed > 0 && bare.completed > 0 ? app.requestsPerSecond / bare.requestsPerSecond : null;
}

export function verdict(results: Measurement[]): Verdict {
  const app = results.find((r) => r.id === TARGET.app);
  const bare = results.find((r) => r.id === TARGET.bare);
  const ratio = app && bare && app.completed > 0 && bare.completed > 0 ? app.requestsPerSecond / bare.requestsPerSecond : null;
  const p99Ms = app?.p99Ms ?? null;
  const pass = ratio !== null && p99Ms !== null && ratio >= TARGET.minRatio && p99Ms < TARGET.maxP99Ms && app?.non2xx === 0;
  return { ratio, p99Ms, pass };
}

export function printReport(info: RunInfo, results: Measurement[], v: Verdict): void {
  const out: string[] = [
    "",
    `backend: ${info.backend} (${info.database}); bare baseline: ${info.bareDriver}`,
    `${info.seededUsers} seeded learners, ${info.seededCourses} published courses; ${info.shape.connections} connections, ${info.shape.warmupSeconds}s warm-up + ${info.shape.durationSeconds}s per endpoint; ${info.cpus} CPUs shared by load generator, app and database`,
    "",
    line(COLUMNS.map((c) => c.title)),
    line(COLUMNS.map((c) => "-".repeat(c.width))),
    ...results.map((m) => line(COLUMNS.map((c) => c.value(m)))),
    "",
  ];
  for (const m of results.filter((r) => r.completed === 0)) out.push(`  ${m.name}: no response completed within ${m.durationSeconds}s`);
  for (const m of results.filter((r) => r.non2xx > 0 || r.errors > 0)) {
    const codes = Object.entries(m.statusCodes).map(([code, n]) => `${code}x${n}`).join(" ");
    out.push(`  ${m.name}: status ${codes}; errors ${m.errors} (timeouts ${m.timeouts})`);
  }
  if (info.appLog.errorLines) {
    out.push(`app log: ${info.appLog.errorLines} error line(s) in ${info.appLog.file}`);
    for (const [what, n] of Object.entries(info.appLog.groups)) out.push(`  ${n} x ${what}`);
  }
  out.push(`users list app/bare: ${v.ratio === null ? "n/a" : `${v.ratio.toFixed(2)} x`} (req/s)`);
  for (const r of RATIOS) {
    const ratio = ratioOf(results, r.app, r.bare);
    out.push(`${r.label}: ${ratio === null ? "n/a" : `${ratio.toFixed(2)} x`} (req/s; target >= ${r.min.toFixed(2)}: ${ratio !== null && ratio >= r.min ? "PASS" : "MISS"})`);
  }
  if (info.outputValidation) {
    const o = info.outputValidation;
    out.push(`output validation: zod parse of a 20-row users page ${o.parseMicros} µs, JSON.stringify of it ${o.stringifyMicros} µs (in process)`);
  }
  if (info.sheetPdf) {
    const p = info.sheetPdf;
    out.push(
      `sheet PDF (${p.learners} learners x ${p.slots} slots, ${p.records} records, ${Math.round(p.bytes / 1024)} KiB): median ${p.medianMs} ms over ${p.runsMs.length} runs ` +
        `(${p.runsMs.join(", ")} ms; first with worker start ${p.firstMs} ms); /api/health meanwhile at most ${p.healthMaxMs} ms`,
    );
  }
  if (info.auditExport) out.push(...auditExportLines(info.auditExport));
  out.push(`target list >= ${TARGET.minRatio.toFixed(2)} x bare and p99 < ${TARGET.maxP99Ms} ms: ${v.pass ? "PASS" : "MISS"}`);
  process.stdout.write(`${out.join("\n")}\n`);
}

export async function writeResults(file: string, info: RunInfo, results: Measurement[], v: Verdict): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const doc = {
    at: new Date().toISOString(),
    node: process.version,
    ...info,
    target: TARGET,
    results,
    usersListRatio: v.ratio,
    ratios: Object.fromEntries(RATIOS.map((r) => [r.label, ratioOf(results, r.app, r.bare)])),
    verdict: v.pass ? "PASS" : "MISS",
  };
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
}
