import { randomBytes } from "node:crypto";
import { startTsx, waitForHttp, type Child } from "./processes";

/**
 * The built app as `npm start` runs it (NODE_ENV=production, server.ts), on `port`, with fresh
 * production secrets, no demo seeding and a rate limit far above what a run can send.
 */
export async function startApp(dbEnv: Record<string, string>, port: number, logFile: string, track: (c: Child) => Child): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  const secret = () => randomBytes(32).toString("hex");
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
        LOG_LEVEL: "warn",
        JWT_SECRET: secret(),
        NEXTAUTH_SECRET: secret(),
        ENCRYPTION_KEY: secret(),
        MEDIA_HMAC_SECRET: secret(),
      },
      logFile,
    ),
  );
  await waitForHttp(`${url}/api/health`, child).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; see ${logFile}`);
  });
  return url;
}
