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

type MailSource = "creator" | "tenant" | "resend" | "smtp" | "outbox" | "override";

export type ResolvedMailTransport = {
  transport: MailTransport;
  /** What mail_outbox.transport records (= transport.name): "creator:gmail", "tenant:smtp", "resend", "smtp", "outbox". */
  link: string;
  /** Which link of the chain it is. */
  source: MailSource;
  /** The mail configuration used (creator and tenant links). */
  configurationId: string | null;
};

let override: MailTransport | undefined;
/** Tests replace the transport at the edge (a fake provider), whatever the chain would pick. */
export function setMailTransport(t: MailTransport | null): void {
  override = t ?? undefined;
}

const resolved = (transport: MailTransport, source: MailSource, configurationId: string | null = null): ResolvedMailTransport => ({ transport, link: transport.name, source, configurationId });

/**
 * The spec's fallback chain (Mail configuration; conventions §8), one lookup per mail:
 *   1. the sending user's own configuration (a CREATOR's), when it can send (see isUsable:
 *      configured with credentials; a test send is not required, `verified` is informational);
 *   2. the tenant-level configuration (ADMIN), same condition;
 *   3. Resend with RESEND_API_KEY;
 *   4. SMTP with SMTP_URL;
 *   5. the development outbox, only when devOutboxEnabled(); in production with nothing configured
 *      this throws 503 MAIL_NOT_CONFIGURED (the mail job fails and is retried).
 * `setMailTransport` (tests) short-circuits the chain with a fake transport.
 * A configuration whose secrets no longer decrypt (ENCRYPTION_KEY changed) is skipped with a log line.
 */
export async function resolveMailTransport(db: DbOrTx, opts: { tenantId: string | null; senderUserId?: string | null }): Promise<ResolvedMailTransport> {
  if (override) return resolved(override, "override");
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
        if (isUsable(row)) return resolved(configurationTransport(db, row, link), link, row.id);
      } catch (error) {
        log.warn("mail.configuration.unreadable", { configurationId: row.id, error: String(error) });
      }
    }
  }
  const e = env();
  if (e.RESEND_API_KEY) return resolved(resendTransport({ name: "resend", apiKey: e.RESEND_API_KEY }), "resend");
  if (e.SMTP_URL) return resolved(smtpTransport({ name: "smtp", url: e.SMTP_URL }), "smtp");
  if (devOutboxEnabled()) return resolved(outboxTransport, "outbox");
  throw new DomainError("UNAVAILABLE", "No mail transport is configured: set a mail configuration, RESEND_API_KEY or SMTP_URL", { reason: "MAIL_NOT_CONFIGURED" });
}
