import { z } from "zod";
import { envelope, listEnvelope, ZEmail, ZId, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";

/** Conventions de formation (L6353-1, D6353-1) and individuals' contracts (L6353-3), versioned and signed by link. */
const ZConventionKind = z.enum(["CONVENTION", "CONTRACT"]).describe("CONVENTION with an employer, OPCO or other payer; CONTRACT (contrat de formation professionnelle) with a learner who pays for themself");
const ZConventionPayer = z.enum(["EMPLOYER", "OPCO", "LEARNER", "OTHER"]);
const ZConventionVersionStatus = z.enum(["DRAFT", "SENT", "SIGNED", "SUPERSEDED"]).describe("DRAFT (replaced by a new generation until sent) → SENT → SIGNED; SUPERSEDED once a newer version is sent");

const ZConventionVersion = z.object({
  version: z.number().int(),
  status: ZConventionVersionStatus,
  sha256: z.string().describe("Lower-case hex SHA-256 of the unsigned PDF"),
  documentId: z.string(),
  pdfUrl: z.string().describe("GET: the unsigned PDF of this version"),
  generatedAt: ZTimestamp,
  generatedBy: z.string().nullable(),
  sentAt: ZTimestamp.nullable(),
  sentTo: z.string().nullable(),
  signedAt: ZTimestamp.nullable(),
  signerName: z.string().nullable(),
  signedSha256: z.string().nullable().describe("SHA-256 of the signed PDF (the unsigned text, the signature and the evidence page)"),
  signedDocumentId: z.string().nullable(),
  signedPdfUrl: z.string().nullable(),
  supersededAt: ZTimestamp.nullable(),
});

const ZConventionSummary = z.object({
  title: z.string(),
  courseTitle: z.string(),
  clientName: z.string(),
  trainees: z.array(z.string()),
  startDate: z.string().nullable().describe("French long date of the first day"),
  endDate: z.string().nullable(),
  startsOn: z.string().nullable().describe("YYYY-MM-DD of the first day (tenant time zone)"),
  duration: z.string(),
  totalHtCents: z.number().int(),
  totalTtcCents: z.number().int(),
  generatedAfterStart: z.boolean().describe("The current version was generated on or after the training's first day (a convention is due before the training)"),
});

const ZConvention = z.object({
  id: z.string(),
  enrollmentId: z.string(),
  kind: ZConventionKind,
  payer: ZConventionPayer,
  clientId: z.string().nullable(),
  currentVersion: z.number().int(),
  status: ZConventionVersionStatus.describe("The current (latest) version's status"),
  summary: ZConventionSummary,
  versions: z.array(ZConventionVersion).describe("Newest first"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TConvention = z.infer<typeof ZConvention>;

export const ZGenerateConventionInput = z.strictObject({
  id: ZId("enr"),
  clientId: ZId("cli").optional().describe("The billing client who pays and signs; default: the convention's client, else the enrollment's EMPLOYER/OPCO invoices' client, else the learner (contract) when no employer or OPCO finances it"),
});
export const ZConventionIdInput = z.strictObject({ id: ZId("cnv") });
export const ZSendConventionInput = z.strictObject({
  id: ZId("cnv"),
  to: ZEmail.optional().describe("Recipient; default the client's e-mail (the learner's for a contract)"),
  message: z.string().trim().max(2000).optional(),
});
export const ZListConventionsInput = ZLimitPageInput.extend({ enrollmentId: z.string().max(64).optional() });
export type TListConventionsInput = z.infer<typeof ZListConventionsInput>;
export const ZConventionVersionInput = z.strictObject({ id: ZId("cnv"), n: z.coerce.number().int().min(1).max(10_000) });
export const ZConventionOutput = envelope(ZConvention);
export const ZListConventionsOutput = listEnvelope(ZConvention, ZLimitPageMeta);

export const ZSignTokenInput = z.strictObject({ token: z.string().min(20).max(200) });
const ZPublicConvention = z.object({
  organisation: z.string(),
  title: z.string(),
  courseTitle: z.string(),
  clientName: z.string(),
  version: z.number().int(),
  status: ZConventionVersionStatus,
  sha256: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  duration: z.string(),
  trainees: z.array(z.string()),
  totalTtcCents: z.number().int(),
  signedAt: ZTimestamp.nullable(),
  signerName: z.string().nullable(),
  signedSha256: z.string().nullable(),
  pdfUrl: z.string().describe("GET (no login): the PDF, signed once signed"),
});
export const ZPublicConventionOutput = envelope(ZPublicConvention);

const ZStrokePoint = z.object({ x: z.number(), y: z.number() });
export const ZSignConventionInput = z
  .strictObject({
    token: z.string().min(20).max(200),
    signerName: z.string().trim().min(2).max(120),
    method: z.enum(["DRAWN", "TYPED"]),
    signatureBase64: z.string().max(2_000_000).optional().describe("DRAWN: PNG data URL of the drawing (transparent background)"),
    strokes: z.array(z.array(ZStrokePoint).max(5000)).max(200).optional().describe("DRAWN: the strokes; fewer than 30 points in total is 422"),
    accept: z.literal(true).describe("The signer read and approves the document"),
  })
  .describe("A drawn signature (DRAWN, signatureBase64 and strokes) or a typed one (TYPED, the signer's name is the signature)");
