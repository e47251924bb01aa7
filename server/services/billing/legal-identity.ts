import { eq } from "drizzle-orm";
import { forTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import {
  INVOICE_REQUIRED_FIELDS,
  VAT_EXEMPTION_MENTION,
  type TInvoiceRequiredField,
  type TLegalIdentity,
  type TUpdateLegalIdentityInput,
} from "../../contracts/legal-identity";
import { formatNda } from "../../contracts/french-ids";
import type { Db, DbOrTx } from "../../db";
import { tenantLegalIdentities, tenants } from "../../db/schema";
import { unprocessable, type FieldErrors } from "../../errors";
import { writeAudit } from "../platform/audit";

/**
 * The tenant's legal identity (one row per tenant, tenant_id as key). A tenant that never saved
 * one reads the column defaults: exempt, prefix FAC, 30 days, EN16931, country FR.
 */
type LegalIdentityRow = typeof tenantLegalIdentities.$inferSelect;
/** The row merged with the defaults; `updatedAt` null while no row exists. */
export type LegalIdentity = Omit<LegalIdentityRow, "tenantId" | "updatedAt"> & { tenantId: string; updatedAt: Date | null };

const LEGAL_IDENTITY_DEFAULTS: Omit<LegalIdentity, "tenantId"> = {
  legalName: null,
  legalForm: null,
  siren: null,
  siret: null,
  vatNumber: null,
  rcs: null,
  shareCapital: null,
  nafCode: null,
  nda: null,
  ndaRegion: null,
  addressLine1: null,
  addressLine2: null,
  postalCode: null,
  city: null,
  country: "FR",
  email: null,
  phone: null,
  iban: null,
  bic: null,
  vatRegime: "EXEMPT_261_4_4A",
  invoicePrefix: "FAC",
  paymentTermsDays: 30,
  facturxProfile: "EN16931",
  vatOnDebits: false,
  directorName: null,
  directorRole: null,
  signatoryName: null,
  signatoryRole: null,
  signatureImage: null,
  updatedAt: null,
};

const REQUIRED_FOR_INVOICE = "Required to issue an invoice";
const SIRET_NOT_OF_SIREN = "The SIRET must start with the SIREN";
const VAT_NOT_OF_SIREN = "The VAT number must carry the SIREN";

/** The tenant's identity merged with the defaults (the invoice issue, the BPF and the documents read it). */
export async function loadLegalIdentity(db: DbOrTx, tenantId: string): Promise<LegalIdentity> {
  const [row] = await db.select().from(tenantLegalIdentities).where(forTenant(tenantId).where(tenantLegalIdentities)).limit(1);
  return row ? { ...row } : { ...LEGAL_IDENTITY_DEFAULTS, tenantId };
}

/**
 * THE activity declaration number (NDA) every page and document prints ("84 69 12345 69"): the
 * legal identity's, else the older tenant integrations.activityNumber; null when neither is set.
 * A course never has its own NDA (it is the organisation's); a course's legacy activityNumber is
 * shown only by a tenant that recorded no NDA at all (see effectiveCourseNda).
 */
export function printedNda(identity: Pick<LegalIdentity, "nda">, integrations?: Record<string, unknown> | null): string | null {
  if (identity.nda) return formatNda(identity.nda);
  const legacy = integrations?.activityNumber;
  return typeof legacy === "string" && legacy.trim() ? legacy.trim() : null;
}

/** The NDA a course page shows: the organisation's (printedNda), else the course's legacy field. */
export async function effectiveCourseNda(db: DbOrTx, tenantId: string, course: { activityNumber: string | null }): Promise<string | null> {
  const [identity, [tenant]] = await Promise.all([loadLegalIdentity(db, tenantId), db.select({ integrations: tenants.integrations }).from(tenants).where(eq(tenants.id, tenantId)).limit(1)]);
  return printedNda(identity, tenant?.integrations) ?? (course.activityNumber?.trim() || null);
}

/** Who signs a certificate: the signatory of the legal identity, else its director (frame H); null fields when neither is set. */
export function certificateSignatory(identity: Pick<LegalIdentity, "signatoryName" | "signatoryRole" | "signatureImage" | "directorName" | "directorRole">) {
  const own = identity.signatoryName?.trim();
  return {
    name: own || identity.directorName?.trim() || null,
    role: (own ? identity.signatoryRole : identity.directorRole)?.trim() || null,
    signatureImage: identity.signatureImage || null,
  };
}

/** The exemption mention to print, or null when the tenant charges VAT. */
export function vatExemptionMention(identity: Pick<LegalIdentity, "vatRegime">): string | null {
  return identity.vatRegime === "EXEMPT_261_4_4A" ? VAT_EXEMPTION_MENTION : null;
}

const blank = (v: string | null | undefined) => !v || !v.trim();

/** The fields an invoice needs that are missing: legalName, siren, address; vatNumber when LIABLE; nda when exempt (the exemption rests on the declared activity). */
function missingForInvoice(identity: LegalIdentity): TInvoiceRequiredField[] {
  return INVOICE_REQUIRED_FIELDS.filter((f) => {
    if (f === "vatNumber") return identity.vatRegime === "LIABLE" && blank(identity.vatNumber);
    if (f === "nda") return identity.vatRegime === "EXEMPT_261_4_4A" && blank(identity.nda);
    return blank(identity[f]);
  });
}

/** Throws 422 LEGAL_IDENTITY_INCOMPLETE, one `errors` entry per missing field, unless `identity` can be printed on an invoice. */
function assertInvoiceableIdentity(identity: LegalIdentity): LegalIdentity {
  const missing = missingForInvoice(identity);
  if (missing.length) {
    throw unprocessable("The organisation's legal identity is incomplete", Object.fromEntries(missing.map((f) => [f, [REQUIRED_FOR_INVOICE]])), "LEGAL_IDENTITY_INCOMPLETE");
  }
  return identity;
}

/** loadLegalIdentity + assertInvoiceableIdentity: the identity an invoice issue prints, or 422 LEGAL_IDENTITY_INCOMPLETE. */
export async function requireInvoiceableIdentity(db: DbOrTx, tenantId: string): Promise<LegalIdentity> {
  return assertInvoiceableIdentity(await loadLegalIdentity(db, tenantId));
}

function toLegalIdentity(identity: LegalIdentity): TLegalIdentity {
  const { tenantId: _tenantId, updatedAt, ...fields } = identity;
  return { ...fields, vatExemptionMention: vatExemptionMention(identity), completeness: missingForInvoice(identity), updatedAt: updatedAt ? updatedAt.toISOString() : null };
}

export async function getLegalIdentity(db: Db, caller: Caller): Promise<TLegalIdentity> {
  return toLegalIdentity(await loadLegalIdentity(db, caller.scope.tenantId));
}

/** Cross-field rules on the merged identity: the SIRET starts with the SIREN; a French VAT number carries the SIREN. */
function crossFieldErrors(v: Pick<LegalIdentity, "siren" | "siret" | "vatNumber">): FieldErrors {
  const errors: FieldErrors = {};
  if (v.siren && v.siret && !v.siret.startsWith(v.siren)) errors.siret = [SIRET_NOT_OF_SIREN];
  if (v.siren && v.vatNumber?.startsWith("FR") && v.vatNumber.slice(4) !== v.siren) errors.vatNumber = [VAT_NOT_OF_SIREN];
  return errors;
}

/** The audit log keeps the before and after of each field; the IBAN only by its last four characters. */
function audited(key: string, v: LegalIdentity): unknown {
  const value = v[key as keyof LegalIdentity] ?? null;
  if (key === "signatureImage" && typeof value === "string") return `image (${value.length} characters)`;
  return key === "iban" && typeof value === "string" ? `…${value.slice(-4)}` : value;
}

const EMPTY_TO_NULL = ["legalName", "legalForm", "rcs", "shareCapital", "ndaRegion", "addressLine1", "addressLine2", "city", "directorName", "directorRole", "signatoryName", "signatoryRole", "signatureImage"] as const;

export async function updateLegalIdentity(db: Db, caller: Caller, input: TUpdateLegalIdentityInput, now: Date): Promise<TLegalIdentity> {
  return db.transaction(async (tx) => {
    const current = await loadLegalIdentity(tx, caller.scope.tenantId);
    const patch: Partial<LegalIdentity> = {};
    for (const [key, value] of Object.entries(input) as [keyof TUpdateLegalIdentityInput, unknown][]) {
      if (value === undefined) continue;
      (patch as Record<string, unknown>)[key] = (EMPTY_TO_NULL as readonly string[]).includes(key) && value === "" ? null : value;
    }
    const merged: LegalIdentity = { ...current, ...patch };
    if (merged.siret && !merged.siren && input.siren === undefined) merged.siren = patch.siren = merged.siret.slice(0, 9);
    const errors = crossFieldErrors(merged);
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors, "VALIDATION_FAILED");
    const { tenantId: _t, updatedAt: _u, ...values } = merged;
    const [row] = await tx
      .insert(tenantLegalIdentities)
      .values({ ...values, tenantId: caller.scope.tenantId, updatedAt: now })
      .onConflictDoUpdate({ target: tenantLegalIdentities.tenantId, set: { ...values, updatedAt: now } })
      .returning();
    await writeAudit(tx, caller, {
      action: "legal_identity.updated",
      targetType: "tenant",
      targetId: caller.scope.tenantId,
      metadata: { fields: Object.keys(patch).sort(), changes: Object.fromEntries(Object.keys(patch).map((k) => [k, { from: audited(k, current), to: audited(k, merged) }])) },
    });
    return toLegalIdentity(row!);
  });
}
