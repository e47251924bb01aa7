import {
  ZConventionIdInput,
  ZConventionOutput,
  ZGenerateConventionInput,
  ZListConventionsInput,
  ZListConventionsOutput,
  ZPublicConventionOutput,
  ZSendConventionInput,
  ZSignConventionInput,
  ZSignTokenInput,
} from "../../contracts/conventions";
import { one } from "../../contracts/envelope";
import { generateConvention, getConvention, listConventions, publicConvention, sendConvention, signConvention } from "../../services/conventions/conventions";
import { can, publicTenantProcedure, router } from "../trpc";

const tags = ["Conventions"];
const WHO_READS =
  "ADMIN and FINANCIER read every convention of the tenant; a CREATOR those of their own courses' enrollments; a FUNDER those of the enrollments their funder finances (404 otherwise); other roles 403.";
const STATES =
  "Versions: DRAFT (a new generation replaces it, same version number) → SENT (never rewritten: a later change makes version n+1) → SIGNED; a sent or signed version becomes SUPERSEDED when a newer one is sent, " +
  "and stays downloadable with its SHA-256. Each version's PDF, and its signed PDF, prints a verification code of its own (GET /verify/{code}); a replaced DRAFT's code and the unsigned file's code once signed report a newer issue.";
const notFound = { 404: "Convention not found (another tenant's, or outside the caller's perimeter)" };

/**
 * Conventions de formation (L6353-1, D6353-1) and individuals' contrats de formation (L6353-3 to
 * L6353-7): generated per enrollment for the client who pays, versioned, signed by link. The PDFs
 * are served by server/http/convention-pdf.ts (raw routes).
 */
export const conventionsRouter = router({
  generate: can("conventions.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/conventions",
        tags,
        summary: "Generate the convention (or contract) of an enrollment",
        description:
          "ADMIN, or the CREATOR who owns the enrollment's course (403 COURSE_NOT_OWNED; 404 for an enrollment the caller cannot read). The parties are the organisation (legal identity) and the client who pays: " +
          "`clientId` when given (a COMPANY or PUBLIC client is the employer, an OPCO client the OPCO, the learner's INDIVIDUAL client makes a contract), else the convention's client, else the client of the enrollment's " +
          "EMPLOYER (first) or OPCO invoices; with none, an enrollment financed by EMPLOYER or OPCO is 422 CONVENTION_CLIENT_REQUIRED and any other is the learner's contrat de formation professionnelle " +
          "(10-day withdrawal right, at most 30 % paid after it). Content: title, objectives, programme annex page (modules and lessons), dates and schedule of the sessions the learner is registered to " +
          "(else the course's planned sessions), place or remote mode, hours, trainees (the learner and the client's other invoiced trainees of the course), price HT/VAT/TTC, payment terms, signature blocks, " +
          `dated at generation. ${STATES} Generating while the current version is sent and nothing changed: 409 CONVENTION_UNCHANGED. summary.generatedAfterStart warns when it is dated on or after the first day.`,
        errorResponses: { 400: "Invalid body / unknown field", 401: "Unauthorized", 403: "Not ADMIN nor the course's creator", 404: "Enrollment not found", 409: "Unchanged since sent", 422: "Client required or unknown", 503: "Renderer busy" },
      },
    })
    .input(ZGenerateConventionInput)
    .output(ZConventionOutput)
    .mutation(async ({ ctx, input }) => one(await generateConvention(ctx.db, ctx.caller, input, ctx.clock.now()))),

  list: can("conventions.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/conventions",
        tags,
        summary: "List conventions",
        description: `${WHO_READS} Filter enrollmentId. Each with its versions (newest first). Most recently changed first; paginated (page, limit).`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Role not allowed" },
      },
    })
    .input(ZListConventionsInput)
    .output(ZListConventionsOutput)
    .query(({ ctx, input }) => listConventions(ctx.db, ctx.caller, input)),

  get: can("conventions.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/conventions/{id}",
        tags,
        summary: "A convention with its versions",
        description: `${WHO_READS} ${STATES} Each version gives its status, SHA-256, PDF link and, once signed, the signer, time and the signed PDF's SHA-256 and link.`,
        errorResponses: { 401: "Unauthorized", 403: "Role not allowed", ...notFound },
      },
    })
    .input(ZConventionIdInput)
    .output(ZConventionOutput)
    .query(async ({ ctx, input }) => one(await getConvention(ctx.db, ctx.caller, input.id))),

  send: can("conventions.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/conventions/{id}/send",
        tags,
        summary: "Send the DRAFT version for signature",
        description:
          "ADMIN or the course's CREATOR. The DRAFT version becomes SENT (its PDF and SHA-256 are final) and an e-mail goes to `to` (default: the client's e-mail) with the PDF and a personal signing link " +
          "`/{tenant}/convention/sign/{token}` valid 30 days (the signer needs no account). Versions sent before it become SUPERSEDED (their links stop). 409 CONVENTION_NOT_DRAFT when the current version is not a DRAFT; " +
          "422 CONVENTION_NO_RECIPIENT when no address is known.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Not ADMIN nor the course's creator", ...notFound, 409: "Not a draft", 422: "No recipient" },
      },
    })
    .input(ZSendConventionInput)
    .output(ZConventionOutput)
    .mutation(async ({ ctx, input }) => one(await sendConvention(ctx.db, ctx.caller, input, ctx.clock.now()))),

  signView: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/conventions/sign/{token}",
        tags,
        summary: "The convention a signing link opens (public)",
        description:
          "No login: the token of the e-mailed link is the authorisation (tenant: X-Tenant-ID or the sub-domain). The SENT (or SIGNED) version it names: parties, dates, price, SHA-256 and the PDF link. " +
          "404 CONVENTION_SIGN_TOKEN_INVALID for an unknown, expired or superseded link.",
        errorResponses: { 404: "Invalid, expired or superseded link" },
      },
    })
    .input(ZSignTokenInput)
    .output(ZPublicConventionOutput)
    .query(async ({ ctx, input }) => one(await publicConvention(ctx.db, ctx.scope, input.token, ctx.clock.now()))),

  sign: publicTenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/conventions/sign/{token}",
        tags,
        summary: "Sign a convention through its link (public)",
        description:
          "No login. `method` DRAWN: `signatureBase64` (PNG data URL, transparent background) and `strokes` (at least 30 points, else 422 SIGNATURE_TOO_SHORT); TYPED: the signer's name is the signature. `accept` must be true. " +
          "The version becomes SIGNED; the signed PDF is a new file: the same text with the signature in the client's block, and an evidence page with the signer, the time (UTC and local), the IP, " +
          "the SHA-256 of the user-agent, of the signature image and of the unsigned PDF. 409 CONVENTION_ALREADY_SIGNED.",
        errorResponses: { 400: "Invalid body", 404: "Invalid, expired or superseded link", 409: "Already signed", 422: "Signature too short" },
      },
    })
    .input(ZSignConventionInput)
    .output(ZPublicConventionOutput)
    .mutation(async ({ ctx, input }) => one(await signConvention(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
