import { eq } from "drizzle-orm";
import { billingClients, tenantLegalIdentities } from "../../server/db/schema";
import { newId } from "../../server/lib/ids";
import type { TestApi } from "./api";

/** A complete legal identity for a tenant (what an invoice must carry), replacing any existing one. */
export async function setLegalIdentity(api: TestApi, tenantId: string, over: Partial<typeof tenantLegalIdentities.$inferInsert> = {}) {
  const values = {
    tenantId,
    legalName: "Acme Formation SAS",
    legalForm: "SAS",
    siren: "732829320",
    siret: "73282932000074",
    vatNumber: "FR44732829320",
    rcs: "RCS Lyon 732 829 320",
    shareCapital: "10 000 €",
    nda: "84691234569",
    ndaRegion: "Auvergne-Rhône-Alpes",
    addressLine1: "12 rue de la République",
    postalCode: "69002",
    city: "Lyon",
    country: "FR",
    email: "compta@acme.test",
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP",
    vatRegime: "EXEMPT_261_4_4A" as const,
    invoicePrefix: "FAC",
    paymentTermsDays: 30,
    facturxProfile: "EN16931" as const,
    directorName: "Claire Martin",
    directorRole: "Présidente",
    ...over,
  };
  await api.db.delete(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, tenantId));
  await api.db.insert(tenantLegalIdentities).values(values);
}

/** A billing client row, inserted directly (the clients API has its own tests). */
export async function insertClient(api: TestApi, tenantId: string, over: Partial<typeof billingClients.$inferInsert> = {}) {
  const [row] = await api.db
    .insert(billingClients)
    .values({
      id: newId("cli"),
      tenantId,
      kind: "COMPANY",
      name: "Boulangerie Durand SARL",
      siren: "552100554",
      siret: "55210055400013",
      addressLine1: "3 place du Marché",
      postalCode: "75011",
      city: "Paris",
      country: "FR",
      email: "compta@durand.test",
      ...over,
    })
    .returning();
  return row!;
}
