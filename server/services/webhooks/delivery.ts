import { createHmac } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { rolesWith } from "../../auth/permissions";
import type { Db, DbOrTx } from "../../db";
import { events, memberships, tenants, users, webhookDeliveries, webhookDeliveryAttempts, webhooks } from "../../db/schema";
import { forTenant, sameTenant } from "../../db/tenant-scope";
import { env, webhookRetryDelays } from "../../env";
import { clock } from "../../lib/clock";
import { log } from "../../lib/log";
import { tenantUrl } from "../../lib/urls";
import { mailerFor } from "../mail";
import { postWebhook, type PostResult } from "./http";
import { enqueueWebhookJob, type DeliverJob } from "./jobs";
import { openSecret } from "./webhooks";

/**
 * One delivery attempt (job `webhook.deliver` {deliveryId, attempt}), spec Events §2-4:
 * POST of the raw JSON `{id, event, tenantId, createdAt, data}` (the same bytes on every attempt)
 * with `X-Platform-Signature` = lower-case hex HMAC-SHA256 of those bytes with the webhook's
 * secret, `X-Platform-Event`, `X-Platform-Delivery`; time limit WEBHOOK_TIMEOUT_SECONDS; a 2xx
 * answer is a success, anything else (3xx included: redirects are not followed) a failure.
 *
 * After a failure, while the series has retries left, the next attempt is enqueued to start
 * after the next delay of WEBHOOK_RETRY_DELAYS_SECONDS (60, 300, 1800 by default: one attempt and
 * three retries); after the last one the delivery is FAILED (it stays listed) and the webhook's
 * consecutive-failure count grows. At WEBHOOK_DISABLE_AFTER_FAILURES (10) FAILED deliveries in a
 * row the webhook is disabled and each member holding webhooks.manage (ADMIN) gets an e-mail.
 * A SUCCEEDED delivery resets the count.
 *
 * Idempotent (at-least-once jobs): a job whose attempt is already recorded, or whose delivery is
 * no longer PENDING, does nothing; the attempt is recorded under a row lock with a unique
 * (delivery, attempt) key, so two workers running the same job record it once.
 */
export type DeliverOutcome = "skipped" | "succeeded" | "retry" | "failed";

const signPayload = (secret: string, body: string) => createHmac("sha256", secret).update(body, "utf8").digest("hex");

/** The payload's exact bytes for an event row. */
function payloadOf(event: typeof events.$inferSelect): string {
  return JSON.stringify({ id: event.id, event: event.event, tenantId: event.tenantId, createdAt: event.createdAt.toISOString(), data: event.data });
}

const isSuccess = (r: PostResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

export async function deliverWebhook(db: Db, job: DeliverJob, now: () => Date = () => clock.now()): Promise<DeliverOutcome> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks, event: events })
    .from(webhookDeliveries)
    .innerJoin(webhooks, sameTenant(webhooks, webhookDeliveries, webhooks.id, webhookDeliveries.webhookId))
    .leftJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, job.deliveryId))
    .limit(1);
  if (!row) return "skipped";
  const { delivery, webhook, event } = row;
  if (delivery.status !== "PENDING" || delivery.attempts !== job.attempt - 1) return "skipped";

  const startedAt = now();
  let result: PostResult;
  if (!webhook.active) {
    result = { statusCode: null, excerpt: null, error: "Not sent: the webhook is inactive", durationMs: 0 };
  } else if (!event) {
    result = { statusCode: null, excerpt: null, error: "Not sent: the event no longer exists", durationMs: 0 };
  } else {
    const body = payloadOf(event);
    result = await postWebhook(
      webhook.url,
      body,
      {
        "Content-Type": "application/json",
        "User-Agent": "TrainingPlatform-Webhooks/1.0",
        "X-Platform-Signature": signPayload(openSecret(webhook), body),
        "X-Platform-Event": event.event,
        "X-Platform-Delivery": delivery.id,
      },
      env().WEBHOOK_TIMEOUT_SECONDS * 1000,
    );
  }
  // Not retried: nothing would change (inactive endpoint, vanished event).
  const final = !webhook.active || !event;
  return record(db, job, result, startedAt, now(), final);
}

