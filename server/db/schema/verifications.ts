import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { VERIFICATION_DOCUMENT_TYPES } from "../../contracts/verification";
import { createdAt, id, tenantId, ts } from "./_columns";
import { tenants } from "./tenancy";

/**
 * Documents anyone can verify (issue #20 item 4): one row per issued PDF. The code printed on the
 * document (with its QR code) opens `/verify/{code}` on the tenant's site. A row is reserved
 * before rendering (the code goes into the PDF) and sealed once the final bytes exist (their
 * SHA-256); only sealed rows answer publicly. Tenant-owned.
 */
export const verificationDocumentTypeEnum = pgEnum("verification_document_type", VERIFICATION_DOCUMENT_TYPES);

/** What the public page may say besides the hash: facts printed on the document, never more. */
export type VerificationDetails = {
  /** Attendance sheet: the session, and the chain head and record count printed at rendering. */
  sessionId?: string;
  slotId?: string | null;
  chainHash?: string | null;
  chainRecords?: number;
  /** Audit report: the SHA-256 of the archive's manifest.json printed on its last page. */
  manifestSha256?: string;
};

export const documentVerifications = pgTable(
  "document_verifications",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    /** 12 characters of the alphabet 23456789ABCDEFGHJKLMNPQRSTUVWXYZ (60 random bits), stored without separators. */
    code: text().notNull(),
    documentType: verificationDocumentTypeEnum().notNull(),
    /** The record the document comes from: document id, invoice id, session id, "{sessionId}:{userId}", course id. */
    documentRef: text().notNull(),
    /** The human reference printed on it when there is one (invoice number...). */
    reference: text(),
    /** The title printed on the document. */
    title: text().notNull(),
    /** The names printed on the document that the public page may repeat (the learner, the invoiced client). */
    names: jsonb().$type<string[]>().notNull().default([]),
    details: jsonb().$type<VerificationDetails>().notNull().default({}),
    issuedAt: ts().notNull(),
    /** SHA-256 (hex) of the final bytes, set when sealed; null while reserved (not public). */
    sha256: text(),
    sizeBytes: bigint({ mode: "number" }),
    sealedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("document_verifications_tenant_id_uq").on(t.tenantId, t.id),
    // Codes are unique across tenants: a code names one document, looked up within the host's tenant.
    uniqueIndex("document_verifications_code_uq").on(t.code),
    // The issues of one document, newest first ("a newer version was issued on ...").
    index("document_verifications_ref_idx").on(t.tenantId, t.documentType, t.documentRef, t.issuedAt.desc().nullsFirst()).where(sql`${t.sha256} is not null`),
  ],
);
