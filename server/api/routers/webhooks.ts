import { z } from "zod";
import {
  ZCreateWebhookInput,
  ZDeliveryOutput,
  ZListDeliveriesInput,
  ZListDeliveriesOutput,
  ZListWebhooksInput,
  ZListWebhooksOutput,
  ZRedeliverInput,
  ZUpdateWebhookInput,
  ZWebhookCreatedOutput,
  ZWebhookIdInput,
  ZWebhookOutput,
} from "../../contracts/webhooks";
import { one } from "../../contracts/envelope";
import { listDeliveries, redeliver } from "../../services/webhooks/deliveries";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "../../services/webhooks/webhooks";
import { can, router } from "../trpc";

const tags = ["Webhooks"];

const URL_POLICY =
  "URL policy: https only. The host must resolve (DNS, every address) to public addresses only: loopback (127.0.0.0/8, ::1), private (10/8, 172.16/12, 192.168/16, " +
  "100.64/10, fc00::/7), link-local (169.254/16 including 169.254.169.254, fe80::/10), unspecified, multicast, reserved ranges and the IPv4-mapped forms of those are refused " +
  "(422 with errors.url). The same check runs again at each delivery, in the connection itself, after DNS resolution (a name that starts resolving to a private address " +
  "is refused then, and the attempt records why). With ALLOW_HTTP_WEBHOOKS=true (never in production) http:// is accepted for a loopback address (127.0.0.1, [::1], localhost).";

const DELIVERY =
  "Delivery: each event of a subscribed name is POSTed as the raw JSON {id, event, tenantId, createdAt, data} (id is the event's evt_ id, the same bytes on every attempt) " +
  "with Content-Type application/json, X-Platform-Signature (lower-case hex HMAC-SHA256 of the raw body bytes with the secret), X-Platform-Event and X-Platform-Delivery (dlv_ id). " +
  "The receiver must answer 2xx within WEBHOOK_TIMEOUT_SECONDS (30); redirects are not followed (a 3xx is a failure). After a failure the delivery is retried after each delay of " +
  "WEBHOOK_RETRY_DELAYS_SECONDS (60, 300, 1800 s: one attempt and three retries); after the third failed retry it is FAILED and stays listed. " +
  "Disabling: when WEBHOOK_DISABLE_AFTER_FAILURES (10) deliveries in a row end FAILED, the webhook becomes inactive (disabledAt, disabledReason) and every ADMIN of the tenant " +
  "gets an e-mail; a SUCCEEDED delivery resets the count (consecutiveFailures).";

const notFound = { 404: "Webhook not found (or another tenant's)" };
const roles = { 401: "Unauthorized", 403: "Not ADMIN (webhooks.manage)" };

export const webhooksRouter = router({
  list: can("webhooks.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks",
        tags,
        summary: "List webhooks",
        description: "ADMIN. The tenant's webhooks, newest first. The secret is never included (it is shown once, by POST /webhooks).",
        errorResponses: { 400: "Invalid query", ...roles },
      },
    })
    .input(ZListWebhooksInput)
    .output(ZListWebhooksOutput)
    .query(({ ctx, input }) => listWebhooks(ctx.db, ctx.caller, input)),

  create: can("webhooks.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/webhooks",
        tags,
        summary: "Register a webhook",
        description:
          "ADMIN. Body url, events (at least one of the 14 event names; unknown names: 422 with errors.events), description. The answer includes secret " +
          "(whsec_ + random), shown this once: it cannot be read again (it is stored encrypted, AES-256-GCM, because it signs). " +
          `${URL_POLICY} ${DELIVERY}`,
        errorResponses: { 400: "Unknown field", ...roles, 422: "url refused by the policy (errors.url: not HTTPS, private or loopback address)" },
      },
    })
    .input(ZCreateWebhookInput)
    .output(ZWebhookCreatedOutput)
    .mutation(async ({ ctx, input }) => one(await createWebhook(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: can("webhooks.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks/{id}",
        tags,
        summary: "Webhook detail",
        description: "ADMIN. Without the secret. active is false when paused by an admin or disabled by the platform (then disabledAt and disabledReason are set).",
        errorResponses: { ...roles, ...notFound },
      },
    })
    .input(ZWebhookIdInput)
    .output(ZWebhookOutput)
    .query(async ({ ctx, input }) => one(await getWebhook(ctx.db, ctx.caller, input.id))),

  update: can("webhooks.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/webhooks/{id}",
        tags,
        summary: "Edit a webhook",
        description:
          "ADMIN. Partial: url (the URL policy is checked again), events (replaces the list), description, active. active false pauses deliveries (pending ones end FAILED " +
          "without being sent); active true re-activates, resets consecutiveFailures to 0 and clears disabledAt and disabledReason. The secret does not change.",
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 422: "url refused by the policy (errors.url)" },
      },
    })
    .input(ZUpdateWebhookInput)
    .output(ZWebhookOutput)
    .mutation(async ({ ctx, input }) => one(await updateWebhook(ctx.db, ctx.caller, input, ctx.clock.now()))),

  delete: can("webhooks.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/webhooks/{id}",
        tags,
        summary: "Delete a webhook",
        description: "ADMIN. Removes the webhook and its delivery log; no further delivery is attempted.",
        successDescription: "No content",
        errorResponses: { ...roles, ...notFound },
      },
    })
    .input(ZWebhookIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.db, ctx.caller, input.id);
    }),

  deliveries: can("webhooks.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks/{id}/deliveries",
        tags,
        summary: "Delivery log of a webhook",
        description:
          "ADMIN. Newest first. One delivery per event sent to this webhook: status PENDING (attempts in progress; nextAttemptAt), SUCCEEDED or FAILED (after the third failed " +
          "retry; it stays listed), with every attempt (number, start, status code or null, duration in ms, the first 1 KB of the answer, the error).",
        errorResponses: { 400: "Invalid query", ...roles, ...notFound },
      },
    })
    .input(ZListDeliveriesInput)
    .output(ZListDeliveriesOutput)
    .query(({ ctx, input }) => listDeliveries(ctx.db, ctx.caller, input)),

  redeliver: can("webhooks.manage")
    .meta({
      status: 202,
      openapi: {
        method: "POST",
        path: "/webhooks/{id}/deliveries/{deliveryId}/redeliver",
        tags,
        summary: "Redeliver an event",
        description:
          "ADMIN. Starts a new series of attempts (one attempt and the retries of WEBHOOK_RETRY_DELAYS_SECONDS) for a SUCCEEDED or FAILED delivery: the same event id and payload bytes, " +
          "attempt numbers continue. Answers 202 with the delivery, PENDING. 409 while the delivery is PENDING or when the webhook is inactive.",
        errorResponses: { ...roles, 404: "Webhook or delivery not found (or another tenant's)", 409: "Delivery still PENDING, or webhook inactive" },
      },
    })
    .input(ZRedeliverInput)
    .output(ZDeliveryOutput)
    .mutation(async ({ ctx, input }) => one(await redeliver(ctx.db, ctx.caller, input.id, input.deliveryId, ctx.clock.now()))),
});
