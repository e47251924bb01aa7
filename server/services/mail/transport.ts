import type { MailAttachment } from "../../db/schema";
import { env } from "../../env";

export type MailMessage = { to: string; subject: string; text: string; html?: string; from?: string; attachments?: MailAttachment[] };
export type MailTransport = { name: "resend" | "smtp" | "outbox"; send(msg: MailMessage): Promise<{ messageId: string | null }> };

/** Resend's HTTP API through its SDK. */
function resendTransport(apiKey: string): MailTransport {
  let client: Promise<import("resend").Resend> | undefined;
  return {
    name: "resend",
    async send(msg) {
      client ??= import("resend").then(({ Resend }) => new Resend(apiKey));
      const { data, error } = await (await client).emails.send({
        from: msg.from ?? env().MAIL_FROM,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        attachments: msg.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      if (error) throw new Error(`Resend refused the message: ${error.message}`);
      return { messageId: data?.id ?? null };
    },
  };
}

function smtpTransport(url: string): MailTransport {
  let transporter: Promise<import("nodemailer").Transporter> | undefined;
  return {
    name: "smtp",
    async send(msg) {
      transporter ??= import("nodemailer").then((m) => m.default.createTransport(url));
      const attachments = msg.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: "base64" }));
      const info = await (await transporter).sendMail({ from: msg.from ?? env().MAIL_FROM, ...msg, attachments });
      return { messageId: info.messageId ?? null };
    },
  };
}

/** Development outbox: the message is only recorded (GET /api/v1/dev/outbox lists it). */
const outboxTransport: MailTransport = { name: "outbox", send: async () => ({ messageId: null }) };

/** Conventions §8: RESEND_API_KEY, else SMTP_URL, else the development outbox. */
export function selectTransport(): MailTransport {
  const e = env();
  if (e.RESEND_API_KEY) return resendTransport(e.RESEND_API_KEY);
  if (e.SMTP_URL) return smtpTransport(e.SMTP_URL);
  return outboxTransport;
}
