import type { TTechnicalCause } from "../contracts/technical-causes";

const has = (text: string, ...patterns: RegExp[]) => patterns.some((p) => p.test(text));
const TLS = [/certificate/i, /\bssl\b/i, /\btls\b/i, /self[- ]signed/i, /wrong version number/i, /CERT_/];

/** The cause of a failed mail send from the transport's error text (nodemailer, Resend, Google, Microsoft). */
export function mailFailureCause(error: string): TTechnicalCause {
  if (has(error, /not connected/i)) return "MAIL_ACCOUNT_NOT_CONNECTED";
  if (has(error, /configuration is incomplete/i)) return "MAIL_CONFIG_INCOMPLETE";
  if (has(error, /EAUTH/, /\b535\b/, /\b534\b/, /invalid login/i, /authentication/i, /username and password/i, /invalid_grant/i, /unauthori[sz]ed/i)) return "SMTP_AUTH_FAILED";
  if (has(error, ...TLS)) return "SMTP_TLS_FAILED";
  if (has(error, /ETIMEDOUT/, /timed? ?out/i, /ESOCKETTIMEDOUT/)) return "SMTP_TIMEOUT";
  if (has(error, /ECONNREFUSED/, /ENOTFOUND/, /EHOSTUNREACH/, /ENETUNREACH/, /EAI_AGAIN/, /ECONNRESET/, /ECONNECTION/, /getaddrinfo/i)) return "SMTP_UNREACHABLE";
  if (has(error, /\b55\d\b/, /\b45\d\b/, /rejected/i, /refused/i, /not allowed/i)) return "SMTP_REJECTED";
  return "MAIL_PROVIDER_ERROR";
}

/** The cause of a failed webhook attempt from its HTTP status and error (services/webhooks/http.ts); null for a 2xx. */
export function webhookFailureCause(attempt: { statusCode: number | null; error: string | null }): TTechnicalCause | null {
  const { statusCode, error } = attempt;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300 && !error) return null;
  if (statusCode !== null && statusCode >= 300 && statusCode < 400) return "WEBHOOK_REDIRECT";
  if (statusCode !== null && statusCode >= 500) return "WEBHOOK_HTTP_SERVER_ERROR";
  if (statusCode !== null && statusCode >= 400) return "WEBHOOK_HTTP_CLIENT_ERROR";
  const text = error ?? "";
  if (has(text, /^Not sent/)) return "WEBHOOK_NOT_SENT";
  if (has(text, /timed out/i, /ETIMEDOUT/, /UND_ERR_CONNECT_TIMEOUT/, /UND_ERR_HEADERS_TIMEOUT/)) return "WEBHOOK_TIMEOUT";
  if (has(text, ...TLS)) return "WEBHOOK_TLS_FAILED";
  if (has(text, /^Connection failed/)) return "WEBHOOK_UNREACHABLE";
  if (text) return "WEBHOOK_ADDRESS_REFUSED";
  return "WEBHOOK_FAILED";
}
