import { randomUUID } from "node:crypto";
import { env } from "../../../env";
import type { MailTransport } from "../transport";
import { providerError } from "./mime";

/**
 * Microsoft Graph POST /v1.0/me/sendMail (JSON message, attachments as fileAttachment), with the
 * connected account's bearer token. Graph answers 202 without a message id: the id returned is the
 * request's `request-id` (else the client-request-id we sent), to find the call in Microsoft's logs.
 */
export function graphTransport(opts: { name: string; accessToken: () => Promise<string> }): MailTransport {
  return {
    name: opts.name,
    async send(msg) {
      const clientRequestId = randomUUID();
      const message = {
        subject: msg.subject,
        body: msg.html ? { contentType: "HTML", content: msg.html } : { contentType: "Text", content: msg.text },
        toRecipients: [{ emailAddress: { address: msg.to } }],
        ...(msg.replyTo ? { replyTo: [{ emailAddress: { address: msg.replyTo } }] } : {}),
        attachments: (msg.attachments ?? []).map((a) => ({
          "@odata.type": "#microsoft.graph.fileAttachment",
          name: a.filename,
          contentType: a.contentType,
          contentBytes: a.content,
        })),
      };
      const res = await fetch(`${env().GRAPH_API_BASE_URL.replace(/\/$/, "")}/v1.0/me/sendMail`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await opts.accessToken()}`, "Content-Type": "application/json", "client-request-id": clientRequestId },
        body: JSON.stringify({ message, saveToSentItems: true }),
        signal: AbortSignal.timeout(env().MAIL_PROVIDER_TIMEOUT_SECONDS * 1000),
      });
      const text = await res.text();
      if (!res.ok) throw providerError("Microsoft Graph", res.status, text);
      return { messageId: res.headers.get("request-id") ?? clientRequestId };
    },
  };
}

/** The connected account's address (GET /v1.0/me: mail, else userPrincipalName). */
export async function graphMe(accessToken: string): Promise<string | undefined> {
  const res = await fetch(`${env().GRAPH_API_BASE_URL.replace(/\/$/, "")}/v1.0/me?$select=mail,userPrincipalName`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(env().MAIL_PROVIDER_TIMEOUT_SECONDS * 1000),
  });
  if (!res.ok) throw providerError("Microsoft Graph", res.status, await res.text());
  const me = (await res.json()) as { mail?: string | null; userPrincipalName?: string | null };
  return me.mail ?? me.userPrincipalName ?? undefined;
}
