import { env } from "../../../env";
import type { MailTransport } from "../transport";

/** Resend's HTTP API through its SDK (RESEND_BASE_URL overrides the API's address, for tests). */
export function resendTransport(opts: { name: string; apiKey: string; from?: string }): MailTransport {
  let client: Promise<import("resend").Resend> | undefined;
  return {
    name: opts.name,
    async send(msg) {
      const baseUrl = env().RESEND_BASE_URL?.replace(/\/$/, "");
      client ??= import("resend").then(({ Resend }) => new Resend(opts.apiKey, baseUrl ? { baseUrl } : undefined));
      const { data, error } = await (await client).emails.send({
        from: opts.from ?? msg.from ?? env().MAIL_FROM,
        to: msg.to,
        replyTo: msg.replyTo,
        subject: msg.subject,
        text: msg.text,
        ...(msg.html ? { html: msg.html } : {}),
        attachments: msg.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      if (error) throw new Error(`Resend refused the message: ${error.message}`);
      return { messageId: data?.id ?? null };
    },
  };
}
