import { ZClientIdInput, ZClientOutput, ZCreateClientInput, ZListClientsInput, ZListClientsOutput, ZUpdateClientInput } from "../../contracts/billing-clients";
import { one } from "../../contracts/envelope";
import { createClient, getClient, listClients, updateClient } from "../../services/billing/clients";
import { can, router } from "../trpc";

const tags = ["Billing"];
const roles = { 401: "Unauthorized", 403: "Not ADMIN or FINANCIER" };
const ABOUT =
  "Billing clients (cli_, conventions §10): the buyers invoices are addressed to. ADMIN or FINANCIER. kind: COMPANY, OPCO, INDIVIDUAL or PUBLIC. " +
  "A COMPANY or OPCO needs a SIREN or SIRET (the buyer's SIREN is a mention of the French e-invoicing reform): 422 errors.siren when both are missing. " +
  "siren (9 digits) and siret (14 digits) carry a valid Luhn key; when only siret is given, siren is taken from it; siret must start with siren. " +
  "A French vatNumber is FR + key + SIREN with the key (12 + 3 × (SIREN mod 97)) mod 97, and must carry the client's SIREN. " +
  "An INDIVIDUAL has neither SIREN nor SIRET (422) and may stand for a learner (userId: a member or enrolled user of the tenant, one client per learner; 422 errors.userId otherwise); " +
  "split-payer invoicing of an enrollment creates the learner's INDIVIDUAL client when absent. A PUBLIC buyer's SIREN is optional. " +
  "The postal address is one object, `address: {line1, line2, postalCode, city, country}`, in requests and answers (country defaults to FR). " +
  "The flat fields of earlier versions (addressLine1, addressLine2, postalCode, city, country at the top level) are not accepted: they answer 400 " +
  "(errors names each as an unknown field), so that a client has one shape and a misplaced field is never silently ignored.";

export const billingClientsRouter = router({
  list: can("billing.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/clients",
        tags,
        summary: "List billing clients",
        description: `${ABOUT} By name (A to Z), then id. search matches part of the name, or digits of the SIREN or SIRET (spaces ignored), case-insensitive; kind filters one kind. perPage defaults to 20 (max 100).`,
        errorResponses: { 400: "Invalid query", ...roles },
      },
    })
    .input(ZListClientsInput)
    .output(ZListClientsOutput)
    .query(({ ctx, input }) => listClients(ctx.db, ctx.caller, input)),

  create: can("billing.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/billing/clients",
        tags,
        summary: "Create a billing client",
        description: `${ABOUT} Answers 201 with the client. Audited (billing_client.created).`,
        errorResponses: { 400: "Invalid or missing field (errors map, VALIDATION_FAILED: type, format, length, country, e-mail) or unknown field", ...roles, 422: "A rule across fields (errors map, VALIDATION_FAILED): SIREN required for a company, SIRET or VAT number not of the SIREN, userId only for an INDIVIDUAL, unknown or already linked" },
      },
    })
    .input(ZCreateClientInput)
    .output(ZClientOutput)
    .mutation(async ({ ctx, input }) => one(await createClient(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: can("billing.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/clients/{id}",
        tags,
        summary: "Billing client detail",
        description: ABOUT,
        errorResponses: { ...roles, 404: "Client not found, or another tenant's (CLIENT_NOT_FOUND)" },
      },
    })
    .input(ZClientIdInput)
    .output(ZClientOutput)
    .query(async ({ ctx, input }) => one(await getClient(ctx.db, ctx.caller, input.id))),

  update: can("billing.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/billing/clients/{id}",
        tags,
        summary: "Update a billing client",
        description: `${ABOUT} Only the fields sent change, address members included (address: {city} changes the city alone); null clears an optional field. The rules apply to the client as it would be after the change. Issued invoices keep the buyer copied at issue. Audited (billing_client.updated).`,
        errorResponses: { 400: "Invalid or missing field (errors map, VALIDATION_FAILED) or unknown field", ...roles, 404: "Client not found, or another tenant's (CLIENT_NOT_FOUND)", 422: "A rule across fields (errors map, VALIDATION_FAILED): SIREN, SIRET, VAT number, userId" },
      },
    })
    .input(ZUpdateClientInput)
    .output(ZClientOutput)
    .mutation(async ({ ctx, input }) => one(await updateClient(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
