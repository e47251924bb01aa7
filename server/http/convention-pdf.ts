import { ZConventionVersionInput, ZSignTokenInput } from "../contracts/conventions";
import { openConventionVersionPdf, openPublicConventionPdf } from "../services/conventions/conventions";
import type { Caller } from "../auth/caller";
import type { Db } from "../db";
import { rawRoute } from "./raw-route";

const tags = ["Conventions"];
const verifiable =
  "Every page prints the file's own verification code and QR code (GET /verify/{code}, no login, gives its SHA-256): the unsigned PDF and the signed PDF of a version each have their code, both filed under the version; " +
  "the unsigned file's code then reports the signed file as a newer issue (newerIssuedAt).";
const readers = "ADMIN and FINANCIER, the CREATOR of the enrollment's course, or a FUNDER whose funder finances the enrollment (404 otherwise). Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (download links).";

/** The documentation of a version's download (unsigned or signed). */
const versionDoc = (signed: boolean) => ({
  summary: signed ? "Download a convention version's signed PDF" : "Download a convention version's PDF",
  description: signed
    ? `${readers} The signed file of a SIGNED (or later SUPERSEDED) version: the text, the client's signature and the evidence page. Its SHA-256 is the version's signedSha256; 404 before it is signed. ${verifiable}`
    : `${readers} The unsigned PDF of version n, as generated (DRAFT) or sent; its SHA-256 is the version's sha256. Every sent version stays downloadable. ${verifiable}`,
  tags,
  produces: "application/pdf",
  successDescription: "PDF file (Content-Disposition: attachment)",
  errorResponses: { 400: "Invalid path", 401: "Unauthorized", 403: "Role not allowed", 404: "Convention, version or file not found" },
});

/** The file of a version, as the body of a download. */
async function versionFile(db: Db, caller: Caller, input: { id: string; n: number }, signed: boolean) {
  const file = await openConventionVersionPdf(db, caller, input.id, input.n, signed);
  return { contentType: "application/pdf", filename: file.doc.fileName, body: file.stream, length: file.size, cacheControl: "private, no-store" };
}

export const conventionPdfRoute = rawRoute({
  method: "GET",
  path: "/conventions/{id}/versions/{n}/pdf",
  tenantQuery: "tenant",
  access: { permission: "conventions.read" },
  input: ZConventionVersionInput,
  doc: versionDoc(false),
  handler: ({ ctx, input }) => versionFile(ctx.db, ctx.caller, input, false),
});

export const conventionSignedPdfRoute = rawRoute({
  method: "GET",
  path: "/conventions/{id}/versions/{n}/signed-pdf",
  tenantQuery: "tenant",
  access: { permission: "conventions.read" },
  input: ZConventionVersionInput,
  doc: versionDoc(true),
  handler: ({ ctx, input }) => versionFile(ctx.db, ctx.caller, input, true),
});

/** GET /api/v1/conventions/sign/{token}/pdf: the PDF a signing link shows (the signed one once signed); no login. */
export const conventionPublicPdfRoute = rawRoute({
  method: "GET",
  path: "/conventions/sign/{token}/pdf",
  tenantQuery: "tenant",
  access: { public: true, tenant: true },
  input: ZSignTokenInput,
  doc: {
    summary: "The PDF of a signing link (public)",
    description: "No login: the link's token is the authorisation. The version's unsigned PDF, or the signed one once signed. 404 CONVENTION_SIGN_TOKEN_INVALID for an unknown, expired or superseded link.",
    tags,
    produces: "application/pdf",
    successDescription: "PDF file (inline)",
    errorResponses: { 400: "Tenant required", 404: "Invalid link" },
  },
  handler: async ({ ctx, input }) => {
    const file = await openPublicConventionPdf(ctx.db, ctx.scope, input.token, ctx.clock.now());
    return { contentType: "application/pdf", filename: file.doc.fileName, disposition: "inline" as const, body: file.stream, length: file.size, cacheControl: "private, no-store" };
  },
});
