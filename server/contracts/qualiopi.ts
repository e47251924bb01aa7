import { z } from "zod";
import { envelope, ZTimestamp } from "./common";
import { ZPublicationCheck } from "./courses";

/**
 * Qualiopi tools (spec: "Needs analysis, PAF timeline, Qualiopi tools"): the publication check,
 * the audit export (preview and streamed ZIP) and the indicator dashboard. Isomorphic: zod only.
 */

/** The spec's six folders, plus amelioration/ (complaints and improvement plans, criterion 7). */
export const AUDIT_FOLDERS = ["convention", "emargement", "evaluation", "attestation", "programme", "trainers", "amelioration"] as const;
export type TAuditFolder = (typeof AUDIT_FOLDERS)[number];

export const AUDIT_DOCUMENT_TYPES = [
  "CONVENTION",
  "CONVOCATION",
  "EMARGEMENT",
  "EVALUATION",
  "ATTESTATION",
  "CERTIFICATE",
  "PROGRAMME",
  "TRAINER",
  "OTHER",
  "PUBLIC_INFO",
  "CERTIFICATION",
  "NEEDS_ANALYSIS",
  "POSITIONING",
  "ACTIVITY_LOG",
  "ACCESSIBILITY",
  "SURVEY",
  "COMPLAINT",
  "IMPROVEMENT_PLAN",
] as const;
const ZAuditDocumentType = z.enum(AUDIT_DOCUMENT_TYPES);
export type TAuditDocumentType = z.infer<typeof ZAuditDocumentType>;

/** File names inside the archive, after the evidence files (in this order). */
export const AUDIT_MANIFEST_NAME = "manifest.json";
export const AUDIT_REPORT_NAME = "rapport-audit.pdf";

export const AUDIT_ORDER_NOTE =
  "Archive order: every evidence file (the folders convention/, emargement/, evaluation/, attestation/, programme/, trainers/, amelioration/), then manifest.json, then rapport-audit.pdf. " +
  "manifest.json lists every file of the archive except itself and rapport-audit.pdf (each with its SHA-256, size, the Qualiopi indicators it evidences and the record it came from). " +
  "rapport-audit.pdf is rendered last: its last page prints the SHA-256 of manifest.json's exact bytes, so the report authenticates the manifest and the manifest authenticates every file.";

/** The same note in French, printed in the report and written in the manifest. */
export const AUDIT_ORDER_NOTE_FR =
  "Ordre de l'archive : tous les fichiers de preuve (dossiers convention/, emargement/, evaluation/, attestation/, programme/, trainers/, amelioration/), puis manifest.json, puis rapport-audit.pdf. " +
  "manifest.json liste chaque fichier de l'archive sauf lui-même et rapport-audit.pdf (avec son empreinte SHA-256, sa taille, les indicateurs Qualiopi qu'il justifie et l'enregistrement dont il provient). " +
  "rapport-audit.pdf est produit en dernier : sa dernière page imprime l'empreinte SHA-256 des octets exacts de manifest.json ; le rapport authentifie ainsi le manifeste, et le manifeste chaque fichier.";

export const ZCheckPublicationInput = z.object({
  courseId: z.string().max(64).optional().describe("Course id (crs_...); required (422 when absent or empty)"),
});
export const ZCheckPublicationOutput = envelope(ZPublicationCheck);

export const ZAuditCourseInput = z.object({ courseId: z.string().min(1).max(64).describe("Course id (crs_...)") });

const ZAuditPreviewDocument = z.object({
  name: z.string().describe("Path inside the archive, e.g. attestation/doc_….pdf (unique: it carries the record's id)"),
  subject: z.string().nullable().describe("What a reader calls the file, without any id: the stored file's own name, or the session, questionnaire, course or trainer it is about; null for a register (complaints, plans, needs, surveys). The screen shows the type, this subject and the date, not the path"),
  date: z.string().datetime().nullable().describe("The day the file is about (an attendance sheet's session start), ISO 8601; null otherwise"),
  indicator: z.number().int().min(1).max(32).describe("The first Qualiopi indicator the file evidences (indicators lists them all)"),
  indicators: z.array(z.number().int().min(1).max(32)).describe("Every Qualiopi indicator the file evidences (server/services/qualiopi/evidence-map.ts)"),
  type: ZAuditDocumentType,
  sizeBytes: z.number().int().describe("Stored size for stored documents; an estimate for files generated on the fly (attendance sheets, evaluation results, programme, trainer sheets)"),
});
const ZAuditPreview = z.object({
  documentCount: z.number().int().describe("Evidence files the archive holds (= manifest.json's files; manifest.json and rapport-audit.pdf not counted)"),
  indicatorsCovered: z.number().int().describe("Distinct indicators evidenced by at least one file"),
  indicators: z.array(z.number().int()).describe("Those indicators, ascending"),
  estimatedSizeMb: z.number().describe("Estimated archive size in MB (files, manifest and report; stored, not compressed)"),
  documents: z.array(ZAuditPreviewDocument),
});
export type TAuditPreview = z.infer<typeof ZAuditPreview>;
export const ZAuditPreviewOutput = envelope(ZAuditPreview);

/* ------------------------------------------------------------------ dashboard */

export const ZDashboardInput = z.object({
  courseId: z.string().min(1).max(64).optional().describe("Limit the course-scoped evidence to this course (crs_...)"),
});

const ZIndicatorEvidence = z.object({
  source: z.string().describe("Record kind: courses, documents.CERTIFICATE, emargements, complaints, improvementPlans, trainerCompetencies, ..."),
  label: z.string().describe("French label of the records"),
  count: z.number().int(),
  link: z.string().nullable().describe("Application path listing those records (relative to the tenant), or null"),
});
const ZIndicatorStatus = z.object({
  indicator: z.number().int().min(1).max(32),
  criterion: z.number().int().min(1).max(7),
  title: z.string().describe("French short title"),
  scope: z.enum(["COMMON", "SPECIFIC"]).describe("COMMON to every provider, or SPECIFIC to some categories (certifying, CFA, work-linked...)"),
  evidenced: z.boolean().describe("At least one record evidences it"),
  platformEvidence: z.boolean().describe("false: the platform holds no record type for it (evidence kept outside: monitoring log, subcontracting contracts...)"),
  evidence: z.array(ZIndicatorEvidence),
  gap: z.string().nullable().describe("What is missing, in French; null when evidenced"),
});
export type TIndicatorStatus = z.infer<typeof ZIndicatorStatus>;
const ZDashboard = z.object({
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  generatedAt: ZTimestamp,
  indicatorsTotal: z.literal(32),
  indicatorsEvidenced: z.number().int(),
  commonTotal: z.literal(22),
  commonEvidenced: z.number().int(),
  indicators: z.array(ZIndicatorStatus),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardOutput = envelope(ZDashboard);
export const ZCourseDashboardInput = z.object({ courseId: z.string().min(1).max(64).describe("Course id (crs_...)") });
