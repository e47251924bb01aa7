import { spawnSync } from "node:child_process";

/**
 * `npm run fuzz -- [requests] [seed]`: the fuzz test over every operation
 * (tests/integration/fuzz.test.ts) with more requests (default 2000) and, optionally, another seed.
 * Set DATABASE_URL to run it on PostgreSQL. It prints the counts (requests, statuses, violations, time).
 */
const [count = "2000", seed] = process.argv.slice(2);
if (!/^\d+$/.test(count) || (seed !== undefined && !/^\d+$/.test(seed))) {
  console.error("usage: npm run fuzz -- [requests] [seed]");
  process.exit(2);
}
const result = spawnSync("npx", ["vitest", "run", "tests/integration/fuzz.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_REQUESTS: count, ...(seed ? { FUZZ_SEED: seed } : {}) },
});
process.exit(result.status ?? 1);
