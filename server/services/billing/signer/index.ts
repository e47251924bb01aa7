import path from "node:path";
import { env } from "../../../env";
import { LocalInvoiceSigner } from "./local";
import type { InvoiceSigner } from "./types";

export type { InvoiceSignature, InvoiceSignatureLevel, InvoiceSigner } from "./types";
export { LocalInvoiceSigner, loadOrCreateLocalSignerMaterial } from "./local";

/**
 * The configured invoice signer: INVOICE_SIGNER=local (default) signs with the local
 * certificate kept in INVOICE_SIGNER_DIR (default `<data dir>/signer`, next to MEDIA_DIR:
 * `.data/signer`). No qualified provider adapter exists yet: any other value is refused rather
 * than silently signing with a weaker level.
 */
const signers = new Map<string, InvoiceSigner>();

export function invoiceSignerDir(): string {
  return path.resolve(process.env.INVOICE_SIGNER_DIR || path.join(path.dirname(path.resolve(env().MEDIA_DIR)), "signer"));
}

export function getInvoiceSigner(): InvoiceSigner {
  const kind = (process.env.INVOICE_SIGNER || "local").toLowerCase();
  if (kind !== "local") throw new Error(`INVOICE_SIGNER=${kind}: no such signer (only "local" is built; a qualified provider adapter would give QES)`);
  const dir = invoiceSignerDir();
  let signer = signers.get(dir);
  if (!signer) {
    signer = new LocalInvoiceSigner(dir);
    signers.set(dir, signer);
  }
  return signer;
}
