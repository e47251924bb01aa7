/**
 * Security headers of HTML pages (set by proxy.ts on every page response; static assets get the
 * static ones from next.config.ts). Pure functions: unit-tested in tests/unit/page-security.test.ts.
 *
 * Content-Security-Policy: scripts only with the request's nonce ('strict-dynamic' lets Next's
 * nonced bootstrap load its chunks); Next reads the nonce from the request's
 * Content-Security-Policy header and puts it on its own scripts. Styles allow 'unsafe-inline'
 * because React renders `style` attributes (a nonce cannot cover attributes). Images: self, data:
 * and blob: (QR codes, drawn signatures). Media and workers: blob: (video). connect-src: self plus
 * the LiveKit server (ws/wss and its http/https form). No framing by anyone (frame-ancestors 'none').
 */
export type PolicyOptions = { nonce: string; dev: boolean; https: boolean; mediaServerUrl?: string | null };

function mediaOrigins(url: string | null | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    const host = u.host;
    if (u.protocol === "wss:" || u.protocol === "https:") return [`wss://${host}`, `https://${host}`];
    if (u.protocol === "ws:" || u.protocol === "http:") return [`ws://${host}`, `http://${host}`];
  } catch {
    /* not a URL: nothing to allow */
  }
  return [];
}

export function contentSecurityPolicy(o: PolicyOptions): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.dev ? ["'unsafe-eval'"] : [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...mediaOrigins(o.mediaServerUrl), ...(o.dev ? ["ws:", "wss:"] : [])]],
    ["media-src", ["'self'", "blob:"]],
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  const parts = directives.map(([name, values]) => `${name} ${values.join(" ")}`);
  if (o.https) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/**
 * Only what the pages need, for the page's own origin: camera, microphone and screen sharing (video
 * room) and geolocation (the optional position attached to an attendance signature); nothing else.
 */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "microphone=(self)",
  "display-capture=(self)",
  "geolocation=(self)",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "midi=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
].join(", ");

/** Headers every page answer carries besides the CSP (HSTS only in production). */
export function staticPageHeaders(production: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** A fresh nonce per request: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
