import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingClients, tenantLegalIdentities } from "../db/schema";
import { newId } from "../lib/ids";
import { demoSignature } from "./signature-png";

/** The certificate signatory's handwritten signature, as the settings form stores it. */
const demoSignatureDataUrl = (seed: number) => `data:image/png;base64,${demoSignature(seed).png.toString("base64")}`;

/**
 * Demo legal identities and billing clients (issue #12 items 1 and 2). Idempotent: the identity
 * is upserted, a client is inserted once per (tenant, name). The SIRENs, SIRETs and VAT numbers
 * are made up but pass their checks (Luhn, the French VAT key); so does the IBAN (mod 97).
 */
type Identity = typeof tenantLegalIdentities.$inferInsert;
type Client = Omit<typeof billingClients.$inferInsert, "id" | "tenantId">;

const IDENTITIES: Record<string, Omit<Identity, "tenantId">> = {
  // A training organisation exempt under article 261-4-4° a of the CGI.
  acme: {
    legalName: "Acme Formation SAS",
    legalForm: "SAS",
    siren: "812345676",
    siret: "81234567600017",
    vatNumber: "FR19812345676",
    rcs: "RCS Lyon 812 345 676",
    shareCapital: "20 000 €",
    nafCode: "85.59A",
    nda: "84691234569",
    ndaRegion: "Auvergne-Rhône-Alpes",
    addressLine1: "12 rue de la République",
    addressLine2: "Bâtiment B",
    postalCode: "69002",
    city: "Lyon",
    country: "FR",
    email: "facturation@acme.test",
    phone: "+33 4 72 00 00 00",
    iban: "FR7630004000031234567890143",
    bic: "BNPAFRPPXXX",
    vatRegime: "EXEMPT_261_4_4A",
    invoicePrefix: "ACME",
    paymentTermsDays: 30,
    facturxProfile: "EN16931",
    directorName: "Alice Martin",
    directorRole: "Présidente",
    signatoryName: "Alice Martin",
    signatoryRole: "Présidente",
    signatureImage: demoSignatureDataUrl(7),
  },
  // An organisation that charges VAT.
  globex: {
    legalName: "Globex Training SARL",
    legalForm: "SARL",
    siren: "853100428",
    siret: "85310042800012",
    vatNumber: "FR43853100428",
    rcs: "RCS Paris 853 100 428",
    shareCapital: "8 000 €",
    nafCode: "85.59B",
    nda: "11755432175",
    ndaRegion: "Île-de-France",
    addressLine1: "48 boulevard Voltaire",
    addressLine2: null,
    postalCode: "75011",
    city: "Paris",
    country: "FR",
    email: "compta@globex.test",
    phone: "+33 1 44 00 00 00",
    iban: "FR1420041010050500013M02606",
    bic: "PSSTFRPPPAR",
    vatRegime: "LIABLE",
    invoicePrefix: "GLX",
    paymentTermsDays: 45,
    facturxProfile: "EN16931",
    directorName: "Gérard Lambert",
    directorRole: "Gérant",
    signatoryName: "Gérard Lambert",
    signatoryRole: "Gérant",
    signatureImage: demoSignatureDataUrl(11),
  },
};

const address = (addressLine1: string, postalCode: string, city: string) => ({ addressLine1, postalCode, city, country: "FR" });

function clientsOf(slug: string): Client[] {
  const common: Client[] = [
    { kind: "OPCO", name: "AKTO", siren: "842156333", siret: "84215633300010", vatNumber: "FR27842156333", email: `factures-akto@${slug}.example.com`, ...address("14 rue Riquet", "75019", "Paris") },
    { kind: "OPCO", name: "OPCO EP", siren: "881277453", siret: "88127745300018", vatNumber: null, email: `facturation-opcoep@${slug}.example.com`, ...address("31 rue Anatole France", "92300", "Levallois-Perret") },
    { kind: "PUBLIC", name: "France Travail", siren: "130005481", siret: "13000548100010", vatNumber: null, email: null, ...address("1 avenue du Docteur Gley", "75020", "Paris") },
  ];
  return slug === "acme"
    ? [
        { kind: "COMPANY", name: "Boulangerie Durand SARL", siren: "798456125", siret: "79845612500011", vatNumber: "FR44798456125", email: "compta@durand.example.com", ...address("5 place Bellecour", "69002", "Lyon") },
        { kind: "COMPANY", name: "Transports Lefèvre", siren: "521478966", siret: "52147896600018", vatNumber: "FR55521478966", email: "rh@transports-lefevre.example.com", ...address("ZI des Gaulnes", "69330", "Meyzieu") },
        ...common,
      ]
    : [{ kind: "COMPANY", name: "Initech France SAS", siren: "403176225", siret: "40317622500015", vatNumber: "FR88403176225", email: "ap@initech.example.com", ...address("2 rue du Général Leclerc", "92100", "Boulogne-Billancourt") }, ...common];
}

export async function seedBillingClients(db: Db, tenantId: string, slug: string, people: { admin: string; learner: string; learnerName: string }): Promise<void> {
  const identity = IDENTITIES[slug];
  if (identity) {
    await db
      .insert(tenantLegalIdentities)
      .values({ ...identity, tenantId })
      .onConflictDoUpdate({ target: tenantLegalIdentities.tenantId, set: identity });
  }
  const clients: Client[] = [
    ...clientsOf(slug),
    { kind: "INDIVIDUAL", name: people.learnerName, email: `learner@${slug}.test`, userId: people.learner, ...address("8 rue des Lilas", "69100", "Villeurbanne") },
  ];
  for (const c of clients) {
    const [existing] = await db
      .select({ id: billingClients.id })
      .from(billingClients)
      .where(and(eq(billingClients.tenantId, tenantId), eq(billingClients.name, c.name)))
      .limit(1);
    if (existing) continue;
    await db.insert(billingClients).values({ ...c, id: newId("cli"), tenantId, createdBy: people.admin }).onConflictDoNothing();
  }
}
