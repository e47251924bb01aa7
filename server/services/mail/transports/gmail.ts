import { env } from "../../../env";
import type { MailTransport } from "../transport";
import { buildMime, providerError } from "./mime";

/**
 * Gmail API users.messages.send: the RFC 822 message (nodemailer's MailComposer), base64url, posted
 * with the connected account's bearer token. `accessToken` refreshes an expired token first.
 */
export function gmailTransport(opts: { name: string; from?: string; accessToken: () => Promise<string> }): MailTransport {
  return {
    name: opts.name,
    async send(msg) {
      const raw = (await buildMime(msg, opts.from)).toString("base64url");
      const res = await fetch(`${env().GMAIL_API_BASE_URL.replace(/\/$/, "")}/gmail/v1/users/me/messages/send`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await opts.accessToken()}`, "Content-Type": "application/json" },
        body: JSON.stringify({ raw }),
        signal: AbortSignal.timeout(env().MAIL_PROVIDER_TIMEOUT_SECONDS * 1000),
      });
      const text = await res.text();
      if (!res.ok) throw providerError("Gmail", res.status, text);
      const body = JSON.parse(text) as { id?: string };
      return { messageId: body.id ?? null };
    },
  };
}
