import { and, desc, eq } from "drizzle-orm";
import { mailOutbox, type MailAttachment } from "../../db/schema";
import type { Db, DbOrTx } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { enqueue } from "../../jobs/queue";
import { renderMail, type MailTemplate } from "./templates";
import { brandedMailHtml, mailBrandOf, type MailBrand } from "./layout";

export type SendMailInput = {
  /** The tenant the message is sent for (`caller.scope` or the service's scope); null for platform mail (password reset). */
  scope: TenantScope | null;
  to: string;
  template: MailTemplate;
  locale: string;
  /** The template's values; `tenantName` is not one of them: a tenant's mail always names it by its branding (see sendMail). */
  vars: Record<string, string> & { tenantName?: never };
  /** Base64 content; stored with the outbox row. */
  attachments?: MailAttachment[];
  /** The member it is sent for: their own mail configuration comes first in the transport chain. */
  senderUserId?: string | null;
  /** One mail per key, whatever the number of calls (a retried fan-out job sends each mail once). */
  dedupeKey?: string;
};

/** One mail of a fan-out (mailerFor): a SendMailInput whose scope is the mailer's. */
export type MailInput = Omit<SendMailInput, "scope">;
export type Mailer = (mail: MailInput) => Promise<string>;

/**
 * Queues one e-mail: the message is rendered now and recorded (status QUEUED), and a `mail.send`
 * job sends it through the transport chain (services/mail/jobs.ts), retried on failure. Pass the
 * transaction of the change as `db` to make the mail part of it; a slow or failing provider never
 * holds a request. A tenant's mail carries its branding: the HTML layout, and its display name as
 * the template's `tenantName` (the tenant's name when it has none). Several mails at once: mailerFor.
 */
export async function sendMail(db: DbOrTx, input: SendMailInput): Promise<string> {
  const { scope, ...mail } = input;
  return mailerFor(db, scope)(mail);
}

/**
 * The mails of one fan-out (an alert to every admin, a convocation to every learner) for one tenant
 * (or platform mail, scope null), written through `db`: the tenant's branding is read once, at the
 * first mail, instead of once per mail. Make one where the fan-out starts and let it go when it
 * ends: it is bound to that `db` (the caller's transaction) and that tenant, so it never serves a
 * brand across transactions or tenants, and the next fan-out reads the branding afresh.
 */
export function mailerFor(db: DbOrTx, scope: TenantScope | null): Mailer {
  let brand: Promise<MailBrand | null> | undefined;
  return async (mail) => {
    brand ??= scope ? mailBrandOf(db, scope.tenantId) : Promise.resolve(null);
    return queueMail(db, scope, await brand, mail);
  };
}

async function queueMail(db: DbOrTx, scope: TenantScope | null, brand: MailBrand | null, input: MailInput): Promise<string> {
  // The one place the tenant is named in a mail's text: its branding's display name.
  const vars = brand ? { ...input.vars, tenantName: brand.displayName } : input.vars;
  const { subject, text } = renderMail(input.template, input.locale, vars);
  // A tenant's mail carries its branding (one layout for every template); platform mail stays plain text.
  const html = brand ? brandedMailHtml(brand, subject, text, input.locale.startsWith("en") ? "en" : "fr") : null;
  const id = newId("mail");
  const inserted = await db
    .insert(mailOutbox)
    .values({
      id,
      tenantId: scope?.tenantId ?? null,
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
