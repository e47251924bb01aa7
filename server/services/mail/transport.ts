import type { MailAttachment } from "../../db/schema";
import { env } from "../../env";
import { resendTransport } from "./transports/resend";
import { smtpTransport } from "./transports/smtp";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `Name <address>`; a configuration's link sends from its own address instead. */
  from?: string;
  replyTo?: string;
  /** Base64 content. */
  attachments?: MailAttachment[];
};

/**
 * One way of sending. `name` is what mail_outbox.transport records: the link of the fallback chain
 * that sent it ("creator:gmail", "tenant:smtp", "resend", "smtp", "outbox"; see chain.ts).
 */
export type MailTransport = { name: string; send(msg: MailMessage): Promise<{ messageId: string | null }> };

/** Development outbox: the message is only recorded (GET /api/v1/dev/outbox lists it). */
export const outboxTransport: MailTransport = { name: "outbox", send: async () => ({ messageId: null }) };

/**
 * The platform-wide links only (conventions §8): RESEND_API_KEY, else SMTP_URL, else the development
 * outbox. Every tenant mail goes through `resolveMailTransport` (chain.ts), which tries the sender's and
 * the tenant's configurations first.
 */
export function selectTransport(): MailTransport {
  const e = env();
  if (e.RESEND_API_KEY) return resendTransport({ name: "resend", apiKey: e.RESEND_API_KEY });
  if (e.SMTP_URL) return smtpTransport({ name: "smtp", url: e.SMTP_URL });
  return outboxTransport;
}
