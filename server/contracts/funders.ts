import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZId } from "./common";

/** Isomorphic: imports only zod. The tenant's funders (OPCO, CPF, France Travail, region) and who belongs to them. */

const ZFunderMember = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

const ZFunder = z.object({
  id: z.string().describe("fnd_ identifier"),
  code: z.string().describe("Stable code, e.g. OPCO_ATLAS"),
  name: z.string(),
  kind: z.string().describe("OPCO, CPF, POLE_EMPLOI or REGION"),
  billingClientId: z.string().nullable().describe("The billing client (cli_) that receives this funder's invoices; its FUNDER members read the issued invoices addressed to it"),
  billingClientName: z.string().nullable(),
  members: z.array(ZFunderMember).describe("The FUNDER members of the tenant who belong to this funder"),
});
export type TFunder = z.infer<typeof ZFunder>;

export const ZListFundersOutput = envelope(z.array(ZFunder));
export const ZFunderOutput = envelope(ZFunder);

export const ZUpdateFunderInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Funder id (fnd_...)"),
  billingClientId: ZId("cli").nullable().describe("One of the tenant's billing clients (422 otherwise); null unlinks"),
});

export const ZFunderMemberInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Funder id (fnd_...)"),
  userId: z.string().max(MAX.id).describe("A member of the tenant with the FUNDER role (usr_...)"),
});

/** What a FUNDER reads of their own funder (GET /funders/me). */
export const ZMyFunderOutput = envelope(z.object({ id: z.string(), code: z.string(), name: z.string(), kind: z.string() }).nullable());
