import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZEmail, ZTimestamp } from "./common";
import { ZBic, ZCountry, ZIban, ZNda, ZPostalCode, ZSiren, ZSiret, ZVatNumber } from "./french-ids";

/**
 * The tenant's legal identity (issue #12 item 1): one row per tenant, printed on every invoice,
 * read by the BPF (frame H) and by the documents that print the NDA. Isomorphic: zod only.
 */
export const VAT_REGIMES = ["LIABLE", "EXEMPT_261_4_4A"] as const;
export const FACTURX_PROFILES = ["BASIC", "EN16931", "EXTENDED"] as const;
const ZVatRegime = z.enum(VAT_REGIMES).describe("LIABLE (VAT charged) or EXEMPT_261_4_4A (training exempt under article 261-4-4° a of the CGI)");
const ZFacturxProfile = z.enum(FACTURX_PROFILES).describe("Factur-X profile of the issued invoices (default EN16931)");
export type TVatRegime = z.infer<typeof ZVatRegime>;
export type TFacturxProfile = z.infer<typeof ZFacturxProfile>;

/** The exact mention an exempt organisation prints on its invoices. */
export const VAT_EXEMPTION_MENTION = "Exonération de TVA – article 261-4-4° a du CGI";

/** The fields an invoice needs, in the order the completeness list names them. */
export const INVOICE_REQUIRED_FIELDS = ["legalName", "siren", "addressLine1", "postalCode", "city", "vatNumber", "nda"] as const;
export type TInvoiceRequiredField = (typeof INVOICE_REQUIRED_FIELDS)[number];

const ZOptText = (max: number) => z.string().trim().max(max);

/** Longest signature image accepted, as a data URL (about 200 kB). */
const SIGNATURE_IMAGE_MAX_CHARS = 270_000;
const ZSignatureImage = z
  .string()
  .max(SIGNATURE_IMAGE_MAX_CHARS, "Image too large (200 kB at most)")
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, "A PNG or JPEG image")
  .or(z.literal(""))
  .describe("The signatory's handwritten signature printed on certificates: a data:image/png;base64 (or image/jpeg) URL, at most 200 kB; \"\" or null removes it");
const nullable = <T extends z.ZodType>(s: T) => s.nullable().optional();

export const ZUpdateLegalIdentityInput = z.strictObject({
  legalName: nullable(ZOptText(200)).describe("Legal name (raison sociale)"),
  legalForm: nullable(ZOptText(100)).describe("Legal form (SAS, SARL, association loi 1901...)"),
  siren: nullable(ZSiren).describe("SIREN (9 digits, Luhn). Derived from the SIRET when only the SIRET is given"),
  siret: nullable(ZSiret).describe("SIRET of the head office (14 digits, Luhn); must start with the SIREN"),
  vatNumber: nullable(ZVatNumber),
  rcs: nullable(ZOptText(120)).describe('Registration, e.g. "RCS Lyon 552 100 554"'),
  shareCapital: nullable(ZOptText(60)).describe('Share capital as printed, e.g. "10 000 €"'),
  nafCode: nullable(
    z
      .string()
      .trim()
      .toUpperCase()
      .max(MAX.code)
      .pipe(z.string().regex(/^\d{2}\.?\d{2}[A-Z]$/, "NAF code such as 85.59A")),
  ).describe("NAF/APE code, e.g. 85.59A"),
  nda: nullable(ZNda),
  ndaRegion: nullable(ZOptText(100)).describe("Region of the prefect the activity was declared to"),
  addressLine1: nullable(ZOptText(200)),
  addressLine2: nullable(ZOptText(200)),
  postalCode: nullable(ZPostalCode),
  city: nullable(ZOptText(100)),
  country: ZCountry.optional(),
  email: nullable(ZEmail).describe("Billing contact e-mail"),
  phone: nullable(
    z
      .string()
      .trim()
      .max(MAX.code)
      .pipe(z.string().regex(/^\+?[0-9 .()-]{6,25}$/, "Invalid phone number")),
  ).describe("Phone number"),
  iban: nullable(ZIban),
  bic: nullable(ZBic),
  vatRegime: ZVatRegime.optional(),
  invoicePrefix: z
    .string()
    .trim()
    .max(MAX.code)
    .regex(/^[A-Za-z0-9_-]{1,10}$/, "1 to 10 letters, digits, - or _")
    .optional()
    .describe('Invoice number prefix: 1 to 10 of A-Z a-z 0-9 - _ (no "/"), default FAC'),
  paymentTermsDays: z.number().int().min(0, "From 0 to 90 days").max(90, "From 0 to 90 days").optional().describe("Payment terms in days (0 to 90, default 30)"),
  facturxProfile: ZFacturxProfile.optional(),
  vatOnDebits: z
    .boolean()
    .optional()
    .describe('The organisation opted to pay VAT on debits: its invoices print "Option pour le paiement de la TVA d\'après les débits" and carry it as BT-8 (default false)'),
  directorName: nullable(ZOptText(200)).describe("BPF frame H: the person who signs the report"),
  directorRole: nullable(ZOptText(100)).describe("BPF frame H: their role (Président, Gérant...)"),
  signatoryName: nullable(ZOptText(200)).describe("Who signs the certificates of completion (empty: the director above)"),
  signatoryRole: nullable(ZOptText(100)).describe("Their role, printed under the name"),
  signatureImage: nullable(ZSignatureImage),
});
export type TUpdateLegalIdentityInput = z.infer<typeof ZUpdateLegalIdentityInput>;

const ZLegalIdentity = z.object({
  legalName: z.string().nullable(),
  legalForm: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  rcs: z.string().nullable(),
  shareCapital: z.string().nullable(),
  nafCode: z.string().nullable(),
  nda: z.string().nullable(),
  ndaRegion: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  vatRegime: ZVatRegime,
  invoicePrefix: z.string(),
  paymentTermsDays: z.number().int(),
  facturxProfile: ZFacturxProfile,
  vatOnDebits: z.boolean().describe("Option for VAT on debits (printed on the invoices, BT-8)"),
  directorName: z.string().nullable(),
  directorRole: z.string().nullable(),
  signatoryName: z.string().nullable(),
  signatoryRole: z.string().nullable(),
  signatureImage: z.string().nullable().describe("data:image/…;base64 URL of the signature, or null"),
  vatExemptionMention: z.string().nullable().describe(`"${VAT_EXEMPTION_MENTION}" when vatRegime is EXEMPT_261_4_4A, else null`),
  completeness: z
    .array(z.enum(INVOICE_REQUIRED_FIELDS))
    .describe("The fields an invoice needs that are missing (empty: invoices can be issued): legalName, siren, addressLine1, postalCode, city; vatNumber when LIABLE; nda when EXEMPT_261_4_4A"),
  updatedAt: ZTimestamp.nullable().describe("null while the tenant has never saved its identity (defaults shown)"),
});
export type TLegalIdentity = z.infer<typeof ZLegalIdentity>;

export const ZLegalIdentityOutput = envelope(ZLegalIdentity);
