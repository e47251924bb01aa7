import type { AttestationInput } from "../attendance/attestation/attestation-data";
import type { SheetPdfInput } from "../attendance/sheet/sheet-document";
import type { TemplateDocumentInput } from "./template-document";
import type { AuditReportInput } from "../qualiopi/audit-report-document";
import type { InvoicePdfInput } from "../billing/facturx/invoice-document";
import type { BpfPdfInput } from "../bpf/bpf-document";
import type { Verifiable } from "../verification/verification-block";
import type { ConventionPdfInput } from "../conventions/convention-document";

/**
 * The document types the render pool knows, each with the input its component takes (plain
 * data: it is copied to the worker thread). A new document: its input here, its component in
 * registry.tsx.
 */
export type DocumentInputs = {
  "attendance-sheet": SheetPdfInput;
  /** The attestation d'assiduité of one learner for one session (hours from the status function). */
  "attendance-attestation": AttestationInput & Verifiable;
  /** A template rendered with a record's values (templates, certificates, conventions, convocations). */
  "template-document": TemplateDocumentInput;
  /** The aggregate report closing the Qualiopi audit ZIP (its last page prints the manifest's SHA-256). */
  "audit-report": AuditReportInput & Verifiable;
  /** The visual part of an invoice or credit note (PDF/A-3b); the Factur-X XML and signature come after (billing/facturx). */
  "facturx-invoice": InvoicePdfInput;
  /** The BPF (cerfa 10443*17) of one year, frames A to H. */
  bpf: BpfPdfInput;
  /** A convention de formation or an individual's contract, its programme annex and, once signed, the evidence page (services/conventions). */
  convention: ConventionPdfInput;
};

export type DocumentType = keyof DocumentInputs;
