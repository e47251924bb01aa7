import { z } from "zod";

/**
 * Why a technical operation failed (a test e-mail, a webhook request), as a stable code the UI
 * words in plain language (messages technicalCauses.<code>); the raw detail stays beside it.
 */
export const TECHNICAL_CAUSES = [
  "SMTP_UNREACHABLE",
  "SMTP_TIMEOUT",
  "SMTP_AUTH_FAILED",
  "SMTP_TLS_FAILED",
  "SMTP_REJECTED",
  "MAIL_ACCOUNT_NOT_CONNECTED",
  "MAIL_CONFIG_INCOMPLETE",
  "MAIL_PROVIDER_ERROR",
  "WEBHOOK_TIMEOUT",
  "WEBHOOK_UNREACHABLE",
  "WEBHOOK_TLS_FAILED",
  "WEBHOOK_ADDRESS_REFUSED",
  "WEBHOOK_REDIRECT",
  "WEBHOOK_HTTP_CLIENT_ERROR",
  "WEBHOOK_HTTP_SERVER_ERROR",
  "WEBHOOK_NOT_SENT",
  "WEBHOOK_FAILED",
] as const;
export const ZTechnicalCause = z.enum(TECHNICAL_CAUSES).describe("Stable reason of the failure; clients word it and may show the raw detail beside it");
export type TTechnicalCause = z.infer<typeof ZTechnicalCause>;
