import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { createTranslator } from "../../lib/i18n/translate";
import {
  NNBSP,
  elide,
  formatDate,
  formatDateTimeLong,
  formatDuration,
  formatFileSize,
  formatLongDate,
  formatMessage,
  formatNumber,
  frenchSpacing,
  startsWithVowelSound,
  timeZoneCity,
  timeZoneLabel,
} from "../../lib/i18n/format";
import { catalogues } from "../../messages";
import { apiErrors_fr } from "../../messages/api/errors.fr";
import { apiFields_fr } from "../../messages/api/fields.fr";
import { dayLabel } from "../../server/services/sessions/schedule";

/**
 * French a proofreader passes (issue #23, item 3): every French message of the catalogues (the
 * screens' messages/fr.ts and parts, the API's errors and field messages) is parsed as ICU,
 * rendered with sample values, and checked for the house rules; then the formatting layer's
 * functions (lib/i18n/format.ts) one by one.
 */

const FR: [string, string][] = [
  ...Object.entries(catalogues.fr).flatMap(([section, entries]) => Object.entries(entries as Record<string, string>).map(([k, v]) => [`${section}.${k}`, v] as [string, string])),
  ...Object.entries(apiErrors_fr).map(([k, v]) => [`apiErrors.${k}`, v] as [string, string]),
  ...Object.entries(apiFields_fr).map(([k, v]) => [`apiFields.${k}`, v] as [string, string]),
];

// The element types of intl-messageformat's AST (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
type El = { type: number; value?: string; options?: Record<string, { value: El[] }> };

