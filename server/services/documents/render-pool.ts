import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { DomainError } from "../../errors";
import { log } from "../../lib/log";
import type { FacturxValidation } from "../billing/facturx/validation/types";
import type { DocumentInputs, DocumentType } from "./types";

/**
 * A small pool of worker threads that render documents (PDF) of any registered type
 * (registry.tsx: the attendance sheet; certificates, invoices, the BPF form and the audit report
 * next), so a large document (seconds of CPU in @react-pdf/renderer) never blocks the event loop
 * that serves everyone else's API calls.
 * - DOCUMENT_RENDER_WORKERS threads at most (default: 2, or 1 on a single-CPU machine), started on
 *   the first render and stopped after IDLE_MS without work; an idle pool keeps no thread alive.
 * - Jobs wait in a FIFO queue; beyond MAX_QUEUE waiting jobs a render is refused with 503 and Retry-After.
 * - A render running longer than DOCUMENT_RENDER_TIMEOUT_MS (default 120 s) terminates its thread (503).
 * - A crashed thread fails only its own job; the next job starts a fresh thread.
 * SHEET_PDF_WORKERS and SHEET_PDF_TIMEOUT_MS, the former names, are still read as aliases.
 * The same threads run the other CPU-bound document work (WorkerTasks): the Factur-X XML
 * validation (XSD and Schematrons, billing/facturx/validation), one queue and one set of limits.
 */
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker.mjs");

/**
 * worker_threads is looked up at run time on purpose: Next's bundler (Turbopack) follows
 * `new Worker(...)` of an imported Worker and bundles the worker's code into the pages that
 * import the app router (lib/server/api-caller.ts), where tsx's loader cannot be bundled. Only
 * the custom server (tsx) ever renders a document.
 */
const threads = () => process.getBuiltinModule("node:worker_threads");
const IDLE_MS = 60_000;
/**
 * A render allocates hundreds of MB of short-lived objects (styles, layout nodes, shaped runs):
 * with V8's default young generation (a few MB semi-spaces) a sixth of the thread's CPU went to
 * scavenges. A larger one lets most of them die young at a fraction of the cost.
 */
const YOUNG_GENERATION_MB = 64;
const MAX_QUEUE = 32;

const envInt = (names: string[], def: number) => {
  for (const name of names) {
    const n = Number(process.env[name]);
    if (Number.isInteger(n) && n > 0) return n;
  }
  return def;
};

/** The work a document thread does besides rendering: operation -> input and result (plain data). */
export type WorkerTasks = {
  /** The CII XML checked against its profile's XSD and the Factur-X, CEN EN 16931 and BR-FR Schematrons. */
  "facturx-validate": { input: { xml: string }; output: FacturxValidation };
  /** Loads the validator (SaxonJS, the compiled Schematrons) ahead of the first issue. */
  "facturx-warm": { input: Record<string, never>; output: { ms: number } };
};
type Message = { op: "render"; type: DocumentType; input: unknown } | { op: keyof WorkerTasks; input: unknown };
type Job = { id: number; message: Message; label: string; resolve: (result: unknown) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;

const size = () => envInt(["DOCUMENT_RENDER_WORKERS", "SHEET_PDF_WORKERS"], Math.max(1, Math.min(2, os.availableParallelism() - 1)));
const timeoutMs = () => envInt(["DOCUMENT_RENDER_TIMEOUT_MS", "SHEET_PDF_TIMEOUT_MS"], 120_000);

function spawn(): Slot {
  const worker = new (threads().Worker)(WORKER_FILE, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const slot: Slot = { worker, job: null, timer: null };
  worker.on("message", (reply: Reply) => {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    finish(slot);
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new Error(`${job.label} failed: ${reply.error}`));
  });
  const fail = (error: Error) => {
    remove(slot);
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(error);
    dispatch();
  };
  worker.on("error", (error) => fail(error));
  worker.on("exit", (code) => fail(new Error(`Document render worker exited (code ${code})`)));
  slots.push(slot);
  return slot;
}

function remove(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
}

function finish(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  slot.job = null;
  slot.timer = null;
  dispatch();
  if (!slot.job) {
    // Idle: let the process exit without it, and stop it after a while.
    slot.worker.unref();
    slot.timer = setTimeout(() => {
      remove(slot);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.timer.unref();
  }
}

function dispatch(): void {
  while (queue.length) {
    const slot = slots.find((x) => !x.job) ?? (slots.length < size() ? spawn() : null);
    if (!slot) return;
    const job = queue.shift()!;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      log.error("document-render.timeout", { type: job.label, ms: timeoutMs() });
      remove(slot);
      slot.job = null;
      job.reject(new DomainError("UNAVAILABLE", "Document rendering timed out", { retryAfterSeconds: 30 }));
      void slot.worker.terminate();
      dispatch();
    }, timeoutMs());
    slot.worker.postMessage({ id: job.id, ...job.message });
  }
}

function enqueue<T>(message: Message, label: string): Promise<T> {
  if (queue.length >= MAX_QUEUE) {
    return Promise.reject(new DomainError("UNAVAILABLE", "Too many documents are being generated: retry in a few seconds", { retryAfterSeconds: 5, reason: "RENDER_BUSY" }));
  }
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, message, label, resolve: resolve as (result: unknown) => void, reject });
    dispatch();
  });
}

/** Renders a registered document in a worker thread; resolves with the PDF bytes. */
export function renderDocument<K extends DocumentType>(type: K, input: DocumentInputs[K]): Promise<Uint8Array> {
  return enqueue<Uint8Array>({ op: "render", type, input }, `Rendering of ${type}`);
}

/** Runs one of the other document tasks (WorkerTasks) in a worker thread. */
export function runDocumentTask<K extends keyof WorkerTasks>(op: K, input: WorkerTasks[K]["input"]): Promise<WorkerTasks[K]["output"]> {
  return enqueue<WorkerTasks[K]["output"]>({ op, input }, `Document task ${op}`);
}

/** Stops every worker (tests, shutdown). Pending jobs fail. */
export async function closeRenderPool(): Promise<void> {
  for (const job of queue.splice(0)) job.reject(new Error("Document renderer closed"));
  await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
}
