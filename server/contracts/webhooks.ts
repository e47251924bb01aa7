import { ZTechnicalCause } from "./technical-causes";
import { z } from "zod";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";
import { EVENT_NAMES } from "./events";

/** Outbound webhooks (spec: Webhook resource, Events; conventions §8). Isomorphic: zod only. */
/** The 14 event names (server/contracts/events.ts). */
export const WEBHOOK_EVENT_NAMES = EVENT_NAMES;

const KNOWN = new Set<string>(WEBHOOK_EVENT_NAMES);

/** Events as a whole field: unknown names are reported on errors.events (not on events.0). */
const ZEvents = z
  .array(z.string().max(64))
  .min(1, "Pick at least one event")
  .max(WEBHOOK_EVENT_NAMES.length)
  .superRefine((names, ctx) => {
    const unknown = names.filter((n) => !KNOWN.has(n));
    if (unknown.length) ctx.addIssue({ code: "custom", message: "Unknown event name" });
  })
  .transform((names) => WEBHOOK_EVENT_NAMES.filter((n) => names.includes(n)))
  .describe(`Event names to receive, among: ${WEBHOOK_EVENT_NAMES.join(", ")}. Duplicates are merged; stored in the list's order.`);

const ZUrl = z.string().trim().min(1, "Required").max(2048).describe("HTTPS URL of the receiver (public address; see the operation's description)");
const ZDescription = z.string().trim().max(500).describe("Free text (at most 500 characters)");

const ZWebhook = z.object({
  id: z.string().describe("wh_..."),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
  active: z.boolean(),
  consecutiveFailures: z.number().int().describe("Deliveries that ended FAILED in a row; a successful one resets it"),
  disabledAt: ZTimestamp.nullable().describe("When the platform disabled the endpoint after too many failed deliveries"),
  disabledReason: z.string().nullable(),
  pendingDeliveries: z
    .number()
    .int()
    .describe(
      "The endpoint's backlog: deliveries still PENDING (first attempt or retries to come). Bounded: a webhook receives only events from after its creation, " +
        "a paused or disabled endpoint gets no new deliveries (its pending ones end FAILED, not sent, at their next attempt), and each delivery has at most its retry schedule",
    ),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TWebhook = z.infer<typeof ZWebhook>;

const ZWebhookCreated = ZWebhook.extend({
  secret: z.string().describe("whsec_ + 32 random bytes (base64url): the HMAC-SHA256 signing key. Shown only in this answer; it cannot be read again"),
});
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZCreateWebhookInput = z.strictObject({
  url: ZUrl,
  events: ZEvents,
  description: ZDescription.default(""),
});
export type TCreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZUpdateWebhookInput = z.strictObject({
  id: ZId("wh"),
  url: ZUrl.optional(),
  events: ZEvents.optional(),
  description: ZDescription.optional(),
  active: z.boolean().optional().describe("false pauses deliveries; true re-activates (the failure count is reset and the disabled state cleared)"),
});
export type TUpdateWebhookInput = z.infer<typeof ZUpdateWebhookInput>;

export const ZWebhookIdInput = z.strictObject({ id: ZId("wh") });
export const ZListWebhooksInput = ZLimitPageInput;
export const ZWebhookOutput = envelope(ZWebhook);
export const ZWebhookCreatedOutput = envelope(ZWebhookCreated);
export const ZListWebhooksOutput = listEnvelope(ZWebhook, ZLimitPageMeta);

const ZDeliveryStatus = z.enum(["PENDING", "SUCCEEDED", "FAILED"]);

const ZDeliveryAttempt = z.object({
  attempt: z.number().int().describe("1 for the first request; numbering continues across redeliveries"),
  startedAt: ZTimestamp,
  statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer (refused address, time-out, connection error)"),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable().describe("At most the first 1 KB of the response body"),
  error: z.string().nullable().describe("Why the attempt failed (refused address, time-out, redirect, connection error); null on success or a plain non-2xx answer"),
  cause: ZTechnicalCause.nullable().describe("The failure as a code (WEBHOOK_TIMEOUT, WEBHOOK_HTTP_SERVER_ERROR, …); null on success"),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

const ZDelivery = z.object({
  id: z.string().describe("dlv_..."),
  webhookId: z.string(),
  eventId: z.string().describe("The event's evt_ id: the payload's id, the same on every attempt"),
  event: z.string(),
  status: ZDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: ZTimestamp.nullable().describe("When the next automatic attempt is due (PENDING only)"),
  lastStatusCode: z.number().int().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  attemptLog: z.array(ZDeliveryAttempt).describe("Every attempt, oldest first"),
});
export type TDelivery = z.infer<typeof ZDelivery>;

export const ZListDeliveriesInput = ZLimitPageInput.extend({ id: ZId("wh") });
export const ZListDeliveriesOutput = listEnvelope(ZDelivery, ZLimitPageMeta);
export const ZRedeliverInput = z.strictObject({ id: ZId("wh"), deliveryId: ZId("dlv") });
export const ZDeliveryOutput = envelope(ZDelivery);
