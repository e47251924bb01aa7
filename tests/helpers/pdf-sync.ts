import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { PdfFont, PdfImage } from "./pdf-read";
import type { PdfOperation } from "./pdf-worker";

/**
 * Synchronous access to tests/helpers/pdf-read.ts (pdfjs-dist and @libpdf/core are async): one
 * worker thread per test process (pdf-worker.ts, loaded through tsx's API), and the caller waits on a shared flag
 * (Atomics.wait) then takes the answer off its port. Keeps `pdfText(bytes)` and friends
 * synchronous, as they were when they ran poppler.
 */
let bridge: { worker: Worker; port: MessagePort; flag: Int32Array } | null = null;

function start() {
  if (bridge) return bridge;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  // tsx's ESM API (its CommonJS build cannot register the ESM hooks from an eval worker).
  const tsxPackage = createRequire(import.meta.url).resolve("tsx/package.json");
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), "dist", "esm", "api", "index.mjs")).href;
  const entry = new URL("./pdf-worker.ts", import.meta.url).href;
  // A failure to load the worker is reported on the port too: the caller is blocked and would not see an "error" event.
  const bootstrap = `
    const { workerData } = require("node:worker_threads");
    import(${JSON.stringify(tsx)})
      .then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))
      .catch((error) => {
        workerData.port.postMessage({ ok: false, error: String(error && error.stack || error) });
        Atomics.store(workerData.flag, 0, 1);
        Atomics.notify(workerData.flag, 0);
      });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { port: port2, flag }, transferList: [port2] });
  worker.unref();
  port1.unref();
  worker.on("error", (error) => {
    console.error("pdf worker:", error);
    bridge = null;
  });
  bridge = { worker, port: port1, flag };
  return bridge;
}

function call<T>(op: PdfOperation, bytes: Uint8Array, timeoutMs = 60_000): T {
  const b = start();
  Atomics.store(b.flag, 0, 0);
  b.port.postMessage({ op, bytes: new Uint8Array(bytes) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = receiveMessageOnPort(b.port);
    if (message) {
      const reply = message.message as { ok: true; value: T } | { ok: false; error: string };
      if (!reply.ok) throw new Error(`pdf ${op}: ${reply.error}`);
      return reply.value;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`pdf ${op}: no answer from the worker in ${timeoutMs} ms`);
    Atomics.wait(b.flag, 0, 0, Math.min(left, 1000));
  }
}

/**
 * Ends the reader's worker thread (the next read starts a fresh one). tests/helpers/file-setup.ts
 * calls it after each test file: pdfjs keeps state (loaded fonts) from one document to the next,
 * and one file's PDFs must not change how the next file's are read.
 */
export async function stopPdfWorker(): Promise<void> {
  const b = bridge;
  bridge = null;
  if (b) await b.worker.terminate();
}

/** Starts the worker and has it load pdfjs, without waiting (tests that read PDFs later find it ready). */
export function warmPdfWorker(): void {
  start().port.postMessage({ op: "warm", bytes: new Uint8Array(), quiet: true });
}
/** Text of each page in reading order (like pdftotext). */
export const pdfPagesReadingSync = (bytes: Uint8Array) => call<string[]>("reading", bytes);
/** Text of each page, as drawn (items joined by a space unless they touch). */
export const pdfPagesTextSync = (bytes: Uint8Array) => call<string[]>("text", bytes);
/** Printed lines of each page (like pdftotext -layout). */
export const pdfPagesLinesSync = (bytes: Uint8Array) => call<string[][]>("layout", bytes);
export const pdfFontsSync = (bytes: Uint8Array) => call<PdfFont[]>("fonts", bytes);
export const pdfImagesSync = (bytes: Uint8Array) => call<PdfImage[]>("images", bytes);
export const pdfMetadataSync = (bytes: Uint8Array) => call<{ info: Record<string, string>; xmp: string; pages: number }>("metadata", bytes);
