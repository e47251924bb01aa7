import type { Caller } from "../../../auth/caller";
import type { DbOrTx } from "../../../db";
import { renderDocument } from "../../documents/render-pool";
import { attestationFilename, loadAttestation } from "./attestation-data";

/** The attestation PDF (authorization in loadAttestation), rendered off the request thread. */
export async function buildAttestationPdf(db: DbOrTx, caller: Caller, sessionId: string, userId: string, now: Date): Promise<{ pdf: Uint8Array; filename: string }> {
  const input = await loadAttestation(db, caller, sessionId, userId, now);
  return { pdf: await renderDocument("attendance-attestation", input), filename: attestationFilename(input) };
}
