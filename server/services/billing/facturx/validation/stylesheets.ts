import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FacturxProfile } from "../types";

/**
 * The official validation artefacts the server checks a Factur-X CII XML against, all under
 * `artefacts/` (one copy in the repository; the tests read the same files): per profile the XSD
 * set and the Factur-X Schematron as XSLT 2.0 (Factur-X 1.09.2), the CEN EN 16931 CII rules
 * (v1.3.16) and the French BR-FR rules (Flux 2 V1.3.0). Provenance and licences: artefacts/README.md
 * and artefacts/licenses/.
 *
 * Each XSLT is compiled once to SaxonJS's SEF by `npm run facturx:compile` (scripts/facturx-compile.ts,
 * xslt3) and the SEF is committed beside its stylesheet (`*.sef.json.gz`: relocatable, so that
 * `document()` finds the code list next to it; gzipped, about a tenth of the 30 MB of JSON);
 * `sef-manifest.json` records the hash of each stylesheet as compiled, and tests/unit/facturx-sef-manifest.test.ts fails when a stylesheet
 * changed without recompiling.
 */
export const ARTEFACTS_DIR = path.resolve(process.env.FACTURX_ARTEFACTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "artefacts"));
export const SEF_MANIFEST = path.join(ARTEFACTS_DIR, "sef-manifest.json");

type RuleSource = "FACTUR-X" | "EN16931" | "BR-FR";
export type Stylesheet = { key: string; source: RuleSource; xslt: string; sef: string };

const sheet = (key: string, source: RuleSource, rel: string): Stylesheet => ({
  key,
  source,
  xslt: path.join(ARTEFACTS_DIR, rel),
  sef: path.join(ARTEFACTS_DIR, rel.replace(/\.xslt?$/, ".sef.json.gz")),
});

export const PROFILES: FacturxProfile[] = ["BASIC", "EN16931", "EXTENDED"];

export const PROFILE_STYLESHEETS: Record<FacturxProfile, Stylesheet> = {
  BASIC: sheet("FACTUR-X_BASIC", "FACTUR-X", "BASIC/FACTUR-X_BASIC.xslt"),
  EN16931: sheet("FACTUR-X_EN16931", "FACTUR-X", "EN16931/FACTUR-X_EN16931.xslt"),
  EXTENDED: sheet("FACTUR-X_EXTENDED", "FACTUR-X", "EXTENDED/FACTUR-X_EXTENDED.xslt"),
};
export const CEN_STYLESHEET = sheet("CEN-EN16931-CII", "EN16931", "cen-en16931-cii/EN16931-CII-validation.xslt");
export const BRFR_STYLESHEET = sheet("BR-FR-CII", "BR-FR", "fr-ctc/BR-FR-Flux2-Schematron-CII_V1.3.0.xsl");
export const ALL_STYLESHEETS: Stylesheet[] = [...PROFILES.map((p) => PROFILE_STYLESHEETS[p]), CEN_STYLESHEET, BRFR_STYLESHEET];

/** The profile's XSD folder and main schema. */
export const profileXsd = (profile: FacturxProfile) => ({ dir: path.join(ARTEFACTS_DIR, profile), main: `FACTUR-X_${profile}.xsd` });

/**
 * One adjustment, where SaxonJS's XSLT compiler (the "XX" compiler of xslt3) types an expression
 * differently from the XPath rules: in the EXTENDED profile, `round(sum(untyped amounts) *
 * xs:decimal(100)) div xs:decimal(100)` is compiled as decimal arithmetic, while `sum()` of
 * untyped values is an xs:double at run time (XPath 2.0 §3.4: the decimal is promoted to double),
 * so the division fails with XPTY0004. Writing the two literals as xs:double(100) in the rules'
 * tests gives the same values as Saxon-HE computes (double arithmetic either way). The
 * cross-check test (facturx-corpus.test.ts) compares every failed assert with Saxon-HE's.
 */
export function adjustForXx(xslt: string, text: string): string {
  if (!path.basename(xslt).startsWith("FACTUR-X_EXTENDED")) return text;
  return text.replace(/<xsl:when test="[^"]*"/g, (when) => when.split(") * xs:decimal(100)) div xs:decimal(100)").join(") * xs:double(100)) div xs:double(100)"));
}

/** The stylesheet text as compiled (adjusted). */
export const compiledSource = (s: Stylesheet) => adjustForXx(s.xslt, readFileSync(s.xslt, "utf8"));

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export type SefManifest = {
  /** The xslt3 (SaxonJS compiler) version the SEFs were compiled with; sefSha256 is the hash of the (uncompressed) SEF JSON. */
  xslt3: string;
  stylesheets: Record<string, { xslt: string; sef: string; sourceSha256: string; sefSha256: string }>;
};

/** What the manifest must say for the current sources (paths relative to artefacts/). */
export function expectedSourceHashes(): Record<string, { xslt: string; sef: string; sourceSha256: string }> {
  return Object.fromEntries(
    ALL_STYLESHEETS.map((s) => [s.key, { xslt: path.relative(ARTEFACTS_DIR, s.xslt), sef: path.relative(ARTEFACTS_DIR, s.sef), sourceSha256: sha256(compiledSource(s)) }]),
  );
}
