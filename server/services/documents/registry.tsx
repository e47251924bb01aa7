import type { ComponentType } from "react";
import { AttestationDocument } from "../attendance/attestation/attestation-document";
import { SheetDocument } from "../attendance/sheet/sheet-document";
import { documentFontsReady } from "./fonts";
import { renderPdfBuffer, reuseEmbeddedFonts } from "../../framework-internals";
import { TemplateDocument } from "./template-document";
import { AuditReportDocument } from "../qualiopi/audit-report-document";
import { InvoicePdfDocument } from "../billing/facturx/invoice-document";
import { BpfDocument } from "../bpf/bpf-document";
import { ConventionDocument } from "../conventions/convention-document";
import type { DocumentInputs, DocumentType } from "./types";

/**
 * Document type -> react-pdf component (a <Document>). Loaded only by the render worker
 * (render-worker.mjs): CPU-bound rendering never runs on the request thread.
 */
const DOCUMENTS: { [K in DocumentType]: ComponentType<DocumentInputs[K]> } = {
  "attendance-sheet": SheetDocument,
  "attendance-attestation": AttestationDocument,
  "template-document": TemplateDocument,
  "audit-report": AuditReportDocument,
  "facturx-invoice": InvoicePdfDocument,
  bpf: BpfDocument,
  convention: ConventionDocument,
};

reuseEmbeddedFonts();

/** Renders one document to PDF bytes, with the embedded fonts. */
export async function renderDocumentPdf<K extends DocumentType>(type: K, input: DocumentInputs[K]): Promise<Uint8Array> {
  await documentFontsReady();
  const Component = DOCUMENTS[type] as ComponentType<DocumentInputs[K]> | undefined;
  if (!Component) throw new Error(`Unknown document type: ${String(type)}`);
  const buffer = await renderPdfBuffer(<Component {...input} />);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
