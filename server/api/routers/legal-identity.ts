import { ZNoInput } from "../../contracts/common";
import { VAT_EXEMPTION_MENTION, ZLegalIdentityOutput, ZUpdateLegalIdentityInput } from "../../contracts/legal-identity";
import { one } from "../../contracts/envelope";
import { getLegalIdentity, updateLegalIdentity } from "../../services/billing/legal-identity";
import { can, router } from "../trpc";

const tags = ["Billing"];
const ABOUT =
  "The tenant's legal identity, printed on every invoice and read by the BPF (frame H: directorName, directorRole) and by the documents that print the activity " +
  "declaration number (attendance sheets, attestations, templates, the Qualiopi publication check: the NDA set here satisfies the course's activityNumber requirement). " +
  "One per tenant; a tenant that never saved one reads the defaults (vatRegime EXEMPT_261_4_4A, invoicePrefix FAC, paymentTermsDays 30, facturxProfile EN16931, country FR, every other field null) " +
  `with updatedAt null. vatExemptionMention is "${VAT_EXEMPTION_MENTION}" when exempt. completeness lists the fields an invoice needs that are missing: ` +
  "legalName, siren, addressLine1, postalCode, city, and vatNumber when LIABLE or nda when EXEMPT_261_4_4A; issuing an invoice while it is not empty answers 422 LEGAL_IDENTITY_INCOMPLETE.";

export const legalIdentityRouter = router({
  get: can("billing.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/legal-identity",
        tags,
        summary: "The organisation's legal identity",
        description: `${ABOUT} ADMIN or FINANCIER.`,
        errorResponses: { 401: "Unauthorized", 403: "Not ADMIN or FINANCIER" },
      },
    })
    .input(ZNoInput)
    .output(ZLegalIdentityOutput)
    .query(async ({ ctx }) => one(await getLegalIdentity(ctx.db, ctx.caller))),

  update: can("legalIdentity.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/billing/legal-identity",
        tags,
        summary: "Change the organisation's legal identity",
        description:
          `${ABOUT} ADMIN only (a FINANCIER reads it). Only the fields sent change; null (or an empty string for free text) clears a field. Spaces in numbers are ignored and letters upper-cased. ` +
          "Checks: siren 9 digits and siret 14 digits with their Luhn key; siret starting with siren (when only siret is given, siren is taken from it); vatNumber starting with FR must be FR + the key " +
          "(12 + 3 × (SIREN mod 97)) mod 97 + the SIREN, and carry the tenant's SIREN; iban mod 97; nda 11 digits; invoicePrefix 1 to 10 of A-Z a-z 0-9 - _; paymentTermsDays 0 to 90; country ISO 3166-1 alpha-2. " +
          "Every change is written to the audit log (legal_identity.updated, each field's before and after; the IBAN by its last four characters). " +
          "The invoice prefix and terms apply to invoices issued afterwards; issued invoices keep the identity copied at issue.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not ADMIN (legalIdentity.manage)", 422: "A rule across fields (errors map, VALIDATION_FAILED)" },
      },
    })
    .input(ZUpdateLegalIdentityInput)
    .output(ZLegalIdentityOutput)
    .mutation(async ({ ctx, input }) => one(await updateLegalIdentity(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
