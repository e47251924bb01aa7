import type { MailAttachment } from "../../db/schema";

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
