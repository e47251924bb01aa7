import { eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailConfigurations } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { devOutboxEnabled, env } from "../../env";
import { DomainError } from "../../errors";
import { log } from "../../lib/log";
import { configurationTransport, isUsable } from "./config-transport";
import { outboxTransport, type MailTransport } from "./transport";
import { resendTransport } from "./transports/resend";
import { smtpTransport } from "./transports/smtp";

export type MailLink = "creator" | "tenant" | "resend" | "smtp" | "outbox";

export type ResolvedMailTransport = {
  /** Its `name` is the label mail_outbox.transport records: "creator:gmail", "tenant:smtp", "resend", "smtp", "outbox". */
  transport: MailTransport;
  link: MailLink;
  /** The mail configuration used (creator and tenant links). */
  configurationId: string | null;
};

/**
 * The spec's fallback chain (Mail configuration; conventions §8), one lookup per mail:
 *   1. the sending user's own configuration (a CREATOR's), when it can send (see isUsable:
 *      configured with credentials; a test send is not required, `verified` is informational);
 *   2. the tenant-level configuration (ADMIN), same condition;
 *   3. Resend with RESEND_API_KEY;
 *   4. SMTP with SMTP_URL;
 *   5. the development outbox, only when devOutboxEnabled(); in production with nothing configured
 *      this throws 503 MAIL_NOT_CONFIGURED (the mail job fails and is retried).
 * A configuration whose secrets no longer decrypt (ENCRYPTION_KEY changed) is skipped with a log line.
 */
export async function resolveMailTransport(db: DbOrTx, opts: { tenantId: string | null; senderUserId?: string | null }): Promise<ResolvedMailTransport> {
  if (opts.tenantId) {
    const scope = forTenant(opts.tenantId);
    const rows = await db
      .select()
      .from(mailConfigurations)
      .where(
        scope.where(
          mailConfigurations,
          opts.senderUserId ? or(eq(mailConfigurations.ownerUserId, opts.senderUserId), isNull(mailConfigurations.ownerUserId)) : isNull(mailConfigurations.ownerUserId),
        ),
      );
    const own = opts.senderUserId ? rows.find((r) => r.ownerUserId === opts.senderUserId) : undefined;
    const tenantLevel = rows.find((r) => r.ownerUserId === null);
    for (const [row, link] of [
      [own, "creator"],
      [tenantLevel, "tenant"],
    ] as const) {
      if (!row) continue;
      try {
        if (isUsable(row)) return { transport: configurationTransport(db, row, link), link, configurationId: row.id };
      } catch (error) {
        log.warn("mail.configuration.unreadable", { configurationId: row.id, error: String(error) });
      }
    }
  }
  const e = env();
  if (e.RESEND_API_KEY) return { transport: resendTransport({ name: "resend", apiKey: e.RESEND_API_KEY }), link: "resend", configurationId: null };
  if (e.SMTP_URL) return { transport: smtpTransport({ name: "smtp", url: e.SMTP_URL }), link: "smtp", configurationId: null };
  if (devOutboxEnabled()) return { transport: outboxTransport, link: "outbox", configurationId: null };
  throw new DomainError("UNAVAILABLE", "No mail transport is configured: set a mail configuration, RESEND_API_KEY or SMTP_URL", { reason: "MAIL_NOT_CONFIGURED" });
}
