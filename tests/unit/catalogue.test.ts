import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogues } from "../../messages";
import { apiErrors_fr } from "../../messages/api/errors.fr";
import { AUDIT_ACTIONS } from "../../server/services/platform/audit-actions";
import { PUBLICATION_RULE_CODES } from "../../server/contracts/courses";
import { TECHNICAL_CAUSES } from "../../server/contracts/technical-causes";

const ROOT = join(__dirname, "../..");

/** "section.key" -> text, for one catalogue. */
function flatten(catalogue: object): Map<string, string> {
  const out = new Map<string, string>();
  for (const [section, entries] of Object.entries(catalogue)) for (const [key, text] of Object.entries(entries as Record<string, string>)) out.set(`${section}.${key}`, text);
  return out;
}
const fr = flatten(catalogues.fr);
const en = flatten(catalogues.en);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}
const UI_FILES = [...sourceFiles(join(ROOT, "app")), ...sourceFiles(join(ROOT, "components"))];

/** The literal keys passed to the translator: t("a.b"), t('a.b'), t(`a.b`) (keys built with ${} are checked through their families below). */
function keysUsed(): { key: string; file: string }[] {
  const out: { key: string; file: string }[] = [];
  const call = /\bt\(\s*(?:"([A-Za-z][\w]*\.[\w.]+)"|'([A-Za-z][\w]*\.[\w.]+)'|`([A-Za-z][\w]*\.[\w.]+)`)/g;
  for (const file of UI_FILES) {
    for (const m of readFileSync(file, "utf8").matchAll(call)) out.push({ key: (m[1] ?? m[2] ?? m[3])!, file: relative(ROOT, file) });
  }
  return out;
}

/**
 * English left in the French wording: common English words, matched as words. Proper names and
 * product names that are English are allowed by listing the whole phrase that holds them.
 */
const ENGLISH = /(?:^|[\s(«])(the|is|are|required|not|and|with|your|please|failed|error|invalid|missing|must|should|cannot|click|enter|select|none|yes|no)(?=[\s.,:;!?)»]|$)/i;
const ALLOWED: RegExp[] = [/\bOpen Badges?\b/, /\bGoogle\b/, /\bMicrosoft\b/, /\bsign in with\b/i];
/** The words a reader sees: ICU syntax (`{n, plural, one {…} other {…}}`, `{name}`) taken out, the branches' text kept. */
const visibleText = (text: string) =>
  text
    .replace(/\{\s*\w+\s*,\s*(?:select|plural|selectordinal)\s*,/g, "{")
    .replace(/(?:=\d+|\w+)\s*\{/g, "{")
    .replace(/\{\s*\w+(?:\s*,\s*\w+)*\s*\}/g, " ")
    .replace(/[{}]/g, " ");
const englishIn = (text: string) => {
  const stripped = ALLOWED.reduce((s, re) => s.replace(re, ""), visibleText(text));
  return ENGLISH.exec(stripped)?.[1] ?? null;
};

/** The id prefixes of server/lib/ids.ts ("pay", "imp", "inv"…). */
function idPrefixes(): string[] {
  const src = readFileSync(join(ROOT, "server/lib/ids.ts"), "utf8");
  const union = /export type IdPrefix =([\s\S]*?);/.exec(src)![1]!;
  return [...union.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
}

describe("catalogue", () => {
  it("French and English hold exactly the same keys", () => {
    expect([...fr.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !fr.has(k))).toEqual([]);
  });

  it("every key the screens pass to t() exists", () => {
    const used = keysUsed();
    expect(used.length).toBeGreaterThan(500);
    expect(used.filter(({ key }) => !fr.has(key)).map(({ key, file }) => `${file}: ${key}`)).toEqual([]);
  });

  it("every audit action, publication rule and technical cause is worded in both languages", () => {
    const missing = [...AUDIT_ACTIONS.map((a) => `auditActions.${a}`), ...PUBLICATION_RULE_CODES.map((c) => `publicationRules.${c}`), ...TECHNICAL_CAUSES.map((c) => `technicalCauses.${c}`)].filter(
      (k) => !fr.has(k) || !en.has(k),
    );
    expect(missing).toEqual([]);
  });

  it("the French catalogue has no English word left", () => {
    const leftovers = [...fr.entries(), ...Object.entries(apiErrors_fr).map(([k, v]) => [`apiErrors.${k}`, v] as const)]
      .map(([key, text]) => ({ key, word: englishIn(text) }))
      .filter((x) => x.word)
      .map((x) => `${x.key}: ${x.word}`);
    expect(leftovers).toEqual([]);
  });

  it("the English-word check catches what it should and spares what it should", () => {
    expect(englishIn("Indicateur 5 — pedagogicalObjectives is required")).toBe("is");
    expect(englishIn("Aucun formateur and quiz")).toBe("and");
    expect(englishIn("{count, plural, one {# champ modifié} other {# champs modifiés}}")).toBeNull();
    expect(englishIn("{count, plural, one {# field} other {# fields are missing}}")).toBe("are");
    expect(englishIn("{field} : à renseigner")).toBeNull();
    expect(englishIn("Se connecter avec Google")).toBeNull();
  });

  it("no wording shows an identifier: no id placeholder, no id prefix", () => {
    const prefixes = idPrefixes();
    expect(prefixes).toEqual(expect.arrayContaining(["pay", "imp", "inv"]));
    const idLike = new RegExp(`\\b(?:${prefixes.join("|")})_[a-z0-9]`);
    const offending = [...fr.entries(), ...en.entries()].filter(([, text]) => /\{\s*(?:id|\w+Id)\s*[,}]/.test(text) || idLike.test(text)).map(([key]) => key);
    expect(offending).toEqual([]);
  });

  it("no screen passes an id to a wording or prints one as text", () => {
    const idVar = /\bt\(\s*"[^"]+",\s*\{[^}]*?\b(?:id|\w+Id)\b\s*[,}:]/;
    const idText = /<code>\{[\w.]*(?:\.id|Id)\}<\/code>|>\s*\{[\w.]*(?:\.id|Id)\}\s*</;
    const offending = UI_FILES.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
        // The payment gateway's own reference (Stripe, Mollie) is shown, labelled, for reconciliation with its dashboard.
        .filter(({ line }) => !line.includes("gatewayPaymentId"))
        .filter(({ line }) => idVar.test(line) || idText.test(line))
        .map(({ at }) => at),
    );
    expect(offending).toEqual([]);
    expect(idVar.test('t("payments.detailTitle", { id })')).toBe(true);
    expect(idText.test("<code>{c.improvementPlanId}</code>")).toBe(true);
  });
});
