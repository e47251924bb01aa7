import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { ALL_STYLESHEETS, ARTEFACTS_DIR, compiledSource, expectedSourceHashes, SEF_MANIFEST, sha256, type SefManifest, type Stylesheet } from "../server/services/billing/facturx/validation/stylesheets";

/**
 * `npm run facturx:compile`: compiles the five Schematron stylesheets (three Factur-X profiles,
 * CEN EN 16931, BR-FR) to SaxonJS SEF with xslt3, beside each stylesheet, and rewrites
 * sef-manifest.json. Run it after replacing an artefact (or changing adjustForXx); commit the
 * SEFs and the manifest. `--changed` compiles only the stylesheets whose source hash differs
 * from the manifest. A few minutes on a small machine (two at a time).
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const xslt3 = require.resolve("xslt3/xslt3.js");
const version = (JSON.parse(readFileSync(path.join(path.dirname(xslt3), "package.json"), "utf8")) as { version: string }).version;

function readManifest(): SefManifest | null {
  try {
    return JSON.parse(readFileSync(SEF_MANIFEST, "utf8")) as SefManifest;
  } catch {
    return null;
  }
}

async function compile(s: Stylesheet): Promise<string> {
  // Compiled from the adjusted copy in a temporary folder (with the code lists it reads), written
  // relocatable (-relocate:on) beside the original, where document() finds the same code lists.
  const dir = mkdtempSync(path.join(os.tmpdir(), "facturx-compile-"));
  try {
    const copy = path.join(dir, path.basename(s.xslt));
    writeFileSync(copy, compiledSource(s));
    for (const f of readdirSync(path.dirname(s.xslt))) if (f.endsWith(".xml")) copyFileSync(path.join(path.dirname(s.xslt), f), path.join(dir, f));
    const out = path.join(dir, "out.sef.json");
    const t = performance.now();
    await run(process.execPath, [xslt3, `-xsl:${copy}`, `-export:${out}`, "-nogo", "-relocate:on"], { maxBuffer: 64 * 1024 * 1024 });
    const json = readFileSync(out);
    writeFileSync(`${s.sef}.tmp`, gzipSync(json, { level: 9 }));
    renameSync(`${s.sef}.tmp`, s.sef);
    console.info(`${s.key}: compiled in ${Math.round(performance.now() - t)} ms -> ${path.relative(process.cwd(), s.sef)} (${json.length} bytes of JSON)`);
    return sha256(json);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const onlyChanged = process.argv.includes("--changed");
  const before = readManifest();
  const expected = expectedSourceHashes();
  const todo = ALL_STYLESHEETS.filter((s) => !onlyChanged || before?.xslt3 !== version || before.stylesheets[s.key]?.sourceSha256 !== expected[s.key]!.sourceSha256);
  const manifest: SefManifest = { xslt3: version, stylesheets: { ...(onlyChanged ? before?.stylesheets : {}) } };
  const queue = [...todo];
  await Promise.all(
    [0, 1].map(async () => {
      for (let s = queue.shift(); s; s = queue.shift()) manifest.stylesheets[s.key] = { ...expected[s.key]!, sefSha256: await compile(s) };
    }),
  );
  const ordered: SefManifest = { xslt3: version, stylesheets: Object.fromEntries(ALL_STYLESHEETS.map((s) => [s.key, manifest.stylesheets[s.key]!])) };
  writeFileSync(SEF_MANIFEST, `${JSON.stringify(ordered, null, 2)}\n`);
  console.info(`${todo.length} stylesheet(s) compiled; ${path.relative(process.cwd(), SEF_MANIFEST)} written (artefacts: ${path.relative(process.cwd(), ARTEFACTS_DIR)})`);
}

await main();
