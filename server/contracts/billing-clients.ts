import { z } from "zod";
import { envelope, listEnvelope, ZEmail, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";
import { ZCountry, ZPostalCode, ZSiren, ZSiret, ZVatNumber } from "./french-ids";

/** Billing clients (cli_), conventions §10: the buyers invoices are addressed to. Isomorphic: zod only. */
const CLIENT_KINDS = ["COMPANY", "OPCO", "INDIVIDUAL", "PUBLIC"] as const;
export const ZClientKind = z.enum(CLIENT_KINDS).describe("COMPANY (an employer), OPCO (a skills operator), INDIVIDUAL (a person paying for themself), PUBLIC (France Travail, a region...)");
export type TClientKind = z.infer<typeof ZClientKind>;

/** Field messages the service writes after merging a PATCH with the stored client. */
export const CLIENT_MESSAGES = {
  sirenRequired: "A COMPANY or OPCO client needs a SIREN or SIRET",
  noIdsForIndividual: "An INDIVIDUAL client has no SIREN or SIRET",
  siretNotOfSiren: "The SIRET must start with the SIREN",
  vatNotOfSiren: "The VAT number must carry the SIREN",
  userOnlyIndividual: "Only an INDIVIDUAL client stands for a learner",
  unknownUser: "No such user in this organisation",
  userTaken: "Another client already stands for this learner",
} as const;

const ZOptText = (max: number) => z.string().trim().max(max);

/**
 * The client's postal address (conventions §10: `address`), one object in and out. On PATCH only
 * the members sent change, null (or "") clears one; country defaults to FR at creation.
 */
const ZClientAddressInput = z
  .strictObject({
    line1: ZOptText(200).nullable().optional().describe("Street and number"),
    line2: ZOptText(200).nullable().optional().describe("Building, floor, P.O. box…"),
    postalCode: ZPostalCode.nullable().optional(),
    city: ZOptText(100).nullable().optional(),
    country: ZCountry.optional().describe("ISO 3166-1 alpha-2 (default FR)"),
  })
  .describe("Postal address; members not sent stay as they are");

const ZClientAddress = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().describe("ISO 3166-1 alpha-2"),
});

const clientFields = {
  kind: ZClientKind.default("COMPANY"),
  name: z.string().trim().min(1, "Required").max(200, "At most 200 characters").describe("Name as printed on the invoice (company name or the person's full name)"),
  siren: ZSiren.nullable().optional().describe("SIREN (9 digits, Luhn). Derived from the SIRET when only the SIRET is given"),
  siret: ZSiret.nullable().optional().describe("SIRET (14 digits, Luhn); must start with the SIREN when both are given"),
  vatNumber: ZVatNumber.nullable().optional(),
  address: ZClientAddressInput.optional(),
  email: ZEmail.nullable().optional().describe("Where invoices are sent"),
  userId: ZId("usr").nullable().optional().describe("INDIVIDUAL only: the learner (a member or enrolled user of this tenant) the client stands for; one client per learner"),
};

export const ZCreateClientInput = z.strictObject(clientFields);
export type TCreateClientInput = z.infer<typeof ZCreateClientInput>;

export const ZUpdateClientInput = z.strictObject({
  id: ZId("cli"),
  ...clientFields,
  kind: ZClientKind.optional(),
  name: clientFields.name.optional(),
});
export type TUpdateClientInput = z.infer<typeof ZUpdateClientInput>;

export const ZClientIdInput = z.strictObject({ id: ZId("cli") });

export const ZListClientsInput = ZPerPageInput.extend({
  search: z.string().trim().max(100).optional().describe("Part of the name, of the SIREN or of the SIRET (case-insensitive, spaces in numbers ignored)"),
  kind: ZClientKind.optional().describe("Only this kind"),
});
export type TListClientsInput = z.infer<typeof ZListClientsInput>;

const ZClient = z.object({
  id: z.string().describe("cli_..."),
  kind: ZClientKind,
  name: z.string(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: ZClientAddress,
  email: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TClient = z.infer<typeof ZClient>;

export const ZClientOutput = envelope(ZClient);
export const ZListClientsOutput = listEnvelope(ZClient, ZPerPageMeta);
