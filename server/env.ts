import { z } from "zod";

/**
 * The one place that reads process.env. Every limit of the spec is configuration
 * (conventions §6) with the spec's value as default; secrets have development
 * defaults that are refused in production.
 */
const DEV_SECRET = "dev-only-secret-change-me-0123456789abcdef";

const intFrom = (def: number) => z.coerce.number().int().positive().default(def);
const bool = (def: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(def ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: intFrom(3000),
  // Listen address: loopback by default; set HOST=0.0.0.0 (or an interface) to serve other machines (containers).
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
  APP_ROOT_DOMAIN: z.string().default("localhost:3000"),
  APP_URL: z.string().url().default("http://localhost:3000"),
  JWT_SECRET: z.string().min(32).default(DEV_SECRET),
  NEXTAUTH_SECRET: z.string().min(32).default(DEV_SECRET),
  ENCRYPTION_KEY: z.string().min(32).default(DEV_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: intFrom(3600),
  REFRESH_TOKEN_TTL_SECONDS: intFrom(7 * 24 * 3600),
  INVITATION_TTL_SECONDS: intFrom(7 * 24 * 3600),
  RESET_TOKEN_TTL_SECONDS: intFrom(3600),
  RATE_LIMIT_PER_HOUR: intFrom(1000),
  RATE_LIMIT_WINDOW_SECONDS: intFrom(3600),
  LOGIN_MAX_FAILURES: intFrom(10),
  LOGIN_LOCK_SECONDS: intFrom(15 * 60),
  // Failed logins from one client address, whatever the accounts, within LOGIN_LOCK_SECONDS (login-throttle.ts).
  LOGIN_MAX_FAILURES_PER_ADDRESS: intFrom(30),
  // How long an access token's session-version check (revoked family, suspension) is cached: 0-60 s.
  SESSION_CHECK_TTL_SECONDS: z.coerce.number().int().min(0).max(60).default(30),
  // Origins allowed to call the API from a browser (comma-separated); none by default.
  CORS_ORIGINS: z.string().default(""),
  QR_TOKEN_TTL_SECONDS: intFrom(300),
  PIN_MAX_ATTEMPTS: intFrom(5),
  PIN_LOCK_SECONDS: intFrom(15 * 60),
  // Attendance reminders (services/attendance/reminders.ts): minutes after a slot opens for the first
  // e-mail (0: at its start), and minutes before it closes for the second.
  ATTENDANCE_REMINDER_OPEN_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(0),
  ATTENDANCE_REMINDER_CLOSING_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  WEBHOOK_RETRY_DELAYS_SECONDS: z.string().default("60,300,1800"),
  WEBHOOK_TIMEOUT_SECONDS: intFrom(30),
  // An endpoint whose deliveries end FAILED this many times in a row is disabled (its admins get an e-mail).
  WEBHOOK_DISABLE_AFTER_FAILURES: intFrom(10),
  // Local testing only: lets webhooks use http:// to a loopback address (127.0.0.1, ::1, localhost). Never honoured in production.
  ALLOW_HTTP_WEBHOOKS: bool(false),
  COMPLAINT_AUTO_CLOSE_DAYS: intFrom(30),
  // The answer delay promised in a complaint's acknowledgement (calendar days; CRITICAL complaints: the 24 h SLA). No tenant setting exists: one default for all.
  COMPLAINT_ANSWER_DAYS: intFrom(15),
  // Satisfaction surveys: the follow-up survey is e-mailed this many days after completion; a survey link expires this many days after it is sent.
  SURVEY_FOLLOW_UP_DAYS: intFrom(90),
  SURVEY_LINK_TTL_DAYS: intFrom(30),
  // CRITICAL complaints: the admins are e-mailed once when the 24 h SLA ends within this many minutes.
  COMPLAINT_SLA_ALERT_MINUTES: intFrom(120),
  // Job worker: runs inside the app by default (false: run `npm run worker` beside it); queue polling and supervision intervals.
  JOBS_IN_APP: bool(true),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  JOB_MAINTENANCE_INTERVAL_SECONDS: intFrom(60),
  // Caps every queue's expiry (a job whose worker died is retried after it): crash tests lower it.
  JOB_EXPIRE_MAX_SECONDS: z.coerce.number().int().positive().optional(),
  // Caps every queue's first retry delay (the backoff doubles from it): crash tests lower it.
  JOB_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().positive().optional(),
  // An issued invoice's render job waits this long (the issuing request normally renders it first; the job is the guarantee).
  INVOICE_RENDER_JOB_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // false: an API-only instance (REST, tRPC, health; pages are answered 404 and served by other instances), without a Next build.
  SERVE_PAGES: bool(true),
  MEDIA_HMAC_SECRET: z.string().min(16).default(DEV_SECRET),
  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Plateforme Formation <no-reply@localhost>"),
  // Mail configurations (spec: Mail configuration): OAuth apps for "Connect Google / Microsoft" and the
  // providers' base URLs (overridable so tests reach local fakes). Without a client id the authorize
  // operation answers 422 MAIL_OAUTH_NOT_CONFIGURED.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE_URL: z.string().url().default("https://accounts.google.com"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GMAIL_API_BASE_URL: z.string().url().default("https://gmail.googleapis.com"),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z.string().default("common"),
  MICROSOFT_LOGIN_BASE_URL: z.string().url().default("https://login.microsoftonline.com"),
  GRAPH_API_BASE_URL: z.string().url().default("https://graph.microsoft.com"),
  MAIL_PROVIDER_TIMEOUT_SECONDS: intFrom(30),
  ENABLE_DEV_OUTBOX: bool(false),
  SEED_PASSWORD: z.string().min(10).default("demo-Passw0rd!"),
  // argon2id cost of new password hashes (a stored hash carries its own parameters, so verifying
  // always uses the cost it was made with). The defaults are above OWASP's minimum (19 MiB, 2
  // iterations); the test suite lowers them (vitest.config.ts) so that its hundreds of logins stay
  // fast while still hashing and verifying for real. Its spawned production processes inherit
  // that cost, which is why production does not refuse it.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(65_536),
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1).max(20).default(3),
  PASSWORD_HASH_PARALLELISM: z.coerce.number().int().min(1).max(16).default(4),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // AI (conventions §9): the local provider works offline; openai needs AI_BASE_URL and AI_API_KEY.
  AI_PROVIDER: z.enum(["local", "openai"]).default("local"),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TIMEOUT_SECONDS: intFrom(60),
  // Media uploads: local-disk storage directory and the largest decoded file accepted.
  MEDIA_DIR: z.string().default(".data/media"),
  MEDIA_MAX_BYTES: intFrom(10 * 1024 * 1024),
  // A request not fully received within REQUEST_TIMEOUT_MS (headers within HEADERS_TIMEOUT_MS) answers 408 and is closed.
  REQUEST_TIMEOUT_MS: intFrom(60_000),
  HEADERS_TIMEOUT_MS: intFrom(15_000),
  // Live video (conventions §9): LiveKit server and API key pair; defaults match `livekit-server --dev` and are refused in production.
  LIVEKIT_URL: z.string().default("ws://localhost:7880"),
  LIVEKIT_API_KEY: z.string().default("devkey"),
  LIVEKIT_API_SECRET: z.string().default("secret"),
  // Payments (conventions §9): a gateway with no key runs in sandbox mode (the app's own /pay/sandbox/{paymentId} page plays it).
  // PSP_A_ISV (card gateway, Connect destination charges): secret key, webhook signing secret, and the API's host/port/protocol (tests reach a local fake).
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // PSP_B: API key, API root (default https://api.mollie.com:443/v2/), and the shared secret of signed (next-gen) webhooks.
  MOLLIE_API_KEY: z.string().optional(),
  MOLLIE_API_ENDPOINT: z.string().url().optional(),
  MOLLIE_WEBHOOK_SECRET: z.string().optional(),
  // The platform's share of every payment, percent of the amount (PSP_A_ISV application fee, PSP_B the part not routed to the tenant).
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  // Sandbox gateway: auto = a gateway without keys runs as the sandbox, except in production when another gateway is live
  // (a real deployment must not let a keyless gateway enrol for free); on / off force it.
  PAYMENT_SANDBOX: z.enum(["auto", "on", "off"]).default("auto"),
  // HMAC key of the sandbox gateway's callbacks and checkout links; default derived from ENCRYPTION_KEY.
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  // How long a checkout stays open (sandbox; the real gateways have their own expiry).
  PAYMENT_CHECKOUT_TTL_MINUTES: intFrom(30),
});

