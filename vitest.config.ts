import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // A worker imports the server's modules once, not once a test file (about 8 s a file);
    // tests/helpers/file-setup.ts gives every file the same starting state.
    isolate: false,
    setupFiles: ["tests/helpers/file-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Real argon2id at a test cost (server/env.ts PASSWORD_HASH_*): the suite logs in hundreds of times.
    env: { NODE_ENV: "test", LOG_LEVEL: "error", PASSWORD_HASH_MEMORY_KIB: "4096", PASSWORD_HASH_ITERATIONS: "1", PASSWORD_HASH_PARALLELISM: "1" },
  },
});
