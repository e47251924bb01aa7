import { createHash } from "node:crypto";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { flowText, layoutLines, readingText, pdfFonts, pdfImages, pdfMetadata, pdfTextItems, type TextItem } from "./pdf-read";

/**
 * The worker of tests/helpers/pdf-sync.ts: answers one request at a time on `port`, then wakes the
 * caller blocked on the shared flag.
 */
const { port, flag } = workerData as { port: MessagePort; flag: Int32Array };

// The text items of the last few documents: a test often reads the same PDF as text and as lines.
const recent = new Map<string, Promise<TextItem[][]>>();
function items(bytes: Uint8Array): Promise<TextItem[][]> {
  const key = createHash("sha1").update(bytes).digest("hex");
  let hit = recent.get(key);
  if (!hit) {
    hit = pdfTextItems(bytes);
    recent.set(key, hit);
    hit.catch(() => recent.delete(key));
    if (recent.size > 8) recent.delete(recent.keys().next().value!);
  }
  return hit;
}

const operations = {
  text: async (bytes: Uint8Array) => flowText(await items(bytes)),
  reading: async (bytes: Uint8Array) => readingText(await items(bytes)),
  warm: async () => (await import("pdfjs-dist/legacy/build/pdf.mjs")).version,
  layout: async (bytes: Uint8Array) => layoutLines(await items(bytes)),
  fonts: pdfFonts,
  images: pdfImages,
  metadata: pdfMetadata,
};
export type PdfOperation = keyof typeof operations;

port.on("message", async ({ op, bytes, quiet }: { op: PdfOperation; bytes: Uint8Array; quiet?: boolean }) => {
  let reply: { ok: true; value: unknown } | { ok: false; error: string };
  try {
    reply = { ok: true, value: await operations[op](bytes) };
  } catch (error) {
    reply = { ok: false, error: (error as Error)?.stack ?? String(error) };
  }
  if (quiet) return;
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
parentPort?.postMessage("ready");
