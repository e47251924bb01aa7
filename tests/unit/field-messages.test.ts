import { readdirSync, readFileSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiFields_en } from "../../messages/api/fields.en";
import { startsWithVowelSound } from "../../lib/i18n/format";
import { createTranslator } from "../../lib/i18n/translate";
import { catalogues } from "../../messages";

/** The field messages the contracts write themselves: each needs an id in messages/api/fields.* (worded per language). */
function contractMessages(): string[] {
  const dir = join(__dirname, "../../server/contracts");
  const out = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".ts"))) {
    const text = readFileSync(join(dir, name), "utf8");
    const patterns = [
      /\.(?:min|max|regex|refine|length)\([^()]*?(?:\([^()]*\)[^()]*?)*,\s*"([^"]+)"\)/g,
      /message: "([^"]+)"/g,
      /add\(at\("[^"]+"\), "([^"]+)"\)/g,
      /issue\("([^"]+)"\)/g,
    ];
    for (const p of patterns) for (const m of text.matchAll(p)) out.add(m[1]!);
  }
  return [...out];
}

describe("field messages", () => {
  it("every message a contract writes has an id in the field catalogue", () => {
    const known = new Set<string>(Object.values(apiFields_en));
    const found = contractMessages();
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((m) => !known.has(m))).toEqual([]);
  });
});

describe("ICU messages in the UI catalogue", () => {
  const t = createTranslator(catalogues.fr, "fr");
  const en = createTranslator(catalogues.en, "en");

  it("elides de/que before a vowel sound (d'Acme, d'Inès) and keeps it before a consonant or an aspirated h", () => {
    expect(t("auth.subtitle", { name: "Acme Formation" })).toBe("Connectez-vous à l'espace d'Acme Formation.");
    expect(t("auth.subtitle", { name: "Globex Training" })).toBe("Connectez-vous à l'espace de Globex Training.");
    expect(t("sessionsAttendance.overrideTitle" as never, { name: "Inès Garcia" })).toBe("Corriger la présence d'Inès Garcia");
    expect(t("learnEnroll.enrolled" as never, { name: "Inès Garcia", course: "SST" })).toBe("Inscription d'Inès Garcia à «\u202fSST\u202f» enregistrée.");
    expect(en("learnEnroll.enrolled" as never, { name: "Inès Garcia", course: "SST" })).toBe('Inès Garcia is enrolled in "SST".');
    expect(["Acme", "Inès", "Hélène", "Yves", "Émile"].every(startsWithVowelSound)).toBe(true);
    expect(["Globex", "Yann", "Hugues", "Thomas"].some(startsWithVowelSound)).toBe(false);
  });

  it("formats plurals and keeps plain placeholders working", () => {
    expect(t("attErrors.wrongPinRemaining", { count: 1 })).toBe("Code PIN incorrect. Il vous reste 1 essai.");
    expect(t("attErrors.wrongPinRemaining", { count: 3 })).toBe("Code PIN incorrect. Il vous reste 3 essais.");
    expect(en("attErrors.wrongPinRemaining", { count: 1 })).toBe("Wrong PIN. 1 attempt left.");
    expect(t("errors.minLength", { min: 10 })).toBe("Au moins 10 caractères");
  });

  it("every message of both catalogues is valid ICU (formats without falling back)", () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      for (const [section, entries] of Object.entries(catalogue)) {
        for (const [key, text] of Object.entries(entries as Record<string, string>)) {
          if (!text.includes("{")) continue;
          // parse only: values are unknown here
          expect(() => new IntlMessageFormat(text, locale), `${locale} ${section}.${key}`).not.toThrow();
        }
      }
    }
  });
});
