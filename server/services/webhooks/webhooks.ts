import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TCreateWebhookInput, TUpdateWebhookInput, TWebhook, TWebhookCreated } from "../../contracts/webhooks";
import type { Db, DbOrTx } from "../../db";
import { webhookDeliveries, webhooks } from "../../db/schema";
import { notFound, unprocessable } from "../../errors";
import { decryptBytes, encryptBytes } from "../../lib/crypto-box";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { checkWebhookUrl, UrlRefused } from "./url-policy";

export type WebhookRow = typeof webhooks.$inferSelect;

/** The secret's box is bound to its tenant and webhook (AAD): a box copied elsewhere does not open. */
const secretAad = (tenantId: string, id: string) => `webhook-secret|${tenantId}|${id}`;

function sealSecret(tenantId: string, id: string, secret: string): string {
  return encryptBytes(Buffer.from(secret, "utf8"), { purpose: "webhook-secret", aad: secretAad(tenantId, id) });
}

export function openSecret(row: Pick<WebhookRow, "tenantId" | "id" | "secretBox">): string {
  return decryptBytes(row.secretBox, { purpose: "webhook-secret", aad: secretAad(row.tenantId, row.id) }).toString("utf8");
}

const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/** PENDING deliveries per webhook (the backlog shown on the API read and the screen). */
async function pendingCounts(db: DbOrTx, caller: Caller, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: webhookDeliveries.webhookId, n: count() })
    .from(webhookDeliveries)
    .where(caller.scope.where(webhookDeliveries, and(inArray(webhookDeliveries.webhookId, ids), eq(webhookDeliveries.status, "PENDING"))))
    .groupBy(webhookDeliveries.webhookId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function withBacklog(db: DbOrTx, caller: Caller, row: WebhookRow): Promise<TWebhook> {
  return toWebhook(row, (await pendingCounts(db, caller, [row.id])).get(row.id) ?? 0);
}

function toWebhook(row: WebhookRow, pendingDeliveries = 0): TWebhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as TWebhook["events"],
    active: row.active,
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    pendingDeliveries,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 422 with errors.url when the URL breaks the policy (url-policy.ts). */
async function checkUrl(url: string): Promise<string> {
  try {
    return (await checkWebhookUrl(url)).toString();
  } catch (error) {
    if (error instanceof UrlRefused) throw unprocessable("Validation failed", { url: [error.message] });
    throw error;
  }
}

export async function loadWebhook(db: DbOrTx, caller: Caller, id: string, opts: { forUpdate?: boolean } = {}): Promise<WebhookRow> {
  const q = db.select().from(webhooks).where(caller.scope.where(webhooks, eq(webhooks.id, id))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Webhook");
  return row;
}

export async function createWebhook(db: Db, caller: Caller, input: TCreateWebhookInput, now: Date): Promise<TWebhookCreated> {
  const url = await checkUrl(input.url);
  const id = newId("wh");
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values(
        caller.scope.values(webhooks, {
          id,
          url,
          description: input.description,
          events: input.events,
          secretBox: sealSecret(caller.scope.tenantId, id, secret),
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    if (!row) throw new Error("webhook insert returned nothing");
    await writeAudit(tx, caller, { action: "webhook.created", targetType: "webhook", targetId: id, metadata: { url, events: input.events } });
    return row;
  });
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(db: Db, caller: Caller, q: { page: number; limit: number }) {
  const where = caller.scope.where(webhooks);
  return paginate(limitPage(q), {
    rows: (limit, offset) => db.select().from(webhooks).where(where).orderBy(desc(webhooks.createdAt), desc(webhooks.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(webhooks).where(where)),
    map: async (rows) => {
      const pending = await pendingCounts(db, caller, rows.map((r) => r.id));
      return rows.map((r) => toWebhook(r, pending.get(r.id) ?? 0));
    },
  });
}

export async function getWebhook(db: Db, caller: Caller, id: string): Promise<TWebhook> {
  return withBacklog(db, caller, await loadWebhook(db, caller, id));
}

/** PATCH: url (policy re-checked), events, description, active (true clears the disabled state and the failure count). */
export async function updateWebhook(db: Db, caller: Caller, input: TUpdateWebhookInput, now: Date): Promise<TWebhook> {
  const url = input.url === undefined ? undefined : await checkUrl(input.url);
  const row = await db.transaction(async (tx) => {
    const current = await loadWebhook(tx, caller, input.id, { forUpdate: true });
    const reactivated = input.active === true && !current.active;
    const [row] = await tx
      .update(webhooks)
      .set({
        url,
        events: input.events,
        description: input.description,
        active: input.active,
        ...(input.active === true ? { consecutiveFailures: 0, disabledAt: null, disabledReason: null } : {}),
        updatedAt: now,
      })
      .where(caller.scope.where(webhooks, eq(webhooks.id, input.id)))
      .returning();
    if (!row) throw notFound("Webhook");
    const changed = Object.keys(input).filter((k) => k !== "id");
    await writeAudit(tx, caller, { action: reactivated ? "webhook.activated" : "webhook.updated", targetType: "webhook", targetId: input.id, metadata: { fields: changed } });
    return row;
  });
  return withBacklog(db, caller, row);
}

/** DELETE: the endpoint and its delivery log (cascade). */
export async function deleteWebhook(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadWebhook(tx, caller, id, { forUpdate: true });
    await tx.delete(webhooks).where(caller.scope.where(webhooks, eq(webhooks.id, id)));
    await writeAudit(tx, caller, { action: "webhook.deleted", targetType: "webhook", targetId: id, metadata: { url: current.url } });
  });
}
