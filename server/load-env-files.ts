import nextEnv from "@next/env";

/**
 * Loads the .env files Next.js loads (same files, same precedence; variables already set win)
 * before anything reads env(). Imported first by server.ts and the scripts, so the API, the
 * worker, the seed and the pages all see the same secrets: data encrypted by `npm run db:seed`
 * (drawn signatures, webhook secrets) is readable by the server that reads .env.
 */
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production", { info: () => {}, error: (...a: unknown[]) => console.error(...a) });
