import { createHmac, randomBytes } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { selfSignedTls } from "./self-signed";

/**
 * A local stand-in for the parts of the PSP_B (Mollie v2) API the adapter calls:
 * `POST /v2/payments`, `GET /v2/payments/{id}`, `POST /v2/payments/{id}/captures`,
 * `POST|GET /v2/payments/{id}/refunds`. JSON in, HAL JSON out (`_links`, `_embedded`), amounts as
 * `{currency, value: "12.34"}`, like the API. A wrong `Authorization: Bearer <key>` answers 401;
 * an unknown payment 404. Every request is recorded (body and `Idempotency-Key`) so tests can
 * assert the routing split and the idempotency keys. Classic webhooks are `id=tr_…` form bodies,
 * unsigned; `signNextGen` signs a next-gen event body (`X-Mollie-Signature`, hex HMAC-SHA256).
 *
 * HTTPS only: @mollie/api-client 4.6 always sends through an https.Agent holding its bundled CA
 * list (plain http fails with "Protocol http: not supported"), so the fake serves TLS with a
 * self-signed certificate made in Node (./self-signed.ts), and the test that uses it sets
 * NODE_TLS_REJECT_UNAUTHORIZED=0 for its own process (see tests/integration/payments-gateways.test.ts).
 */
export type MollieRequest = { method: string; path: string; body: Record<string, any> | null; idempotencyKey: string | undefined };
type Amount = { currency: string; value: string };
type Refund = { resource: "refund"; id: string; amount: Amount; status: "queued" | "pending" | "processing" | "refunded" | "failed"; paymentId: string; metadata: unknown; createdAt: string; description: string; _links: Record<string, unknown> };
type Payment = {
  resource: "payment";
  id: string;
  mode: "test";
  status: "open" | "pending" | "authorized" | "paid" | "canceled" | "expired" | "failed";
  amount: Amount;
  amountRefunded?: Amount;
  description: string;
  metadata: unknown;
  redirectUrl: string;
  cancelUrl?: string;
  webhookUrl?: string;
  routing?: unknown[];
  createdAt: string;
  expiresAt: string;
  profileId: string;
  sequenceType: "oneoff";
  _links: Record<string, { href: string; type: string } | null>;
};

export type FakeMollie = {
  url: string;
  apiKey: string;
  webhookSecret: string;
  requests: MollieRequest[];
  payments: Map<string, Payment>;
  refunds: Map<string, Refund>;
  /** Moves a payment to a status (paid, authorized, canceled, expired, failed). */
  setStatus(id: string, status: Payment["status"]): void;
  /** The refund settled: status refunded, the payment's amountRefunded grows. */
  completeRefund(refundId: string): void;
  /** A next-gen webhook body naming `paymentId` and its X-Mollie-Signature. */
  signNextGen(paymentId: string, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
};

const token = (prefix: string) => `${prefix}_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x")}`;
const cents = (a: Amount) => Math.round(Number(a.value) * 100);
const amount = (currency: string, c: number): Amount => ({ currency, value: (c / 100).toFixed(2) });

export async function startFakeMollie(opts: { apiKey?: string; webhookSecret?: string } = {}): Promise<FakeMollie> {
  const apiKey = opts.apiKey ?? "test_fakeMollieApiKey000000000000";
  const webhookSecret = opts.webhookSecret ?? "mollie-nextgen-shared-secret";
  const requests: MollieRequest[] = [];
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  let base = "";

  const problem = (status: number, title: string, detail: string) => ({ status, body: { status, title, detail, _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } } } });

  const handle = (method: string, path: string, body: Record<string, any> | null): { status: number; body: unknown } => {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v2/payments") {
      const id = token("tr");
      const now = new Date();
      const p: Payment = {
        resource: "payment",
        id,
        mode: "test",
        status: "open",
        amount: body!.amount,
        description: body!.description,
        metadata: body!.metadata ?? null,
        redirectUrl: body!.redirectUrl,
        cancelUrl: body!.cancelUrl,
        webhookUrl: body!.webhookUrl,
        ...(body!.routing ? { routing: (body!.routing as any[]).map((r) => ({ resource: "route", id: token("rt"), mode: "test", ...r, createdAt: now.toISOString() })) } : {}),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
        profileId: "pfl_fakeprofile",
        sequenceType: "oneoff",
        _links: {
          self: { href: `${base}/v2/payments/${id}`, type: "application/hal+json" },
          checkout: { href: `https://www.mollie.test/checkout/select-method/${id.slice(3)}`, type: "text/html" },
          dashboard: { href: `https://my.mollie.test/dashboard/payments/${id}`, type: "text/html" },
        },
      };
      payments.set(id, p);
      return { status: 201, body: p };
    }
    if ((m = /^\/v2\/payments\/([^/]+)(\/[a-z]+)?$/.exec(path))) {
      const p = payments.get(m[1]!);
      if (!p) return problem(404, "Not Found", `No payment exists with token ${m[1]}.`);
      const sub = m[2];
      if (!sub && method === "GET") return { status: 200, body: p };
      if (sub === "/captures" && method === "POST") {
        if (p.status !== "authorized") return problem(422, "Unprocessable Entity", "The payment cannot be captured");
        p.status = "paid";
        return { status: 201, body: { resource: "capture", id: token("cpt"), mode: "test", amount: body?.amount ?? p.amount, status: "succeeded", paymentId: p.id, createdAt: new Date().toISOString(), _links: {} } };
      }
      if (sub === "/refunds" && method === "POST") {
        if (p.status !== "paid") return problem(422, "Unprocessable Entity", "The payment cannot be refunded");
        const r: Refund = {
          resource: "refund",
          id: token("re"),
          amount: body!.amount,
          status: "pending",
          paymentId: p.id,
          metadata: body!.metadata ?? null,
          description: body!.description ?? "",
          createdAt: new Date().toISOString(),
          _links: { self: { href: `${base}/v2/payments/${p.id}/refunds`, type: "application/hal+json" } },
        };
        refunds.set(r.id, r);
        return { status: 201, body: r };
      }
      if (sub === "/refunds" && method === "GET") {
        const list = [...refunds.values()].filter((r) => r.paymentId === p.id);
        return { status: 200, body: { count: list.length, _embedded: { refunds: list }, _links: { self: { href: `${base}${path}`, type: "application/hal+json" }, previous: null, next: null, documentation: null } } };
      }
    }
    return problem(404, "Not Found", `The resource ${path} does not exist`);
  };

  const tls = await selfSignedTls("127.0.0.1");
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, any> | null = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": status >= 400 ? "application/problem+json" : "application/hal+json" });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, problem(401, "Unauthorized Request", "Missing authentication, or failed to authenticate").body);
      const r = handle(req.method ?? "GET", url.pathname, body);
      send(r.status, r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/v2/`,
    apiKey,
    webhookSecret,
    requests,
    payments,
    refunds,
    setStatus(id, status) {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      p.status = status;
    },
    completeRefund(refundId) {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`no refund ${refundId}`);
      r.status = "refunded";
      const p = payments.get(r.paymentId)!;
      p.amountRefunded = amount(p.amount.currency, (p.amountRefunded ? cents(p.amountRefunded) : 0) + cents(r.amount));
    },
    signNextGen(paymentId, secret) {
      const body = JSON.stringify({ resource: "event", id: token("event"), type: "payment.updated", entityId: paymentId, createdAt: new Date().toISOString(), _links: {} });
      return { body, signature: `sha256=${createHmac("sha256", secret ?? webhookSecret).update(body, "utf8").digest("hex")}` };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
