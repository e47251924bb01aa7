import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of the PSP_A_ISV (Stripe) HTTP API the adapter calls:
 * `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}` (with `expand[]=payment_intent`),
 * `GET /v1/payment_intents/{id}`, `POST /v1/payment_intents/{id}/capture` and `POST /v1/refunds`.
 * Bodies are form-encoded with bracketed keys, as the SDK sends them; answers are the API's JSON
 * objects with the fields the adapter reads. It refuses a wrong `Authorization: Bearer <key>`
 * (401), replays the stored answer for a repeated `Idempotency-Key` (as Stripe does), and
 * records every request so tests can assert the split fields and idempotency keys.
 * `signEvent` signs a webhook body like Stripe: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256
 * of "<t>.<body>" with the endpoint secret>`.
 */
export type StripeRequest = { method: string; path: string; form: Record<string, string>; idempotencyKey: string | undefined; authorization: string | undefined };

type Session = {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};
type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled";
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  metadata: Record<string, string>;
  cancellation_reason: string | null;
};

export type FakeStripe = {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  requests: StripeRequest[];
  sessions: Map<string, Session>;
  intents: Map<string, PaymentIntent>;
  /** What the next refunds answer: succeeded (default) or pending. */
  refundStatus: "succeeded" | "pending";
  /** The payer paid: the session is complete and paid (manual capture: authorised, requires_capture). */
  pay(sessionId: string, opts?: { manualCapture?: boolean }): PaymentIntent;
  /** A webhook event body for `object` and its Stripe-Signature header. */
  signEvent(type: string, object: Record<string, unknown>, opts?: { id?: string; secret?: string; at?: Date }): { body: string; signature: string; id: string };
  close(): Promise<void>;
};

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? "sk_test_fake_platform_key";
  const webhookSecret = opts.webhookSecret ?? "whsec_fake_endpoint_secret";
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const forms = new Map<string, Record<string, string>>(); // session id -> the creating form (payment_intent_data)
  const fake = { refundStatus: "succeeded" as "succeeded" | "pending" };

  const piFromForm = (session: Session, form: Record<string, string>, status: PaymentIntent["status"]): PaymentIntent => {
    const fee = form["payment_intent_data[application_fee_amount]"];
    const dest = form["payment_intent_data[transfer_data][destination]"];
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    return {
      id: rid("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      currency: session.currency,
      status,
      application_fee_amount: fee ? Number(fee) : null,
      transfer_data: dest ? { destination: dest } : null,
      metadata,
      cancellation_reason: null,
    };
  };

  const handle = (method: string, path: string, query: URLSearchParams, form: Record<string, string>): { status: number; body: unknown } => {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const amount = Number(form["line_items[0][price_data][unit_amount]"]);
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const mm = /^metadata\[(.+)\]$/.exec(k);
        if (mm) metadata[mm[1]!] = v;
      }
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const session: Session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        client_reference_id: form.client_reference_id ?? null,
        amount_total: amount,
        currency: form["line_items[0][price_data][currency]"] ?? "eur",
        expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 86400),
        metadata,
        success_url: form.success_url ?? "",
        cancel_url: form.cancel_url ?? "",
      };
      sessions.set(id, session);
      forms.set(id, form);
      return { status: 200, body: session };
    }
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = sessions.get(m[1]!);
      if (!s) return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${m[1]}'` } } };
      const expand = [...query.entries()].some(([k, v]) => k.startsWith("expand") && v === "payment_intent");
      return { status: 200, body: expand && s.payment_intent ? { ...s, payment_intent: intents.get(s.payment_intent) } : s };
    }
    if (method === "GET" && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = intents.get(m[1]!);
      return pi ? { status: 200, body: pi } : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
    }
    if (method === "POST" && (m = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi) return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
      if (pi.status !== "requires_capture") return { status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "This PaymentIntent could not be captured" } } };
      pi.status = "succeeded";
      for (const s of sessions.values()) if (s.payment_intent === pi.id) s.payment_status = "paid";
      return { status: 200, body: pi };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const pi = intents.get(form.payment_intent ?? "");
      if (!pi) return { status: 400, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const mm = /^metadata\[(.+)\]$/.exec(k);
        if (mm) metadata[mm[1]!] = v;
      }
      return { status: 200, body: { id: rid("re"), object: "refund", amount: Number(form.amount ?? pi.amount), currency: pi.currency, payment_intent: pi.id, status: fake.refundStatus, metadata } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, form, idempotencyKey, authorization: req.headers.authorization });
      const send = (status: number, body: string) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": rid("req"), ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}) });
        res.end(body);
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
      const replayKey = idempotencyKey && req.method === "POST" ? `${url.pathname}:${idempotencyKey}` : null;
      if (replayKey && idempotent.has(replayKey)) {
        const stored = idempotent.get(replayKey)!;
        return send(stored.status, stored.body);
      }
      const r = handle(req.method ?? "GET", url.pathname, url.searchParams, form);
      const body = JSON.stringify(r.body);
      if (replayKey) idempotent.set(replayKey, { status: r.status, body });
      send(r.status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    intents,
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(v) {
      fake.refundStatus = v;
    },
    pay(sessionId, o = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const pi = piFromForm(s, forms.get(sessionId) ?? {}, o.manualCapture ? "requires_capture" : "succeeded");
      intents.set(pi.id, pi);
      s.payment_intent = pi.id;
      s.status = "complete";
      s.payment_status = o.manualCapture ? "unpaid" : "paid";
      return pi;
    },
    signEvent(type, object, o = {}) {
      const id = o.id ?? rid("evt");
      const body = JSON.stringify({ id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
      const t = Math.floor((o.at ?? new Date()).getTime() / 1000);
      const v1 = createHmac("sha256", o.secret ?? webhookSecret).update(`${t}.${body}`, "utf8").digest("hex");
      return { body, signature: `t=${t},v1=${v1}`, id };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
