import MailComposer from "nodemailer/lib/mail-composer";
import type { MailMessage } from "../transport";

/** The message as nodemailer options (attachments decoded from base64 by nodemailer). */
export function nodemailerMessage(msg: MailMessage, from: string | undefined) {
  return {
    from,
    to: msg.to,
    replyTo: msg.replyTo,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    attachments: msg.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: "base64" as const })),
  };
}

/** RFC 822 bytes built by nodemailer's MailComposer (never hand-written MIME). */
export function buildMime(msg: MailMessage, from: string | undefined): Promise<Buffer> {
  return new MailComposer(nodemailerMessage(msg, from)).compile().build();
}

/** A provider's error text, short enough for lastError and a 422 message. */
export function providerError(prefix: string, status: number, body: string): Error {
  const text = body.replace(/\s+/g, " ").trim().slice(0, 500);
  return new Error(`${prefix} answered ${status}${text ? `: ${text}` : ""}`);
}
