import { ZListUsersOutput } from "../server/contracts/users";

/**
 * The cost of the output validation that every procedure runs (server/api/trpc.ts, "Output
 * validation policy"): zod parsing a 20-row users page, against JSON.stringify of the same page.
 * In process, after a warm-up; printed by `npm run bench` beside the request figures.
 */
export type OutputValidationSummary = { parseMicros: number; stringifyMicros: number };

const page = {
  data: Array.from({ length: 20 }, (_, i) => ({
    id: `usr_${String(i).padStart(24, "0")}`,
    email: `learner${i}@acme.test`,
    firstName: "Alice",
    lastName: "Martin",
    role: "LEARNER",
    status: "ACTIVE",
    createdAt: "2026-11-29T09:00:00.000Z",
    updatedAt: "2026-11-29T09:00:00.000Z",
    lastLoginAt: null,
  })),
  meta: { total: 10_000, page: 1, limit: 20, totalPages: 500 },
};

function microsPer(run: () => unknown, n: number): number {
  for (let i = 0; i < n / 10; i += 1) run();
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) run();
  return Math.round(((performance.now() - t0) / n) * 10_000) / 10;
}

export function measureOutputValidation(n = 20_000): OutputValidationSummary {
  ZListUsersOutput.parse(page); // throws if the sample breaks the contract: the figure is then meaningless
  return { parseMicros: microsPer(() => ZListUsersOutput.parse(page), n), stringifyMicros: microsPer(() => JSON.stringify(page), n) };
}
