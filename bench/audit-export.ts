import { readFileSync, writeFileSync } from "node:fs";
import { AUDIT_FOLDERS } from "../server/contracts/qualiopi";

/**
 * The Qualiopi audit ZIP of bench/seed-audit.ts (10,000 stored documents of 20 KB in one course),
 * downloaded from the running app as the ADMIN: time to first byte, total time, bytes, and the
 * app process's resident memory (VmRSS from /proc, sampled every 20 ms; VmHWM after a reset
 * through /proc/<pid>/clear_refs when the kernel allows it). Growth is measured from a warm
 * baseline: one small export first (the SST demo course, which also starts the PDF render worker)
 * and the preview of the big course. The archive is checked: ZIP end record present and its
 * entry count = preview documentCount + 6 folders + manifest.json + rapport-audit.pdf.
 */
export type AuditExportSummary = {
  documents: number;
  docBytes: number;
  entries: number;
  expectedEntries: number;
  bytes: number;
  ttfbMs: number;
  totalMs: number;
  mbPerSecond: number;
  rssBaselineMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  hwmGrowthMb: number | null;
  previewMs: number;
  limits: { rssGrowthMb: number; ttfbMs: number };
  pass: boolean;
};

const LIMITS = { rssGrowthMb: 150, ttfbMs: 1000 };
const MB = 1024 * 1024;

function procKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Downloads the whole archive; returns TTFB, time, size and the EOCD entry count. */
async function download(url: string, headers: Record<string, string>, onChunk?: () => void) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`audit export: status ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const reader = res.body!.getReader();
  let ttfbMs = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!ttfbMs) ttfbMs = performance.now() - t0;
    bytes += value.byteLength;
    tail = Buffer.concat([tail, value]);
    if (tail.length > 1 << 17) tail = tail.subarray(tail.length - (1 << 16));
    onChunk?.();
  }
  const totalMs = performance.now() - t0;
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = eocd >= 0 ? tail.readUInt16LE(eocd + 10) : -1;
  return { ttfbMs, totalMs, bytes, entries };
}

export async function measureAuditExport(appUrl: string, appPid: number, fixturesFile: string, accessToken: string): Promise<AuditExportSummary> {
  const f = JSON.parse(readFileSync(fixturesFile, "utf8")) as { tenant: string; courseId: string; warmCourseId: string | null; documents: number; docBytes: number };
  const headers = { Authorization: `Bearer ${accessToken}`, "X-Tenant-ID": f.tenant };
  const base = `${appUrl}/api/v1/qualiopi/courses`;
  if (f.warmCourseId) await download(`${base}/${f.warmCourseId}/audit-export`, headers);
  const p0 = performance.now();
  const previewRes = await fetch(`${base}/${f.courseId}/audit-export/preview`, { headers });
  if (previewRes.status !== 200) throw new Error(`audit preview: status ${previewRes.status}`);
  const preview = ((await previewRes.json()) as { data: { documentCount: number } }).data;
  const previewMs = performance.now() - p0;

  await new Promise((r) => setTimeout(r, 500));
  const rssBaseline = procKb(appPid, "VmRSS");
  const hwmReset = resetPeak(appPid);
  let rssPeak = rssBaseline;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, procKb(appPid, "VmRSS"));
  }, 20);
  let run: Awaited<ReturnType<typeof download>>;
  try {
    run = await download(`${base}/${f.courseId}/audit-export`, headers, () => {
      rssPeak = Math.max(rssPeak, procKb(appPid, "VmRSS"));
    });
  } finally {
    clearInterval(sampler);
  }
  const hwm = hwmReset ? procKb(appPid, "VmHWM") : null;
  // The listed documents, one directory entry per folder of the layout, the manifest and the report.
  const expectedEntries = preview.documentCount + AUDIT_FOLDERS.length + 2;
  const rssGrowthMb = (rssPeak - rssBaseline) / 1024;
  const summary: AuditExportSummary = {
    documents: f.documents,
    docBytes: f.docBytes,
    entries: run.entries,
    expectedEntries,
    bytes: run.bytes,
    ttfbMs: Math.round(run.ttfbMs),
    totalMs: Math.round(run.totalMs),
    mbPerSecond: Math.round((run.bytes / MB / (run.totalMs / 1000)) * 10) / 10,
    rssBaselineMb: Math.round(rssBaseline / 1024),
    rssPeakMb: Math.round(rssPeak / 1024),
    rssGrowthMb: Math.round(rssGrowthMb * 10) / 10,
    hwmGrowthMb: hwm === null ? null : Math.round(((hwm - rssBaseline) / 1024) * 10) / 10,
    previewMs: Math.round(previewMs),
    limits: LIMITS,
    pass: run.entries === expectedEntries && rssGrowthMb < LIMITS.rssGrowthMb && (hwm === null || (hwm - rssBaseline) / 1024 < LIMITS.rssGrowthMb) && run.ttfbMs < LIMITS.ttfbMs,
  };
  return summary;
}

export function auditExportLines(a: AuditExportSummary): string[] {
  return [
    `audit ZIP (${a.documents} stored documents of ${Math.round(a.docBytes / 1024)} KB in one course; ${a.entries}/${a.expectedEntries} entries, ${(a.bytes / MB).toFixed(1)} MB): ` +
      `time to first byte ${a.ttfbMs} ms (limit ${a.limits.ttfbMs}), whole archive ${a.totalMs} ms (${a.mbPerSecond} MB/s); preview ${a.previewMs} ms`,
    `audit ZIP memory: app RSS ${a.rssBaselineMb} MB before, peak ${a.rssPeakMb} MB sampled (growth ${a.rssGrowthMb} MB)` +
      `${a.hwmGrowthMb === null ? "" : `, kernel peak (VmHWM) growth ${a.hwmGrowthMb} MB`} (limit ${a.limits.rssGrowthMb} MB): ${a.pass ? "PASS" : "MISS"}`,
  ];
}
