import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "../../server/db";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "pglite-lock-"));
let first: DbHandle | undefined;

afterAll(async () => {
  await first?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("embedded database guard", () => {
  it("refuses a second process on the same PGlite directory with a clear error", async () => {
    first = await openDatabase({ pgliteDir: path.join(dir, "db") });
    const script = `import { openDatabase } from ${JSON.stringify(path.resolve("server/db/index.ts"))};
      try { await openDatabase({ pgliteDir: ${JSON.stringify(path.join(dir, "db"))} }); console.log("OPENED"); process.exit(0); }
      catch (e) { console.log(String(e.message)); process.exit(3); }`;
    const outcome = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd() }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(outcome.code).toBe(3);
    expect(outcome.out).toMatch(/in use by another process/);
    // A fresh embedded database is migrated, then a second Node process starts with tsx: minutes on a loaded 2-core machine.
  }, 180_000);

  it("opens again once the first process released it", async () => {
    await first!.close();
    first = await openDatabase({ pgliteDir: path.join(dir, "db") });
    await first.ping();
  }, 120_000);
});
