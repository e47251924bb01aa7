// Worker thread that renders documents (PDF) for server/services/documents/render-pool.ts.
// Plain ESM so it starts the same way under `tsx` (dev, `npm start`), vitest and plain node:
// tsx's programmatic loader compiles the .tsx documents on the fly.
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

if (!parentPort) throw new Error("render-worker.mjs must run as a worker thread");
const port = parentPort;

const { renderDocumentPdf } = await tsImport("./registry.tsx", import.meta.url);

port.on("message", async (message) => {
  const { id, type, input } = message;
  try {
    const pdf = await renderDocumentPdf(type, input);
    const out = new Uint8Array(pdf); // own ArrayBuffer, so it can be transferred without copying again
    port.postMessage({ id, ok: true, pdf: out }, [out.buffer]);
  } catch (error) {
    port.postMessage({ id, ok: false, error: error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error) });
  }
});
