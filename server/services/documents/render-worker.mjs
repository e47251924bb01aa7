// Worker thread of server/services/documents/render-pool.ts: renders documents (PDF) and runs the
// other CPU-bound document tasks (the Factur-X XML validation). Plain ESM so it starts the same
// way under `tsx` (dev, `npm start`), vitest and plain node: tsx's programmatic loader compiles
// the .ts/.tsx modules on the fly, each loaded on its first use (a thread that only validates
// never loads react-pdf, and the reverse).
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

if (!parentPort) throw new Error("render-worker.mjs must run as a worker thread");
const port = parentPort;

let registry;
let facturxValidation;
const load = {
  registry: () => (registry ??= tsImport("./registry.tsx", import.meta.url)),
  facturxValidation: () => (facturxValidation ??= tsImport("../billing/facturx/validation/core.ts", import.meta.url)),
};

port.on("message", async (message) => {
  const { id, op } = message;
  try {
    if (op === "render") {
      const { renderDocumentPdf } = await load.registry();
      const pdf = await renderDocumentPdf(message.type, message.input);
      const out = new Uint8Array(pdf); // own ArrayBuffer, so it can be transferred without copying again
      port.postMessage({ id, ok: true, result: out }, [out.buffer]);
    } else if (op === "facturx-validate") {
      const { validateCii } = await load.facturxValidation();
      port.postMessage({ id, ok: true, result: await validateCii(message.input.xml) });
    } else if (op === "facturx-warm") {
      const { warmValidator } = await load.facturxValidation();
      port.postMessage({ id, ok: true, result: await warmValidator() });
    } else {
      throw new Error(`Unknown document task: ${op}`);
    }
  } catch (error) {
    port.postMessage({ id, ok: false, error: error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error) });
  }
});
