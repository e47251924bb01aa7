import { createHash } from "node:crypto";
import { runDocumentTask } from "../../../documents/render-pool";
import type { InvoiceAmounts } from "../../amounts";
import { buildInvoiceXml } from "../cii";
import type { InvoiceDocument } from "../types";
import { isBlocking, type FacturxValidation } from "./types";

export { explainRule } from "./explanations";
export { type FacturxValidation } from "./types";

/**
 * The official Factur-X check of a CII XML (core.ts: profile XSD, Factur-X profile Schematron,
 * CEN EN 16931, BR-FR), run in a document worker thread (documents/render-pool.ts) so that the
 * request thread is never blocked by it (about a second of CPU per document).
 */
function validateFacturxXml(xml: string): Promise<FacturxValidation> {
  return runDocumentTask("facturx-validate", { xml });
}

/**
 * The verdict on a document's CII XML, remembered per document "but its number": the XML built
 * with the number replaced by a placeholder is the key. The number's own rules (BR-02, BR-FR-01/02:
 * present, at most 35 characters of A-Z a-z 0-9 + - _ /) are checked before (checkInvoiceDocument),
 * and no other rule reads BT-1 or the payment reference (BT-83) that repeats it, so two documents
 * that differ only by their number get the same verdict. So a draft checked by POST .../validate
 * (provisional number) is not checked again when issued the same day unchanged, and a series of
 * identical invoices is validated once. FACTURX_VALIDATION_CACHE_SIZE (default 500 verdicts; 0:
 * no cache). Concurrent checks of the same key share one run.
 */
export async function validateInvoiceDocument(doc: InvoiceDocument, amounts: InvoiceAmounts): Promise<FacturxValidation> {
  const xml = buildInvoiceXml(doc, amounts);
  const size = cacheSize();
  if (size === 0) return validateFacturxXml(xml);
  const key = createHash("sha256")
    .update(buildInvoiceXml({ ...doc, number: NUMBER_PLACEHOLDER }, amounts))
    .digest("hex");
  const hit = verdicts.get(key);
  if (hit) {
    verdicts.delete(key);
    verdicts.set(key, hit);
    return hit;
  }
  const running = inFlight.get(key);
  if (running) return running;
  const run = validateFacturxXml(xml).then((v) => {
    verdicts.set(key, v);
    while (verdicts.size > size) verdicts.delete(verdicts.keys().next().value!);
    return v;
  });
  inFlight.set(key, run);
  try {
    return await run;
  } finally {
    inFlight.delete(key);
  }
}

const NUMBER_PLACEHOLDER = "NUMBER";
const verdicts = new Map<string, FacturxValidation>();
const inFlight = new Map<string, Promise<FacturxValidation>>();
const cacheSize = () => {
  const n = Number(process.env.FACTURX_VALIDATION_CACHE_SIZE ?? 500);
  return Number.isInteger(n) && n >= 0 ? n : 500;
};

/**
 * Loads the validator in a worker thread ahead of the first issue (server start): SaxonJS and
 * the compiled Schematrons are read once per thread. Failures are only logged by the caller.
 */
export function warmFacturxValidator(): Promise<{ ms: number }> {
  return runDocumentTask("facturx-warm", {});
}

/**
 * The failures that block, as the 422 INVOICE_NOT_ISSUABLE `errors`: rule id -> French
 * explanations (one per distinct explanation; a rule failed by two sources, e.g. BR-CO-15 in
 * the Factur-X and the CEN Schematrons, is listed once).
 */
export function blockingErrors(v: FacturxValidation): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of v.failures.filter(isBlocking)) {
    const list = (out[f.rule] ??= []);
    if (!list.includes(f.explanation)) list.push(f.explanation);
  }
  return out;
}
