import { randomBytes } from "node:crypto";
import { startTsx, waitForHttp, type Child } from "./processes";

/**
 * The built app as `npm start` runs it (NODE_ENV=production, server.ts), on `port`, with fresh
 * production secrets, no demo seeding and a rate limit far above what a run can send.
 */
/** Fresh production secrets for one run (the attendance seed signs tokens with the same JWT_SECRET). */
export function benchSecrets(): Record<"JWT_SECRET" | "NEXTAUTH_SECRET" | "ENCRYPTION_KEY" | "MEDIA_HMAC_SECRET" | "LIVEKIT_API_KEY" | "LIVEKIT_API_SECRET", string> {
  const secret = () => randomBytes(32).toString("hex");
  return { JWT_SECRET: secret(), NEXTAUTH_SECRET: secret(), ENCRYPTION_KEY: secret(), MEDIA_HMAC_SECRET: secret(), LIVEKIT_API_KEY: `API${randomBytes(6).toString("hex")}`, LIVEKIT_API_SECRET: secret() };
}

export async function startApp(dbEnv: Record<string, string>, port: number, logFile: string, track: (c: Child) => Child, secrets = benchSecrets()): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  const child = track(
    startTsx(
      "app",
      "server.ts",
      {
        ...dbEnv,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        APP_ROOT_DOMAIN: `localhost:${port}`,
        SEED_ON_START: "false",
        RATE_LIMIT_PER_HOUR: "100000000",
        // The bench's e-mails (signature receipts…) go to the local outbox: no provider here.
        ENABLE_DEV_OUTBOX: "true",
        LOG_LEVEL: "warn",
        ...secrets,
      },
      logFile,
      // BENCH_APP_PROFILE=<dir>: the app writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
      process.env.BENCH_APP_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_APP_PROFILE}`] : [],
    ),
  );
  await waitForHttp(`${url}/api/health`, child).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; see ${logFile}`);
  });
  return url;
}