/** The arguments of a message: name -> how it is used (plain, number, select with its keys, plural). */
function argumentsOf(message: string): Map<string, { kind: "plain" | "number" | "select" | "plural"; keys: string[] }> {
  const out = new Map<string, { kind: "plain" | "number" | "select" | "plural"; keys: string[] }>();
  const walk = (els: El[]) => {
    for (const el of els) {
      if (!el.value) continue;
      if (el.type === ARGUMENT && !out.has(el.value)) out.set(el.value, { kind: "plain", keys: [] });
      if (el.type === NUMBER) out.set(el.value, { kind: "number", keys: [] });
      if (el.type === SELECT || el.type === PLURAL) out.set(el.value, { kind: el.type === SELECT ? "select" : "plural", keys: Object.keys(el.options ?? {}) });
      for (const o of Object.values(el.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(message, "fr").getAst() as El[]);
  return out;
}

const NUMERIC = /^(count|total|n|min|max|number|percent|score|passMark|points|awarded|done|shown|hours|minutes|amount|cost|balance|after|credits|year|attempts|status|limit|failures|people|trainees|covered|present|expected|absent|checked|sent|position|version|days|seconds|size)$/i;
const DATE_LIKE = /(date|day|time|at|on|due|until|since|expires|deadline|start|end|from|to|when)$/i;
/** A vowel-initial name: any "de {x}" without elision shows as "de Acme". */
const NAME = "Acme Ouest";

/** Sample values: names start with a vowel (to catch "de Acme"), numbers carry decimals (to catch "0.65"), dates are printed. */
function samples(message: string, pluralValue: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, use] of argumentsOf(message)) {
    if (name.endsWith("_elide")) continue; // provided by formatMessage from the name itself
    if (use.kind === "plural") values[name] = pluralValue;
    else if (use.kind === "number") values[name] = 0.65;
    else if (use.kind === "select") values[name] = use.keys.find((k) => k !== "other") ?? "other";
    else if (NUMERIC.test(name)) values[name] = 0.65;
    else if (DATE_LIKE.test(name)) values[name] = "mardi 8 décembre 2026";
    else if (/url|link|href/i.test(name)) values[name] = "https://acme.example/x?y=1";
    else values[name] = NAME;
  }
  return values;
}

/** What a reader sees of a message with each plural as 1 and as 42. */
const renderings = (message: string) => [1, 42].map((n) => formatMessage("fr", message, samples(message, n)));

describe("every French message", () => {
  it("covers the catalogues (screens, API errors, API fields)", () => {
    expect(FR.length).toBeGreaterThan(1500);
  });

  it("is valid ICU and renders with its values (no fallback to the raw text)", () => {
    const broken: string[] = [];
    for (const [key, text] of FR) {
      try {
        const args = argumentsOf(text);
        if (args.size && renderings(text).some((r) => r === text)) broken.push(`${key}: not rendered`);
      } catch (e) {
        broken.push(`${key}: ${(e as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it(`has U+202F before ? ! : ; % and inside « » (the one rule, lib/i18n/format.ts), never a plain space or none`, () => {
    const bad = FR.filter(([, text]) => {
      if (frenchSpacing(text) !== text) return true; // a plain or other space before the sign, or inside « »
      if (/[\p{L}\p{N})»][?!;]/u.test(text.replace(/https?:\/\/\S+/g, ""))) return true; // "Pourquoi?" (URLs left aside)
      if (/\p{L}:(?=\s)/u.test(text)) return true; // "Note: x"
      if (/«(?!\u202f)|(?<!\u202f)»/.test(text)) return true;
      return false;
    }).map(([key, text]) => `${key}: ${text}`);
    expect(bad).toEqual([]);
  });

  it('has real plurals: no "(s)", "(x)" or "(e)" pseudo-plurals or genders', () => {
    const bad = FR.filter(([, text]) => /\p{L}\((?:s|x|e|es)\)/u.test(text.replace(/http\(s\)/g, ""))).map(([key, text]) => `${key}: ${text}`);
    expect(bad).toEqual([]);
  });

  it("elides before a vowel-initial name: never \"de Acme\", \"que Acme\", \"le Acme\" or \"la Acme\"", () => {
    const bad: string[] = [];
    for (const [key, text] of FR) {
      for (const out of renderings(text)) if (new RegExp(`(^|[\\s(«\u202f])(de|que|le|la) ${NAME}`, "i").test(out)) bad.push(`${key}: ${out}`);
    }
    expect(bad).toEqual([]);
  });

  /** A point that is not a decimal separator: NAF codes ("85.59A") and the API's JSON number format. */
  const POINT_ALLOWED = new Set(["apiFields.decimalAmount", "apiFields.nafCode", "legalIdentity.nafHint"]);

  it("writes no raw ISO date and prints numbers with a decimal comma", () => {
    const bad: string[] = [];
    for (const [key, text] of FR) {
      if (/\b\d{4}-\d{2}-\d{2}\b/.test(text)) bad.push(`${key}: ISO date in "${text}"`);
      if (POINT_ALLOWED.has(key)) continue;
      for (const out of renderings(text)) if (/\d\.\d/.test(out.replace(/https?:\/\/\S+/g, ""))) bad.push(`${key}: decimal point in "${out}"`);
    }
    expect(bad).toEqual([]);
  });
});

describe("the findings of issue #23, worded by the catalogue", () => {
  const t = createTranslator(catalogues.fr, "fr");

  it('"1 fichier, 1 indicateur", "0,65 Mo" — not "1 fichiers, 1 indicateurs", "0.65 Mo"', () => {
    expect(t("qualiopi.exportSummary", { count: 1, indicators: 1, size: formatFileSize(0.65 * 1024 * 1024, "fr") })).toBe(`1 fichier, 1 indicateur justifié, environ 0,65${NNBSP}Mo`);
    expect(t("qualiopi.exportSummary", { count: 12, indicators: 4, size: formatFileSize(3 * 1024 * 1024, "fr") })).toBe(`12 fichiers, 4 indicateurs justifiés, environ 3${NNBSP}Mo`);
  });

  it('"42 actions", "1 action" — not "42 action(s)"', () => {
    expect(t("auditLog.total", { total: 42 })).toBe("42 actions");
    expect(t("auditLog.total", { total: 1 })).toBe("1 action");
  });

  it("epicene where the person's gender is unknown, with elision: \"Le compte d'Inès a été mis à jour.\"", () => {
    expect(t("users.updated", { name: "Inès Martin" })).toBe("Le compte d'Inès Martin a été mis à jour.");
    expect(t("users.updated", { name: "Paul Durand" })).toBe("Le compte de Paul Durand a été mis à jour.");
    expect(t("learnHome.enrolledOn", { date: "8 décembre 2026" })).toBe("Inscription le 8 décembre 2026");
    expect(t("sessionsPlan.removed", { name: "Inès Martin" })).toBe("Inscription d'Inès Martin annulée.");
  });

  it('"d\'Acme" in the funder\'s pages, "qu\'Acme finance"', () => {
    expect(t("funderHome.invoicesIntro", { funder: "Acme" })).toBe("Les factures émises à l'ordre d'Acme.");
    expect(t("funderHome.intro", { funder: "OPCO Atlas" }).startsWith("Les inscriptions qu'OPCO Atlas finance")).toBe(true);
    expect(t("funderHome.intro", { funder: "Constructys" }).startsWith("Les inscriptions que Constructys finance")).toBe(true);
  });

  it('"Terminer la session ?" cannot leave its "?" alone on a line', () => {
    expect(t("sessionsDetail.endTitle")).toBe(`Terminer la session${NNBSP}?`);
  });
});

describe("the formatting layer (lib/i18n/format.ts)", () => {
  it('dates: "mardi 8 décembre 2026 à 09:00" in the tenant\'s zone, whatever the instant\'s UTC day', () => {
    expect(formatDateTimeLong("2026-12-08T08:00:00Z", "fr", "Europe/Paris")).toBe("mardi 8 décembre 2026 à 09:00");
    expect(formatDateTimeLong("2026-12-08T08:00:00Z", "en", "Europe/Paris")).toBe("Tuesday 8 December 2026 at 09:00");
    // 23:30 UTC on Monday 30 November is already Tuesday 1 December in Paris, still Monday in New York.
    expect(formatDateTimeLong("2026-11-30T23:30:00Z", "fr", "Europe/Paris")).toBe("mardi 1er décembre 2026 à 00:30");
    expect(formatDateTimeLong("2026-11-30T23:30:00Z", "fr", "America/New_York")).toBe("lundi 30 novembre 2026 à 18:30");
    expect(formatDateTimeLong("2026-12-08T08:00:00Z", "fr", "Europe/Paris", false)).toBe("mardi 8 décembre 2026");
    // The short form of the lists, in the same zone.
    expect(formatDate("2026-11-30T23:30:00Z", "fr", "Europe/Paris", true)).toBe("1 déc. 2026, 00:30");
    expect(formatDate("2026-11-30T23:30:00Z", "fr", "America/New_York")).toBe("30 nov. 2026");
  });

  it("calendar days keep their own weekday: 1 December 2026 is a Tuesday (never \"Lun. 1 déc.\")", () => {
    expect(formatLongDate("2026-12-01", "fr")).toBe("mardi 1er décembre 2026");
    expect(formatLongDate("2026-12-08", "en")).toBe("Tuesday 8 December 2026");
    expect(dayLabel("2026-12-01")).toBe("Mar. 1 déc.");
  });

  it('durations: "14 h", "3 h 30", "45 min" — never "840 minutes"', () => {
    expect(formatDuration(840)).toBe("14 h");
    expect(formatDuration(210)).toBe("3 h 30");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(65)).toBe("1 h 05");
  });

  it('numbers and sizes: "12 345,65", "0,65 Mo", "12 Ko" (English "0.65 MB")', () => {
    expect(formatNumber(12345.65, "fr")).toBe(`12${NNBSP}345,65`);
    expect(formatNumber(0.65, "en")).toBe("0.65");
    expect(formatFileSize(0.65 * 1024 * 1024, "fr")).toBe(`0,65${NNBSP}Mo`);
    expect(formatFileSize(12 * 1024, "fr")).toBe(`12${NNBSP}Ko`);
    expect(formatFileSize(300, "fr")).toBe(`300${NNBSP}o`);
    expect(formatFileSize(1.5 * 1024 ** 3, "fr")).toBe(`1,5${NNBSP}Go`);
    expect(formatFileSize(0.65 * 1024 * 1024, "en")).toBe("0.65 MB");
  });

  it("plurals (ICU plural, French: 0 and 1 are singular) and gender (ICU select, epicene fallback)", () => {
    const files = "{n, plural, one {# fichier} other {# fichiers}}";
    expect([0, 1, 2, 1234].map((n) => formatMessage("fr", files, { n }))).toEqual(["0 fichier", "1 fichier", "2 fichiers", `1${NNBSP}234 fichiers`]);
    const enrolled = "{gender, select, female {Inscrite} male {Inscrit} other {Inscription}} le {date}";
    expect(formatMessage("fr", enrolled, { gender: "female", date: "8 décembre" })).toBe("Inscrite le 8 décembre");
    expect(formatMessage("fr", enrolled, { gender: "male", date: "8 décembre" })).toBe("Inscrit le 8 décembre");
    expect(formatMessage("fr", enrolled, { gender: "unknown", date: "8 décembre" })).toBe("Inscription le 8 décembre");
  });

  it("elision before vowels and mute h, not before aspirated h or semivowel y", () => {
    expect(elide("de", "Acme")).toBe("d'Acme");
    expect(elide("de", "Auvergne-Rhône-Alpes")).toBe("d'Auvergne-Rhône-Alpes");
    expect(elide("de", "Hélène")).toBe("d'Hélène");
    expect(elide("de", "Hugues")).toBe("de Hugues");
    expect(elide("de", "Yann")).toBe("de Yann");
    expect(elide("de", "Yves")).toBe("d'Yves");
    expect(elide("le", "Institut")).toBe("l'Institut");
    expect(elide("la", "région")).toBe("la région");
    expect(elide("que", "Inès")).toBe("qu'Inès");
    expect(startsWithVowelSound("Émilie")).toBe(true);
    const msg = "Les sessions {name_elide, select, vowel {d''} other {de }}{name}";
    expect(formatMessage("fr", msg, { name: "Acme" })).toBe("Les sessions d'Acme");
    expect(formatMessage("fr", msg, { name: "Globex" })).toBe("Les sessions de Globex");
  });

  it("French spacing: U+202F before ? ! : ; % and inside « », times and addresses untouched", () => {
    expect(frenchSpacing("Pourquoi ? Voici : « oui » ; 50 % !")).toBe(`Pourquoi${NNBSP}? Voici${NNBSP}: «${NNBSP}oui${NNBSP}»${NNBSP}; 50${NNBSP}%${NNBSP}!`);
    expect(frenchSpacing("«oui»")).toBe(`«${NNBSP}oui${NNBSP}»`);
    expect(frenchSpacing("à 09:00, https://acme.example/x?y=1")).toBe("à 09:00, https://acme.example/x?y=1");
    expect(frenchSpacing(`Déjà${NNBSP}: rien`)).toBe(`Déjà${NNBSP}: rien`);
  });

  it('time zones: "heure de Paris", "heure d\'Amsterdam", "heure de New York", "Paris time"', () => {
    expect(timeZoneLabel("Europe/Paris", "fr")).toBe("heure de Paris");
    expect(timeZoneLabel("Europe/Amsterdam", "fr")).toBe("heure d'Amsterdam");
    expect(timeZoneLabel("America/New_York", "fr")).toBe("heure de New York");
    expect(timeZoneLabel("Europe/Paris", "en")).toBe("Paris time");
    expect(timeZoneCity("America/New_York")).toBe("New York");
  });
});
