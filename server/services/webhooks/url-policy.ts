import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { httpWebhooksAllowed } from "../../env";
import { classifyAddress, type AddressKind } from "./address";

/**
 * Webhook URL policy (issue #9 item 2, conventions §8), checked at registration and again at
 * delivery, in the connection itself (delivery.ts), so a name that starts resolving to a private
 * address after registration (DNS rebinding) is still refused:
 * - https only; with ALLOW_HTTP_WEBHOOKS=true (never in production) http is allowed, to a loopback
 *   address only (127.0.0.1, [::1], localhost), and loopback addresses are then accepted;
 * - every address the host name resolves to must be public (address.ts): one private answer refuses.
 * Resolution goes through `resolveHost`, which tests replace with `setWebhookResolver`.
 */
export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = systemResolver;

/** Tests swap name resolution (null restores the system resolver). */
export function setWebhookResolver(next: Resolver | null): void {
  resolver = next ?? systemResolver;
}

export function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  return resolver(hostname);
}

/**
 * `message` is one of the fixed texts of messages/api/fields.en.ts (errors.url, worded per
 * language); `detail` names the address, for the delivery log.
 */
export class UrlRefused extends Error {
  readonly detail: string | undefined;
  constructor(message: string, detail?: string) {
    super(message);
    this.name = "UrlRefused";
    this.detail = detail;
  }
  /** The message with its detail, as an attempt's error. */
  get full(): string {
    return this.detail ? `${this.message} (${this.detail})` : this.message;
  }
}

const KIND_TEXT: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "Refused: a loopback address (webhooks reach public addresses only)",
  private: "Refused: a private network address (webhooks reach public addresses only)",
  "link-local": "Refused: a link-local address (webhooks reach public addresses only)",
  unspecified: "Refused: the unspecified address (webhooks reach public addresses only)",
  multicast: "Refused: a multicast address (webhooks reach public addresses only)",
  reserved: "Refused: a reserved address (webhooks reach public addresses only)",
  invalid: "Not a valid URL",
};

/** Throws UrlRefused unless `address` may be reached (loopback only when http webhooks are allowed). */
export function assertReachable(address: string, hostLabel = address): void {
  const kind = classifyAddress(address);
  if (kind === "public") return;
  if (kind === "loopback" && httpWebhooksAllowed()) return;
  throw new UrlRefused(KIND_TEXT[kind], hostLabel === address ? address : `${hostLabel} resolves to ${address}`);
}

/** The URL's host without IPv6 brackets. */
export const bareHost = (url: URL) => (url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname);

/** Syntax and scheme rules (no resolution). Throws UrlRefused. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused("Not a valid URL");
  }
  if (url.username || url.password) throw new UrlRefused("Credentials in the URL are not allowed");
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:") {
    if (!httpWebhooksAllowed()) throw new UrlRefused("Must be an https:// URL");
    const host = bareHost(url);
    const loopbackName = host === "localhost" || host.endsWith(".localhost");
    if (!loopbackName && classifyAddress(host) !== "loopback") throw new UrlRefused("Must be an https:// URL");
    return url;
  }
  throw new UrlRefused("Must be an https:// URL");
}

/**
 * Registration check: scheme, then every address of the host (an IP literal is checked as is;
 * a name through the resolver). Throws UrlRefused with a message fit for errors.url.
 */
export async function checkWebhookUrl(raw: string): Promise<URL> {
  const url = parseWebhookUrl(raw);
  const host = bareHost(url);
  if (isIP(host)) {
    assertReachable(host);
    return url;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveHost(host);
  } catch {
    throw new UrlRefused("The host name does not resolve", host);
  }
  if (!addresses.length) throw new UrlRefused("The host name does not resolve", host);
  for (const a of addresses) assertReachable(a.address, host);
  return url;
}
