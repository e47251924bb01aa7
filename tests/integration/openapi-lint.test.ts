import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";

const run = promisify(execFile);
const ROOT = process.cwd();
/** Inside the repository (test-results/ is gitignored; not a dot folder, which globs skip): `.spectral.yaml`'s per-operation overrides match files under it. */
const DIR = join(ROOT, "test-results", "openapi-lint");
const FILE = join(DIR, `openapi-${process.pid}.json`);

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  const res = await fetch(`${api.url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(FILE, await res.text());
}, 120_000);
afterAll(async () => {
  rmSync(FILE, { force: true });
  await api?.close();
});

type Problem = { severity: number | string; code?: string; ruleId?: string; path?: string[]; location?: { pointer: string }[]; message: string };

/** A CLI that exits non-zero on errors: its JSON report is read whatever the exit code. */
async function report(bin: string, args: string[]): Promise<string> {
  try {
    return (await run(join(ROOT, "node_modules/.bin", bin), args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } })).stdout;
  } catch (error) {
    const out = (error as { stdout?: string }).stdout;
    if (!out) throw error;
    return out;
  }
}

describe("GET /api/v1/openapi.json passes the linters (docs/openapi-lint-exceptions.md)", () => {
  it("Redocly CLI (recommended ruleset): 0 errors", async () => {
    const out = await report("redocly", ["lint", FILE, "--format=json"]);
    const { problems } = JSON.parse(out.slice(out.indexOf("{"))) as { problems: Problem[] };
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId} ${p.location?.[0]?.pointer} ${p.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("Spectral with the OWASP ruleset (.spectral.yaml): 0 errors", async () => {
    const out = await report("spectral", ["lint", FILE, "--ruleset", ".spectral.yaml", "--format", "json", "--quiet"]);
    const results = JSON.parse(out.slice(out.indexOf("["))) as Problem[];
    const errors = results.filter((p) => p.severity === 0).map((p) => `${p.code} ${p.path?.join("/")} ${p.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    // the ruleset really ran: its warnings (free text without a pattern) are there
    expect(results.some((p) => p.code === "owasp:api4:2023-string-restricted")).toBe(true);
  }, 180_000);
});
