import { attendanceAttestationRoute } from "./attendance-attestation";
import { attendancePdfRoute } from "./attendance-pdf";
import { auditExportRoute } from "./audit-export";
import { bpfCsvRoute } from "./bpf-csv";
import { bpfPdfRoute } from "./bpf-pdf";
import { csvExportRoute } from "./csv-export";
import { invoicePdfRoute } from "./invoice-pdf";
import { learnersExportRoute } from "./learners-export";
import { livekitWebhookRoute } from "./livekit-webhook";
import { paymentWebhookRoute } from "./payment-webhook";
import { googleMailCallbackRoute, microsoftMailCallbackRoute } from "./mail-oauth-callback";
import { conventionPdfRoute, conventionPublicPdfRoute, conventionSignedPdfRoute } from "./convention-pdf";
import { documentFileRoute } from "./document-file";
import { mediaDownloadRoute } from "./media-download";
import type { RawRoute } from "./raw-route";
import { signatureDownloadRoute } from "./signature-download";
import { tenantLogoRoute } from "./tenant-logo";
import { templateExportRoute, templatePreviewRoute } from "./template-files";

/**
 * The non-JSON routes of /api/v1 (trpc-to-openapi answers JSON only), matched before the JSON
 * operations. Each is declared ONCE, in its file: `rawRoute({method, path, query?, access, input,
 * doc, handler})` (server/http/raw-route.ts), listed here; the OpenAPI operation is generated from
 * that declaration (server/api/openapi.ts), and no tRPC procedure documents the same path
 * (tests/unit/raw-routes-declared.test.ts). A screen needing the bytes over tRPC mounts
 * `route.trpc("base64" | "text")` in its router: same chain, input and handler.
 */
export const RAW_ROUTES: RawRoute[] = [
  mediaDownloadRoute,
  csvExportRoute,
  learnersExportRoute,
  signatureDownloadRoute,
  attendancePdfRoute,
  attendanceAttestationRoute,
  googleMailCallbackRoute,
  microsoftMailCallbackRoute,
  templateExportRoute,
  templatePreviewRoute,
  documentFileRoute,
  livekitWebhookRoute,
  paymentWebhookRoute,
  auditExportRoute,
  invoicePdfRoute,
  bpfPdfRoute,
  bpfCsvRoute,
  conventionPdfRoute,
  conventionSignedPdfRoute,
  conventionPublicPdfRoute,
  tenantLogoRoute,
];
