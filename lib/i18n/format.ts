import { IntlMessageFormat } from "intl-messageformat";

export type MessageValues = Record<string, string | number>;

const cache = new Map<string, IntlMessageFormat>();

/**
 * Formats an ICU MessageFormat string ("{count, plural, one {# essai} other {# essais}}",
 * "{gender, select, female {inscrite} other {inscrit}}"). A message that does not parse is
 * returned as written, so a catalogue typo shows as text instead of breaking the page.
 */
export function formatMessage(locale: string, message: string, values?: MessageValues): string {
  if (!values && !message.includes("{")) return message;
  const key = `${locale}\u0000${message}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new IntlMessageFormat(message, locale);
    } catch {
      return message;
    }
    cache.set(key, format);
  }
  try {
    const out = format.format(withElision(values ?? {}));
    return Array.isArray(out) ? out.join("") : String(out);
  } catch {
    return message;
  }
}

const VOWEL_START = /^[aeiouyàâäæéèêëîïôöœùûüÿ]/i;
/** Words starting with a mute h that elide ("l'homme", "d'Hélène"): the common names and words. */
const MUTE_H = /^(h[ée]l[èe]ne|hugo|hubert|henri|herv[ée]|hortense|homme|histoire|h[ôo]pital|h[ôo]tel|heure|habitat|harmonie|h[ée]ritage|huile|humain)/i;

/**
 * True when French elides before the word: d'Acme, d'Inès, d'Yves, d'Hélène; but de Yann
 * (y before a vowel is a semivowel) and de Hugues (aspirated h). Used through `x_elide` below.
 */
export function startsWithVowelSound(word: string): boolean {
  const w = word.trim().normalize("NFC");
  if (!w) return false;
  if (/^y[aeiouàâéèêîôû]/i.test(w)) return false; // Yann, Yoann: semivowel
  if (VOWEL_START.test(w)) return true;
  return MUTE_H.test(w);
}

/**
 * Every string value `x` also provides `x_elide` = "vowel" | "consonant", so a French message can
 * write `{name_elide, select, vowel {d''} other {de }}{name}` (ICU doubles a literal apostrophe before a brace) without the caller computing it.
 */
function withElision(values: MessageValues): MessageValues {
  const out: MessageValues = { ...values };
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === "string" && !(`${k}_elide` in out)) out[`${k}_elide`] = startsWithVowelSound(v) ? "vowel" : "consonant";
  }
  return out;
}
