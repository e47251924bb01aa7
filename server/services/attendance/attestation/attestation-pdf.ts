import type { Caller } from "../../../auth/caller";
import type { DbOrTx } from "../../../db";
import { renderDocument } from "../../documents/render-pool";
import { issueVerified } from "../../verification/verifications";
import { attestationFilename, loadAttestation } from "./attestation-data";

/**
 * The attestation PDF (authorization in loadAttestation), rendered off the request thread. Each
 * rendering is issued with its own verification code (the learner's name is the one name the
 * public page repeats).
 */
export async function buildAttestationPdf(db: DbOrTx, caller: Caller, sessionId: string, userId: string, now: Date): Promise<{ pdf: Uint8Array; filename: string }> {
  const input = await loadAttestation(db, caller, sessionId, userId, now);
  const subject = {
    type: "ATTENDANCE_ATTESTATION" as const,
    ref: `${sessionId}:${userId}`,
    title: `Attestation d'assiduité — ${input.course.title} — ${input.session.title}`,
    names: [`${input.learner.firstName} ${input.learner.lastName.toUpperCase()}`],
    issuedAt: now,
  };
  const { pdf } = await issueVerified(db, caller.scope, subject, (verification) => renderDocument("attendance-attestation", { ...input, verification }));
  return { pdf, filename: attestationFilename(input) };
}
