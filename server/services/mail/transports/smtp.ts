import { env } from "../../../env";
import type { MailTransport } from "../transport";
import { nodemailerMessage } from "./mime";

export type SmtpOptions =
  | { name: string; url: string; from?: string }
  | { name: string; host: string; port: number; secure: boolean; user?: string | null; password?: string | null; from?: string };

/** SMTP through nodemailer: SMTP_URL (platform link) or one configuration's server and AUTH. */
export function smtpTransport(opts: SmtpOptions): MailTransport {
  let transporter: Promise<import("nodemailer").Transporter> | undefined;
  const timeout = env().MAIL_PROVIDER_TIMEOUT_SECONDS * 1000;
  return {
    name: opts.name,
    async send(msg) {
      transporter ??= import("nodemailer").then((m) =>
        "url" in opts
          ? m.default.createTransport(opts.url)
          : m.default.createTransport({
              host: opts.host,
              port: opts.port,
              secure: opts.secure,
              auth: opts.user ? { user: opts.user, pass: opts.password ?? "" } : undefined,
              connectionTimeout: timeout,
              greetingTimeout: timeout,
              socketTimeout: timeout,
            }),
      );
      const from = opts.from ?? msg.from ?? env().MAIL_FROM;
      const info = await (await transporter).sendMail(nodemailerMessage(msg, from));
      return { messageId: info.messageId ?? null };
    },
  };
}
