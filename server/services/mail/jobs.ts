import { and, eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { clock } from "../../lib/clock";
import { log } from "../../lib/log";
import { defineJob } from "../../jobs/define";
import { resolveMailTransport } from "./chain";

const MAIL_RETRY_LIMIT = 5;

/**
 * `mail.send` {mailId}: sends a queued mail through the transport chain and records which link
 * sent it. Idempotent: a mail already SENT is not sent again (a worker that dies between the
 * provider's answer and the update may send twice: at-least-once). After the last retry the mail
 * is FAILED, with the provider's error.
 */
export const mailJobs = [
  defineJob<{ mailId: string }>("mail.send", {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    handler: async ({ mailId }, { db, retryCount }) => {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).limit(1);
      if (!mail || mail.status !== "QUEUED") return;
      try {
        const { transport, link } = await resolveMailTransport(db, { tenantId: mail.tenantId, senderUserId: mail.senderUserId });
        const { messageId } = await transport.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          attachments: mail.attachments ?? undefined,
        });
        await db
          .update(mailOutbox)
          .set({ status: "SENT", transport: link, providerMessageId: messageId, sentAt: clock.now(), attempts: mail.attempts + 1, lastError: null })
          .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "QUEUED")));
      } catch (error) {
        const last = retryCount >= MAIL_RETRY_LIMIT;
        log.error("mail.send_failed", { mailId, template: mail.template, attempt: mail.attempts + 1, final: last, error: String(error) });
        await db
          .update(mailOutbox)
          .set({ attempts: mail.attempts + 1, lastError: String(error).slice(0, 1000), ...(last ? { status: "FAILED" as const } : {}) })
          .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "QUEUED")));
        if (!last) throw error;
      }
    },
  }),
];