type Disabled = { tenantId: string; webhookId: string; url: string; failures: number };

async function record(db: Db, job: DeliverJob, result: PostResult, startedAt: Date, at: Date, final: boolean): Promise<DeliverOutcome> {
  return db.transaction(async (tx) => {
    const [delivery] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, job.deliveryId)).limit(1).for("update");
    if (!delivery || delivery.status !== "PENDING" || delivery.attempts !== job.attempt - 1) return "skipped";
    const scope = forTenant(delivery.tenantId);
    await tx.insert(webhookDeliveryAttempts).values(
      scope.values(webhookDeliveryAttempts, {
        deliveryId: delivery.id,
        attempt: job.attempt,
        startedAt,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        responseExcerpt: result.excerpt,
        error: result.error,
      }),
    );
    const where = scope.where(webhookDeliveries, eq(webhookDeliveries.id, delivery.id));
    const base = { attempts: job.attempt, lastStatusCode: result.statusCode, updatedAt: at };
    if (isSuccess(result)) {
      await tx.update(webhookDeliveries).set({ ...base, status: "SUCCEEDED", nextAttemptAt: null }).where(where);
      await tx
        .update(webhooks)
        .set({ consecutiveFailures: 0 })
        .where(scope.where(webhooks, eq(webhooks.id, delivery.webhookId), sql`${webhooks.consecutiveFailures} <> 0`));
      return "succeeded";
    }
    const delays = webhookRetryDelays();
    const inSeries = job.attempt - delivery.seriesFirstAttempt + 1;
    if (!final && inSeries <= delays.length) {
      const nextAttemptAt = new Date(at.getTime() + delays[inSeries - 1]! * 1000);
      await tx.update(webhookDeliveries).set({ ...base, nextAttemptAt }).where(where);
      await enqueueWebhookJob(tx, { name: "webhook.deliver", data: { deliveryId: delivery.id, attempt: job.attempt + 1 } }, nextAttemptAt);
      return "retry";
    }
    await tx.update(webhookDeliveries).set({ ...base, status: "FAILED", nextAttemptAt: null }).where(where);
    if (!final) {
      const disabled = await countFailure(tx, delivery.tenantId, delivery.webhookId, at);
      // The e-mails are queued in the same transaction (mail.send jobs).
      if (disabled) await mailAdmins(tx, disabled);
    }
    return "failed";
  });
}

/** One more FAILED delivery in a row; disables the webhook at the threshold (returns what to mail about). */
async function countFailure(tx: DbOrTx, tenantId: string, webhookId: string, at: Date): Promise<Disabled | undefined> {
  const scope = forTenant(tenantId);
  const [hook] = await tx
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(scope.where(webhooks, eq(webhooks.id, webhookId)))
    .returning();
  if (!hook || !hook.active) return undefined;
  const limit = env().WEBHOOK_DISABLE_AFTER_FAILURES;
  if (hook.consecutiveFailures < limit) return undefined;
  const reason = `Disabled after ${hook.consecutiveFailures} consecutive failed deliveries`;
  await tx.update(webhooks).set({ active: false, disabledAt: at, disabledReason: reason, updatedAt: at }).where(scope.where(webhooks, eq(webhooks.id, webhookId)));
  log.warn("webhook.disabled", { tenantId, webhookId, failures: hook.consecutiveFailures });
  return { tenantId, webhookId, url: hook.url, failures: hook.consecutiveFailures };
}

/** The "webhook-disabled" e-mail to each active member holding webhooks.manage. */
async function mailAdmins(db: DbOrTx, d: Disabled): Promise<void> {
  const scope = forTenant(d.tenantId);
  const [tenant] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, d.tenantId)).limit(1);
  const admins = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scope.where(memberships, inArray(memberships.role, [...rolesWith("webhooks.manage")]), eq(memberships.status, "ACTIVE")));
  const link = tenantUrl(tenant?.slug, "/webhooks");
  const send = mailerFor(db, scope);
  for (const a of admins) {
    await send({ to: a.email, template: "webhook-disabled", locale: a.locale, vars: { firstName: a.firstName, url: d.url, failures: String(d.failures), link } });
  }
}
