import { and, desc, eq } from "drizzle-orm";
import { mailOutbox, type MailAttachment } from "../../db/schema";
import type { Db, DbOrTx } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { enqueue } from "../../jobs/queue";
import { renderMail, type MailTemplate } from "./templates";
import { brandedMailHtml, mailBrandOf } from "./layout";

export type SendMailInput = {
  /** The tenant the message is sent for (`caller.scope` or the service's scope); null for platform mail (password reset). */
  scope: TenantScope | null;
  to: string;
  template: MailTemplate;
  locale: string;
  vars: Record<string, string>;
  /** Base64 content; stored with the outbox row. */
  attachments?: MailAttachment[];
  /** The member it is sent for: their own mail configuration comes first in the transport chain. */
  senderUserId?: string | null;
  /** One mail per key, whatever the number of calls (a retried fan-out job sends each mail once). */
  dedupeKey?: string;
};

/**
 * Queues one e-mail: the message is rendered now and recorded (status QUEUED), and a `mail.send`
 * job sends it through the transport chain (services/mail/jobs.ts), retried on failure. Pass the
 * transaction of the change as `db` to make the mail part of it; a slow or failing provider never
 * holds a request.
 */
export async function sendMail(db: DbOrTx, input: SendMailInput): Promise<string> {
  const { subject, text } = renderMail(input.template, input.locale, input.vars);
  // A tenant's mail carries its branding (one layout for every template); platform mail stays plain text.
  const brand = input.scope ? await mailBrandOf(db, input.scope.tenantId) : null;
  const html = brand ? brandedMailHtml(brand, subject, text, input.locale.startsWith("en") ? "en" : "fr") : null;
  const id = newId("mail");
  const inserted = await db
    .insert(mailOutbox)
    .values({
      id,
      tenantId: input.scope?.tenantId ?? null,
      senderUserId: input.senderUserId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      to: input.to.toLowerCase(),
      subject,
      text,
      html,
      attachments: input.attachments ?? null,
      template: input.template,
      status: "QUEUED",
      transport: null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!inserted.length) {
    const [existing] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, input.dedupeKey!)).limit(1);
    return existing!.id;
  }
  await enqueue(db, "mail.send", { mailId: id });
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
