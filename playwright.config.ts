import { defineConfig, devices } from "@playwright/test";
import { PORT, ROOT_HOST, ROOT_URL, tenantUrl } from "./e2e/fixtures/urls";

/**
 * E2E against the production build (`npm run build` first; CI does it). The web server gets a
 * throwaway embedded database (.data/e2e), seeded with the demo data, then `npm start` with
 * explicit secrets. Tenants are sub-domains of localhost, resolved by Chromium itself.
 * E2E_PORT moves everything to another port when 3000 is taken.
 */
const DATA_DIR = ".data/e2e";
/**
 * E2E_DATABASE_URL (an empty PostgreSQL database; `.ci/run` creates one) runs the server on
 * PostgreSQL instead: its queries then run beside the server's event loop, not inside it.
 */
const PG_URL = process.env.E2E_DATABASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: tenantUrl("acme"),
    locale: "fr-FR",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP *.localhost 127.0.0.1",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: PG_URL ? "env -u NODE_ENV npm run db:seed && npm start" : `rm -rf ${DATA_DIR} ${DATA_DIR}.lock && env -u NODE_ENV npm run db:seed && npm start`,
    url: `${ROOT_URL}/api/health`,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "true",
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...(PG_URL ? { DATABASE_URL: PG_URL } : { PGLITE_DIR: DATA_DIR }),
      PORT: String(PORT),
      APP_ROOT_DOMAIN: ROOT_HOST,
      APP_URL: ROOT_URL,
      JWT_SECRET: "e2e-jwt-secret-0123456789abcdefghijklmnop",
      NEXTAUTH_SECRET: "e2e-nextauth-secret-0123456789abcdefghij",
      ENCRYPTION_KEY: "e2e-encryption-key-0123456789abcdefghijk",
      MEDIA_HMAC_SECRET: "e2e-media-hmac-secret-0123456789abcdef",
      // Production refuses LiveKit's development pair (devkey / secret).
      LIVEKIT_API_KEY: "APIe2eKey",
      LIVEKIT_API_SECRET: "e2e-livekit-secret-0123456789abcdefghijk",
      ENABLE_DEV_OUTBOX: "true",
      // e2e/webhooks.spec.ts registers a receiver on http://127.0.0.1 (loopback only; never in production).
      ALLOW_HTTP_WEBHOOKS: "true",
      RATE_LIMIT_PER_HOUR: "100000",
      LOG_LEVEL: "warn",
    },
  },
});
