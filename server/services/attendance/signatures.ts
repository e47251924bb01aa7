import type { EmargementRow } from "./chain";
import { decryptBytes, encryptBytes } from "../../lib/crypto-box";
import { signatureDigest } from "./lib/seal";
import { assertSignatureLongEnough, type SignatureInput } from "./lib/signature";

/** Where a canvas record's image is downloaded (authenticated, server/http/signature-download.ts). */
export const signatureUrl = (recordId: string) => `/api/v1/emargement/records/${recordId}/signature`;

/**
 * Checks a drawn signature (30 points, conventions §7) and prepares its storage: AES-256-GCM
 * under ENCRYPTION_KEY with the record id as associated data (a ciphertext copied onto another
 * record does not decrypt), and the digest of the plain PNG that enters the seal.
 */
export function prepareSignature(input: SignatureInput, recordId: string): { signatureCiphertext: string | null; signatureDigest: string | null } {
  const { png } = assertSignatureLongEnough(input);
  if (!png) return { signatureCiphertext: null, signatureDigest: null };
  return { signatureCiphertext: encryptBytes(png, { aad: recordId }), signatureDigest: signatureDigest(png) };
}

/** The PNG bytes of a canvas record, or null when it has none. */
export function readSignaturePng(row: Pick<EmargementRow, "id" | "signatureCiphertext">): Buffer | null {
  if (!row.signatureCiphertext) return null;
  return decryptBytes(row.signatureCiphertext, { aad: row.id });
}
