import { readFileSync } from "node:fs";
import type { Measurement } from "./load";

/**
 * Time to produce the attendance sheet PDF of bench/seed-sheet.ts (GET /api/v1/emargement/{id}/pdf
 * as the ADMIN): one warm-up request (it also starts the render worker thread), then `runs`
 * sequential requests; the median is the figure reported. Meanwhile GET /api/health is called in a
 * loop, and its slowest answer is reported: the render runs in a worker thread, so it should stay
 * small whatever the PDF time.
 */
type Fixtures = { tenant: string; sessionId: string; learners: number; slots: number; records: number };
export type SheetPdfSummary = { learners: number; slots: number; records: number; runsMs: number[]; medianMs: number; firstMs: number; bytes: number; healthMaxMs: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function measureSheetPdf(appUrl: string, fixturesFile: string, accessToken: string, runs = 5): Promise<{ measurement: Measurement; summary: SheetPdfSummary }> {
  const f = JSON.parse(readFileSync(fixturesFile, "utf8")) as Fixtures;
  const headers = { Authorization: `Bearer ${accessToken}`, "X-Tenant-ID": f.tenant };
  const statusCodes: Record<string, number> = {};
  let bytes = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}/api/v1/emargement/${f.sessionId}/pdf`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    statusCodes[String(res.status)] = (statusCodes[String(res.status)] ?? 0) + 1;
    if (res.status !== 200 || body.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error(`sheet PDF: status ${res.status}: ${body.subarray(0, 200).toString("utf8")}`);
    bytes = body.length;
    return performance.now() - t0;
  };
  const started = performance.now();
  const firstMs = await once();
  let done = false;
  let healthMaxMs = 0;
  const health = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${appUrl}/api/health`)).arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t0);
    }
  })();
  const runsMs: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) runsMs.push(await once());
  } finally {
    done = true;
    await health;
  }
  const medianMs = median(runsMs);
  const summary = { learners: f.learners, slots: f.slots, records: f.records, runsMs: runsMs.map(Math.round), medianMs: Math.round(medianMs), firstMs: Math.round(firstMs), bytes, healthMaxMs: Math.round(healthMaxMs) };
  const measurement: Measurement = {
    id: "attendance.sheetPdf",
    name: `GET /api/v1/emargement/{id}/pdf (${f.learners}x${f.slots} sheet)`,
    target: "app",
    requestsPerSecond: 1000 / medianMs,
    p50Ms: Math.round(medianMs),
    p99Ms: Math.round(Math.max(...runsMs)),
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    completed: runs + 1,
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
    statusCodes,
  };
  return { measurement, summary };
}
