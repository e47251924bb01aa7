import { and, desc, eq } from "drizzle-orm";
import { mailOutbox, type MailAttachment } from "../../db/schema";
import type { Db } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { renderMail, type MailTemplate } from "./templates";
import { selectTransport, type MailTransport } from "./transport";

let transport: MailTransport | undefined;
/** Tests replace the transport at the edge; production picks it from the environment. */
export function setMailTransport(t: MailTransport | null): void {
  transport = t ?? undefined;
}

export type SendMailInput = {
  /** The tenant the message is sent for (`caller.scope` or the service's scope); null for platform mail (password reset). */
  scope: TenantScope | null;
  to: string;
  template: MailTemplate;
  locale: string;
  vars: Record<string, string>;
  /** Base64 content; stored with the outbox row. */
  attachments?: MailAttachment[];
};

/**
 * Render, send through the configured transport and record the message. Called after the
 * business transaction commits, so a slow or failing provider never rolls a change back.
 */
export async function sendMail(db: Db, input: SendMailInput): Promise<string> {
  transport ??= selectTransport();
  const { subject, text } = renderMail(input.template, input.locale, input.vars);
  const id = newId("mail");
  let providerMessageId: string | null = null;
  try {
    providerMessageId = (await transport.send({ to: input.to, subject, text, attachments: input.attachments })).messageId;
  } catch (error) {
    log.error("mail.send_failed", { to: input.to, template: input.template, error: String(error) });
  }
  await db.insert(mailOutbox).values({
    id,
    tenantId: input.scope?.tenantId ?? null,
    to: input.to.toLowerCase(),
    subject,
    text,
    attachments: input.attachments ?? null,
    template: input.template,
    transport: transport.name,
    providerMessageId,
  });
  return id;
}

export async function listOutbox(db: Db, to: string | undefined, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? and(eq(mailOutbox.to, to.toLowerCase())) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
