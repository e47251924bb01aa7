import path from "node:path";
import { env } from "../../../env";
import { CscInvoiceSigner, cscConfigFromEnv } from "./csc";
import { LocalInvoiceSigner } from "./local";
import type { InvoiceSigner } from "./types";

export type { InvoiceSigner } from "./types";
export { LocalInvoiceSigner, loadOrCreateLocalSignerMaterial } from "./local";

/**
 * The configured invoice signer (conventions §9), read from the environment at each call:
 * - INVOICE_SIGNER=local (default) signs with the local certificate kept in INVOICE_SIGNER_DIR
 *   (default `<data dir>/signer`, next to MEDIA_DIR: `.data/signer`): signatureLevel ADES;
 * - INVOICE_SIGNER=csc signs through a remote provider's Cloud Signature Consortium API v2
 *   (CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET, CSC_CREDENTIAL_ID, optional CSC_PIN /
 *   CSC_OTP, CSC_SIGNATURE_LEVEL=QES|ADES, default ADES): see csc.ts.
 * Any other value is refused rather than silently signing with a weaker level.
 */
const signers = new Map<string, InvoiceSigner>();

export function invoiceSignerDir(): string {
  return path.resolve(process.env.INVOICE_SIGNER_DIR || path.join(path.dirname(path.resolve(env().MEDIA_DIR)), "signer"));
}

export function getInvoiceSigner(): InvoiceSigner {
  const kind = (process.env.INVOICE_SIGNER || "local").toLowerCase();
  if (kind === "csc") {
    const config = cscConfigFromEnv();
    // One client per configuration (its token is cached): a changed secret makes a new one.
    const key = `csc:${JSON.stringify(config)}`;
    let signer = signers.get(key);
    if (!signer) {
      signer = new CscInvoiceSigner(config);
      signers.set(key, signer);
    }
    return signer;
  }
  if (kind !== "local") throw new Error(`INVOICE_SIGNER=${kind}: no such signer ("local" or "csc")`);
  const dir = invoiceSignerDir();
  let signer = signers.get(dir);
  if (!signer) {
    signer = new LocalInvoiceSigner(dir);
    signers.set(dir, signer);
  }
  return signer;
}
