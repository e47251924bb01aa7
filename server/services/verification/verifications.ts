import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import { formatNda } from "../../contracts/french-ids";
import { formatVerificationCode, normalizeVerificationCode, VERIFICATION_ALPHABET, VERIFICATION_CODE_LENGTH, type TVerification, type TVerificationDocumentType } from "../../contracts/verification";
import type { DbOrTx } from "../../db";
import { documentVerifications, tenants, type VerificationDetails } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { verifySessionChain } from "../attendance/chain";
import { loadLegalIdentity } from "../billing/legal-identity";
import type { VerificationStamp } from "./verification-block";

/**
 * Documents anyone can verify (issue #20 item 4). One mechanism for every issued PDF:
 *   1. `reserveVerification` writes a row with a fresh code and no hash (not public yet) and
 *      returns the stamp the renderer prints (code, URL, QR code);
 *   2. the PDF is rendered with the stamp (and, for an invoice, embedded and signed);
 *   3. `sealVerification` stores the SHA-256 and size of the final bytes: from then on
 *      GET /verify/{code} answers. Seal inside the transaction that records the document when
 *      there is one (documents, invoices), so the code is public exactly when the record exists.
 * `issueVerified` runs the three steps for documents without a record of their own (sheet,
 * attestation, audit report). A reserved row never sealed (a failed render) stays invisible.
 */

export type VerificationSubject = {
  type: TVerificationDocumentType;
  /** The record the document comes from (document id, invoice id, session id...). */
  ref: string;
  title: string;
  reference?: string | null;
  /** Names printed on the document that the public page may repeat. */
  names?: string[];
  details?: VerificationDetails;
  issuedAt: Date;
};

export type ReservedVerification = { id: string; code: string; stamp: VerificationStamp };

/** 12 characters of the 32-letter alphabet: 60 random bits (256 / 32 = 8: no modulo bias). */
function newVerificationCode(): string {
  const bytes = randomBytes(VERIFICATION_CODE_LENGTH);
  let out = "";
  for (const b of bytes) out += VERIFICATION_ALPHABET[b % 32];
  return out;
}

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The printed block's data: the formatted code, the public URL on the tenant's host and its QR code (PNG data URI). */
async function verificationStamp(tenantSlug: string, code: string): Promise<VerificationStamp> {
  const url = tenantUrl(tenantSlug, `/verify/${formatVerificationCode(code)}`);
  const qr = await QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 0, width: 192 });
  return { code: formatVerificationCode(code), url, qr };
}

async function tenantSlugOf(db: DbOrTx, scope: TenantScope): Promise<string> {
  const [t] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  if (!t) throw notFound("Tenant");
  return t.slug;
}

/** Step 1: a new code for a document about to be rendered (unique across tenants; a collision draws again). */
export async function reserveVerification(db: DbOrTx, scope: TenantScope, subject: VerificationSubject): Promise<ReservedVerification> {
  const slug = await tenantSlugOf(db, scope);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = newId("vrf");
    const code = newVerificationCode();
    const [row] = await db
      .insert(documentVerifications)
      .values(
        scope.values(documentVerifications, {
          id,
          code,
          documentType: subject.type,
          documentRef: subject.ref,
          reference: subject.reference ?? null,
          title: subject.title,
          names: subject.names ?? [],
          details: subject.details ?? {},
          issuedAt: subject.issuedAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: documentVerifications.id });
    if (row) return { id, code, stamp: await verificationStamp(slug, code) };
  }
  throw new Error("Could not draw a free verification code");
}

/** Step 3: the final bytes' SHA-256; the code answers publicly from now on. A row is sealed once. */
export async function sealVerification(db: DbOrTx, scope: TenantScope, id: string, bytes: Uint8Array, now: Date): Promise<string> {
  const sha256 = sha256Hex(bytes);
  await db
    .update(documentVerifications)
    .set({ sha256, sizeBytes: bytes.byteLength, sealedAt: now })
    .where(scope.where(documentVerifications, eq(documentVerifications.id, id), isNull(documentVerifications.sha256)));
  return sha256;
}

/** Reserve, render with the stamp, seal: for documents rendered on demand without a record of their own. */
export async function issueVerified(
  db: DbOrTx,
  scope: TenantScope,
  subject: VerificationSubject,
  render: (stamp: VerificationStamp) => Promise<Uint8Array>,
): Promise<{ pdf: Uint8Array; code: string; sha256: string }> {
  const reserved = await reserveVerification(db, scope, subject);
  const pdf = await render(reserved.stamp);
  const sha256 = await sealVerification(db, scope, reserved.id, pdf, subject.issuedAt);
  return { pdf, code: reserved.code, sha256 };
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * GET /verify/{code}: the sealed verification of the scope's tenant (another tenant's, unknown,
 * malformed or not yet sealed: 404 VERIFICATION_NOT_FOUND). Says only what the document prints.
 */
export async function getPublicVerification(db: DbOrTx, scope: TenantScope, input: string): Promise<TVerification> {
  const code = normalizeVerificationCode(input);
  if (!code) throw notFound("Verification");
  const [row] = await db
    .select()
    .from(documentVerifications)
    .where(scope.where(documentVerifications, eq(documentVerifications.code, code), isNotNull(documentVerifications.sha256)))
    .limit(1);
  if (!row) throw notFound("Verification");
  const [[tenant], legal, [newer]] = await Promise.all([
    db.select({ name: tenants.name, branding: tenants.branding, integrations: tenants.integrations }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1),
    loadLegalIdentity(db, scope.tenantId),
    db
      .select({ issuedAt: documentVerifications.issuedAt })
      .from(documentVerifications)
      .where(
        scope.where(
          documentVerifications,
          and(eq(documentVerifications.documentType, row.documentType), eq(documentVerifications.documentRef, row.documentRef), isNotNull(documentVerifications.sha256), gt(documentVerifications.issuedAt, row.issuedAt)),
        ),
      )
      .orderBy(desc(documentVerifications.issuedAt))
      .limit(1),
  ]);
  if (!tenant) throw notFound("Verification");
  const name = text(tenant.branding?.displayName) ?? tenant.name;
  const integrations = tenant.integrations ?? {};
  let attendance: TVerification["attendance"] = null;
  if (row.documentType === "ATTENDANCE_SHEET" && row.details.sessionId) {
    const chain = await verifySessionChain(db, scope, row.details.sessionId);
    attendance = { chainHashAtIssue: row.details.chainHash ?? null, recordsAtIssue: row.details.chainRecords ?? 0, chain };
  }
  return {
    code: formatVerificationCode(row.code),
    issuer: {
      name,
      legalName: text(legal.legalName) ?? (name !== tenant.name ? tenant.name : null),
      activityNumber: legal.nda ? formatNda(legal.nda) : text(integrations.activityNumber),
      siret: text(legal.siret) ?? text(integrations.siret),
    },
    document: { type: row.documentType, title: row.title, reference: row.reference, names: row.names, issuedAt: row.issuedAt.toISOString() },
    sha256: row.sha256!,
    sizeBytes: row.sizeBytes ?? 0,
    newerIssuedAt: newer ? newer.issuedAt.toISOString() : null,
    attendance,
  };
}
