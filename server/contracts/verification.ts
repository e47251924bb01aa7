import { z } from "zod";
import { envelope } from "./common";

/** Isomorphic: imports only zod. Documents anyone can verify (GET /verify/{code}). */

/** The code's alphabet: base 32 without I, O, 0 and 1 (nothing to confuse when typed from paper). */
export const VERIFICATION_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const VERIFICATION_CODE_LENGTH = 12;

/** "7KQ4M9XC2TBW" -> "7KQ4-M9XC-2TBW" (as printed). */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** What a person typed or scanned -> the stored form (upper case, no separators), or null when it cannot be a code. */
export function normalizeVerificationCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== VERIFICATION_CODE_LENGTH) return null;
  for (const c of code) if (!VERIFICATION_ALPHABET.includes(c)) return null;
  return code;
}

export const VERIFICATION_DOCUMENT_TYPES = [
  "ATTENDANCE_SHEET",
  "ATTENDANCE_ATTESTATION",
  "CERTIFICATE",
  "CONVENTION",
  "CONVOCATION",
  "PROGRAMME",
  "INVOICE",
  "CREDIT_NOTE",
  "AUDIT_REPORT",
  "OTHER",
] as const;
export type TVerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];

export const ZVerifyInput = z.object({
  code: z.string().max(40).describe("The verification code printed on the document, with or without its dashes (case-insensitive)"),
});

const ZVerification = z.object({
  code: z.string().describe("The code, formatted as printed (XXXX-XXXX-XXXX)"),
  issuer: z.object({
    name: z.string().describe("The organisation's name as printed"),
    legalName: z.string().nullable(),
    activityNumber: z.string().nullable().describe("Numéro de déclaration d'activité (NDA), formatted"),
    siret: z.string().nullable(),
  }),
  document: z.object({
    type: z.enum(VERIFICATION_DOCUMENT_TYPES),
    title: z.string().describe("The title printed on the document"),
    reference: z.string().nullable().describe("The reference printed on it (invoice number...), if any"),
    names: z.array(z.string()).describe("Names printed on the document that identify it (the learner, the invoiced client); never more"),
    issuedAt: z.string().describe("When this file was issued (ISO 8601)"),
  }),
  sha256: z.string().describe("SHA-256 (hex) of the file as issued: a copy whose hash differs is not this document"),
  sizeBytes: z.number().int(),
  newerIssuedAt: z
    .string()
    .nullable()
    .describe("When a newer issue of the same document (same type and record) exists: its date. The code still proves this file, which is no longer the latest one."),
  attendance: z
    .object({
      chainHashAtIssue: z.string().nullable().describe("The chain head printed on the sheet"),
      recordsAtIssue: z.number().int().describe("The number of records printed on the sheet"),
      chain: z
        .object({
          valid: z.boolean(),
          checked: z.number().int(),
          brokenAt: z.string().nullable(),
        })
        .describe("The session's chain verification now (the same check as GET /qualiopi/emargement/{sessionId}/verify)"),
    })
    .nullable()
    .describe("Attendance sheets only"),
});
export type TVerification = z.infer<typeof ZVerification>;
export const ZVerifyOutput = envelope(ZVerification);

export const VERIFY_DESCRIPTION =
  "No sign-in. Every issued PDF (attendance sheet, attestation d'assiduité, certificate, convention, convocation, invoice and credit note, audit report) prints a verification " +
  "code and a QR code for https://{tenant host}/verify/{code}. The answer names the issuer (name, NDA, SIRET), the document's type, title, reference, date and the names " +
  "printed on it (nothing else personal), and the SHA-256 of the exact bytes issued. Because the code is printed inside the PDF, it is reserved first, the PDF is rendered " +
  "with it, and the hash of the final bytes (for an invoice: after the Factur-X XML and the PAdES signature) is stored; only such sealed codes answer. Documents rendered on " +
  "demand (the attendance sheet at each download, the attestation d'assiduité) get a new code at each rendering: each code proves the file it is printed on, and the sheet " +
  "also carries the chain head and record count printed at that time, with the chain verification now. A document regenerated under the same record (a convocation after " +
  "a change) keeps its older codes; newerIssuedAt then gives the date of the newer issue. The tenant comes from the sub-domain or X-Tenant-ID; another tenant's code, an " +
  "unknown or a malformed one is 404 VERIFICATION_NOT_FOUND. Rate-limited per address like every public operation.";