export type Env = z.infer<typeof EnvSchema>;

const SECRETS = ["JWT_SECRET", "NEXTAUTH_SECRET", "ENCRYPTION_KEY", "MEDIA_HMAC_SECRET"] as const;
/** LiveKit's development key pair (`livekit-server --dev`): anyone can mint room tokens and sign webhooks with it. */
const LIVEKIT_DEV_KEYS = { LIVEKIT_API_KEY: "devkey", LIVEKIT_API_SECRET: "secret" } as const;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production") {
    const missing: string[] = SECRETS.filter((k) => !cleaned[k] || cleaned[k] === DEV_SECRET);
    for (const [k, dev] of Object.entries(LIVEKIT_DEV_KEYS)) if (!cleaned[k] || cleaned[k] === dev) missing.push(k);
    if (missing.length) {
      throw new Error(`Refusing to start in production: set ${missing.join(", ")} (see .env.example)`);
    }
  }
  if (env.AI_PROVIDER === "openai" && (!env.AI_BASE_URL || !env.AI_API_KEY)) {
    throw new Error("Invalid environment:\n  AI_PROVIDER=openai needs AI_BASE_URL and AI_API_KEY (see .env.example)");
  }
  return env;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change limits through the environment; this drops the cached parse. */
export function resetEnvCache(): void {
  cached = undefined;
}

/** WEBHOOK_RETRY_DELAYS_SECONDS as numbers (default 60, 300, 1800: one attempt and three retries). */
export function webhookRetryDelays(): number[] {
  const raw = env().WEBHOOK_RETRY_DELAYS_SECONDS.trim();
  if (!raw) return [];
  return raw.split(",").map((part) => {
    const n = Number(part.trim());
    if (!Number.isFinite(n) || n < 0) throw new Error(`Invalid environment:\n  WEBHOOK_RETRY_DELAYS_SECONDS: "${part}" is not a number of seconds`);
    return n;
  });
}

/**
 * ALLOW_HTTP_WEBHOOKS, which a production deployment never honours: with NODE_ENV=production it
 * counts only while the app itself is served from a loopback address (APP_URL on localhost or
 * 127.0.0.1: the local production build the end-to-end tests run against).
 */
export function httpWebhooksAllowed(): boolean {
  const e = env();
  if (!e.ALLOW_HTTP_WEBHOOKS) return false;
  if (e.NODE_ENV !== "production") return true;
  const host = new URL(e.APP_URL).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export function devOutboxEnabled(): boolean {
  const e = env();
  return e.NODE_ENV !== "production" || e.ENABLE_DEV_OUTBOX;
}
