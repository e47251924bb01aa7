import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { adjustForXx, ALL_STYLESHEETS, ARTEFACTS_DIR, expectedSourceHashes, PROFILE_STYLESHEETS, SEF_MANIFEST, sha256, type SefManifest } from "../../server/services/billing/facturx/validation/stylesheets";

/**
 * The committed SEFs (SaxonJS's compiled Schematrons, facturx/validation/artefacts/**\/*.sef.json.gz)
 * are those of the stylesheets as they are now: sef-manifest.json records, per stylesheet, the
 * hash of its source as compiled (adjustForXx applied) and of the SEF produced, and the xslt3
 * version. A stylesheet replaced, or the adjustment changed, without `npm run facturx:compile`
 * fails here, naming the stylesheet.
 */
const manifest = JSON.parse(readFileSync(SEF_MANIFEST, "utf8")) as SefManifest;
const require = createRequire(import.meta.url);

describe("Factur-X SEF manifest", () => {
  it("was compiled with the installed xslt3", () => {
    const version = (JSON.parse(readFileSync(path.join(path.dirname(require.resolve("xslt3/xslt3.js")), "package.json"), "utf8")) as { version: string }).version;
    expect(manifest.xslt3).toBe(version);
  });

  it.each(ALL_STYLESHEETS.map((s) => [s.key, s] as const))("%s: the SEF is compiled from the current stylesheet (else run npm run facturx:compile)", (key, s) => {
    const entry = manifest.stylesheets[key];
    expect(entry, `${key} missing from sef-manifest.json`).toBeDefined();
    const expected = expectedSourceHashes()[key]!;
    expect({ xslt: entry!.xslt, sef: entry!.sef }).toEqual({ xslt: expected.xslt, sef: expected.sef });
    expect(entry!.sourceSha256, `${expected.xslt} changed since its SEF was compiled: run npm run facturx:compile`).toBe(expected.sourceSha256);
    expect(existsSync(s.sef), `${entry!.sef} missing`).toBe(true);
    expect(sha256(gunzipSync(readFileSync(s.sef))), `${entry!.sef} is not the SEF the manifest records`).toBe(entry!.sefSha256);
  });

  it("the check sees a change: one character more in a stylesheet, or the EXTENDED adjustment undone, gives another source hash", () => {
    const s = PROFILE_STYLESHEETS.EXTENDED;
    const text = readFileSync(s.xslt, "utf8");
    const adjusted = adjustForXx(s.xslt, text);
    expect(adjusted).not.toBe(text);
    expect(sha256(adjusted)).toBe(manifest.stylesheets[s.key]!.sourceSha256);
    expect(sha256(`${adjusted} `)).not.toBe(manifest.stylesheets[s.key]!.sourceSha256);
    expect(sha256(text)).not.toBe(manifest.stylesheets[s.key]!.sourceSha256);
    expect(path.relative(ARTEFACTS_DIR, s.sef)).toBe("EXTENDED/FACTUR-X_EXTENDED.sef.json.gz");
  });
});
