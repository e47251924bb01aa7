import { attendanceAttestationRoute } from "./attendance-attestation";
import { attendancePdfRoute } from "./attendance-pdf";
import { auditExportRoute } from "./audit-export";
import { bpfCsvRoute } from "./bpf-csv";
import { bpfPdfRoute } from "./bpf-pdf";
import { csvExportRoute } from "./csv-export";
import { invoicePdfRoute } from "./invoice-pdf";
import { livekitWebhookRoute } from "./livekit-webhook";
import { paymentWebhookRoute } from "./payment-webhook";
import { googleMailCallbackRoute, microsoftMailCallbackRoute } from "./mail-oauth-callback";
import { conventionPdfRoute, conventionPublicPdfRoute, conventionSignedPdfRoute } from "./convention-pdf";
import { documentFileRoute } from "./document-file";
import { mediaDownloadRoute } from "./media-download";
import type { RawRoute } from "./raw-route";
import { signatureDownloadRoute } from "./signature-download";
import { templateExportRoute, templatePreviewRoute } from "./template-files";

/**
 * The non-JSON routes of /api/v1 (trpc-to-openapi answers JSON only), matched before the JSON
 * operations. A new one: a file with `rawRoute({method, path, produces, procedure})`, listed here;
 * the OpenAPI document then shows its media type (server/api/openapi.ts).
 */
export const RAW_ROUTES: RawRoute[] = [
  mediaDownloadRoute,
  csvExportRoute,
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
];
