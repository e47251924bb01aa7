import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { tenantLegalIdentities } from "../../db/schema";
import { unprocessable } from "../../errors";

/** PROVISIONAL: replaced by the clients branch at merge. */
export type LegalIdentity = typeof tenantLegalIdentities.$inferSelect;

export async function loadLegalIdentity(db: DbOrTx, tenantId: string): Promise<LegalIdentity> {
  const [row] = await db.select().from(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, tenantId)).limit(1);
  return row ?? ({ tenantId, country: "FR", vatRegime: "EXEMPT_261_4_4A", invoicePrefix: "FAC", paymentTermsDays: 30, facturxProfile: "EN16931" } as LegalIdentity);
}

export async function requireInvoiceableIdentity(db: DbOrTx, tenantId: string): Promise<LegalIdentity> {
  const id = await loadLegalIdentity(db, tenantId);
  const errors: Record<string, string[]> = {};
  for (const k of ["legalName", "siren", "addressLine1", "postalCode", "city"] as const) if (!id[k]) errors[k] = ["Required to issue an invoice"];
  if (Object.keys(errors).length) throw unprocessable("The legal identity is incomplete", errors, "LEGAL_IDENTITY_INCOMPLETE");
  return id;
}
