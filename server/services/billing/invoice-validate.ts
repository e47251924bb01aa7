import type { Caller } from "../../auth/caller";
import type { TFacturxValidation } from "../../contracts/invoices";
import type { Db } from "../../db";
import type { PartySnapshot } from "../../db/schema";
import { conflict, unprocessable } from "../../errors";
import { addDays, localDate } from "../../lib/local-date";
import type { InvoiceAmounts } from "./amounts";
import { loadClient, type ClientRow } from "./clients";
import { checkInvoiceDocument, InvoiceDocumentError, type InvoiceDocument } from "./facturx";
import { blockingErrors, validateInvoiceDocument, type FacturxValidation } from "./facturx/validation";
import { invoiceDocument } from "./invoice-document";
import { checkItems, loadInvoice } from "./invoices";
import { requireInvoiceableIdentity, type LegalIdentity } from "./legal-identity";

/**
 * The number a draft is checked with: BR-FR-01/02 allow 35 characters of A-Z a-z 0-9 + - _ /,
 * and the draft's id keeps it apart from every real number ({prefix}-{YYYY}-{000001}).
 */
const provisionalNumber = (id: string) => `PROV-${id.slice(id.indexOf("_") + 1)}`;

/**
 * The same check as at issue (invoice-issue.ts facturxCheck: the CII XML against the profile
 * XSD, the Factur-X, CEN EN 16931 and BR-FR Schematrons) on a DRAFT, as it would be issued
 * today: a provisional number (provisionalNumber), today's date in the tenant's time zone, the
 * due date the issue would give, the seller from the current legal identity, the buyer from the
 * client as it is now. Nothing is written and no number is taken. 409 INVOICE_ALREADY_ISSUED
 * when not a draft; 422 LEGAL_IDENTITY_INCOMPLETE or INVOICE_NOT_ISSUABLE (fields) as the issue
 * would answer before its rules are checked.
 */
export async function validateDraftInvoice(db: Db, caller: Caller, id: string, now: Date): Promise<TFacturxValidation> {
  const row = await loadInvoice(db, caller.scope, id);
  if (row.status !== "DRAFT") throw conflict("Only a DRAFT invoice is validated before issue (an issued one was validated when issued)", "INVOICE_ALREADY_ISSUED");
  const identity = await requireInvoiceableIdentity(db, caller.tenant.id);
  const client = await loadClient(db, caller.scope, row.clientId);
  checkItems(row.items, identity);
  const tz = caller.tenant.timeZone;
  const day = localDate(now, tz);
  const provisional = {
    ...row,
    number: provisionalNumber(row.id),
    issuedAt: now,
    dueDate: row.kind === "CREDIT_NOTE" ? null : (row.dueDate ?? addDays(day, identity.paymentTermsDays)),
    seller: sellerSnapshot(identity),
    buyer: buyerSnapshot(client),
    vatRegime: identity.vatRegime,
    facturxProfile: identity.facturxProfile,
  };
  return facturxCheck(await invoiceDocument(db, caller.scope, provisional, tz));
}

export function sellerSnapshot(id: LegalIdentity): PartySnapshot {
  return {
    name: id.legalName ?? "",
    legalForm: id.legalForm,
    siren: id.siren,
    siret: id.siret,
    vatNumber: id.vatNumber,
    rcs: id.rcs,
    shareCapital: id.shareCapital,
    nda: id.nda,
    ndaRegion: id.ndaRegion,
    addressLine1: id.addressLine1,
    addressLine2: id.addressLine2,
    postalCode: id.postalCode,
    city: id.city,
    country: id.country,
    email: id.email,
    iban: id.iban,
    bic: id.bic,
    vatOnDebits: id.vatOnDebits,
  };
}

export function buyerSnapshot(c: ClientRow): PartySnapshot {
  return {
    name: c.name,
    kind: c.kind,
    siren: c.siren ?? (c.siret ? c.siret.slice(0, 9) : null),
    siret: c.siret,
    vatNumber: c.vatNumber,
    addressLine1: c.addressLine1,
    addressLine2: c.addressLine2,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
    email: c.email,
  };
}

/**
 * The official check of the document's CII XML (facturx/validation, in a worker thread; a
 * verdict is remembered for the same document but its number). What
 * the XML itself needs (seller SIREN and VAT number, exchange rate...) is checked first:
 * 422 INVOICE_NOT_ISSUABLE naming the fields.
 */
export async function facturxCheck(doc: InvoiceDocument): Promise<FacturxValidation> {
  return validateInvoiceDocument(doc, facturxPreconditions(doc));
}

/** What the XML needs (checkInvoiceDocument), as 422 INVOICE_NOT_ISSUABLE naming the fields. */
export function facturxPreconditions(doc: InvoiceDocument): InvoiceAmounts {
  try {
    return checkInvoiceDocument(doc);
  } catch (e) {
    if (e instanceof InvoiceDocumentError) throw unprocessable("The invoice cannot be issued as a Factur-X document", e.fields, "INVOICE_NOT_ISSUABLE");
    throw e;
  }
}

/** 422 INVOICE_NOT_ISSUABLE when a fatal or error rule fails: `errors` maps each rule id to its French explanation(s). */
export function assertConformant(v: FacturxValidation): void {
  if (!v.conformant) throw unprocessable("The invoice does not pass the Factur-X validation (EN 16931, BR-FR): see the rules to fix in errors", blockingErrors(v), "INVOICE_NOT_ISSUABLE");
}
