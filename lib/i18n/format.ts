import { IntlMessageFormat } from "intl-messageformat";

export type MessageValues = Record<string, string | number>;

type Compiled = { format: IntlMessageFormat; plain: ReadonlySet<string> };
const cache = new Map<string, Compiled>();

/** The element types of intl-messageformat's AST (@formatjs/icu-messageformat-parser TYPE). */
const AST_ARGUMENT = 1;
type AstElement = { type: number; value?: unknown; options?: Record<string, { value: AstElement[] }> };

/** Names used as plain `{x}` arguments, and never as `{x, number}`, `{x, plural}`… (those format numbers themselves). */
function plainArguments(ast: AstElement[]): Set<string> {
  const plain = new Set<string>();
  const typed = new Set<string>();
  const walk = (els: AstElement[]) => {
    for (const el of els) {
      if (typeof el.value === "string" && el.type === AST_ARGUMENT) plain.add(el.value);
      else if (typeof el.value === "string" && el.type > AST_ARGUMENT && el.type !== 7 && el.type !== 8) typed.add(el.value);
      for (const o of Object.values(el.options ?? {})) walk(o.value);
    }
  };
  walk(ast);
  for (const name of typed) plain.delete(name);
  return plain;
}

/**
 * Formats an ICU MessageFormat string ("{count, plural, one {# essai} other {# essais}}",
 * "{gender, select, female {inscrite} other {inscrit}}"). A message that does not parse is
 * returned as written, so a catalogue typo shows as text instead of breaking the page.
 * A decimal number given to a plain `{x}` is written in the locale ("0,65", not intl-messageformat's
 * "0.65"); integers stay as they are (years, numbers of invoices: "BPF 2026", never "2 026").
 */
export function formatMessage(locale: string, message: string, values?: MessageValues): string {
  if (!values && !message.includes("{")) return message;
  const key = `${locale}\u0000${message}`;
  let compiled = cache.get(key);
  if (!compiled) {
    try {
      const format = new IntlMessageFormat(message, locale);
      compiled = { format, plain: plainArguments(format.getAst() as AstElement[]) };
    } catch {
      return message;
    }
    cache.set(key, compiled);
  }
  try {
    const out = compiled.format.format(withElision(localNumbers(values ?? {}, compiled.plain, locale)));
    return Array.isArray(out) ? out.join("") : String(out);
  } catch {
    return message;
  }
}

/** Decimal numbers of plain arguments, written in the locale (see formatMessage). */
function localNumbers(values: MessageValues, plain: ReadonlySet<string>, locale: string): MessageValues {
  let out: MessageValues | null = null;
  for (const name of plain) {
    const v = values[name];
    if (typeof v === "number" && !Number.isInteger(v) && Number.isFinite(v)) (out ??= { ...values })[name] = formatNumber(v, locale);
  }
  return out ?? values;
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

/* ------------------------------------------------------------------------------------------------
 * Typography: the one rule for French spacing.
 *
 * French puts a space before ? ! : ; and inside « » (and between a number and %). This codebase
 * uses ONE character for all of them: U+202F NARROW NO-BREAK SPACE (espace fine insécable), the character CLDR itself uses in
 * French numbers ("12 345,65", "50 %"). It never breaks, so a "?" can never start a line alone.
 * The French catalogue is written with it (tests/unit/typography.test.ts enforces it on every
 * message); `frenchSpacing` applies the same rule to French text built outside the catalogue
 * (the e-mails). English text is left as it is.
 * ---------------------------------------------------------------------------------------------- */

/** U+202F, the French non-breaking space of this codebase (see above). */
export const NNBSP = "\u202f";

/**
 * French spacing on a finished text: any space (or none, for « ») before ? ! : ; % and inside « »
 * becomes U+202F. A colon or question mark with no space before it is left alone, so times
 * ("09:00") and addresses ("https://…", "?page=2") stay intact.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \u00a0\u2009]+([?!:;%])/g, `${NNBSP}$1`)
    .replace(/«[ \u00a0\u2009\u202f]*/g, `«${NNBSP}`)
    .replace(/[ \u00a0\u2009\u202f]*»/g, `${NNBSP}»`);
}

/* ------------------------------------------------------------------------------------------------
 * Elision: "d'Acme", "l'Institut", but "de Yann", "la Hongrie".
 * ---------------------------------------------------------------------------------------------- */

/**
 * "de"/"le"/"la"/"que" + a name with French elision: elide("de", "Acme") -> "d'Acme",
 * elide("de", "Hélène") -> "d'Hélène", elide("la", "région") -> "la région", elide("le", "Institut")
 * -> "l'Institut". For code that builds French text outside the catalogue; in a catalogue message
 * write `{name_elide, select, vowel {d''} other {de }}{name}` (same rule, see `withElision`).
 * The apostrophe is the ASCII one, as in the catalogue.
 */
export function elide(article: "de" | "le" | "la" | "que", word: string): string {
  if (!startsWithVowelSound(word)) return `${article} ${word}`;
  const short = article === "de" ? "d" : article === "que" ? "qu" : "l";
  return `${short}'${word}`;
}

/* ------------------------------------------------------------------------------------------------
 * Numbers, sizes, durations, dates and time zones.
 * ---------------------------------------------------------------------------------------------- */

const TAGS: Record<string, string> = { fr: "fr-FR", en: "en-GB" };
/** "fr" -> "fr-FR", "en" -> "en-GB"; any other tag is passed through. */
const localeTag = (locale: string): string => TAGS[locale] ?? locale;

const numberFormats = new Map<string, Intl.NumberFormat>();
/** "12 345,65" (fr, U+202F groups), "12,345.65" (en); at most `maxFractionDigits` decimals (2). */
export function formatNumber(value: number, locale: string, maxFractionDigits = 2): string {
  const key = `${locale}|${maxFractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeTag(locale), { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

const SIZE_UNITS: Record<string, readonly string[]> = { fr: ["o", "Ko", "Mo", "Go"], en: ["B", "KB", "MB", "GB"] };
/** A size in bytes, binary multiples as the server counts them: "0,65 Mo", "12 Ko", "1,5 Go" ("0.65 MB" in English). */
export function formatFileSize(bytes: number, locale: string): string {
  const units = SIZE_UNITS[locale] ?? SIZE_UNITS.en!;
  let value = Math.max(0, bytes);
  let i = 0;
  // Below one unit up a size reads in the smaller one, except that 0.65 MB reads "0,65 Mo" rather than "666 Ko".
  while (i < units.length - 1 && value >= 1024 * 0.5) {
    value /= 1024;
    i++;
  }
  return `${formatNumber(value, locale, value < 10 ? 2 : value < 100 ? 1 : 0)}${locale === "fr" ? NNBSP : " "}${units[i]}`;
}

/** "14 h", "3 h 30", "45 min" (the same in English): a duration in minutes, never "840 minutes". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${String(m).padStart(2, "0")}` : `${h} h`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(locale), {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    });
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * A date (and time) in the tenant's time zone (useTenantTimeZone), never the device's, so every
 * screen prints the same hour: "8 déc. 2026", "8 déc. 2026, 09:00". The long form is formatDateTimeLong.
 */
export function formatDate(iso: string | Date, locale: string, timeZone: string, withTime = false): string {
  const key = `medium|${locale}|${timeZone}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeTag(locale), withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone });
    dateFormats.set(key, f);
  }
  return f.format(iso instanceof Date ? iso : new Date(iso));
}

/** French writes the first of the month "1er": "mardi 1er décembre 2026". */
const firstOfMonth = (text: string, locale: string) => (locale === "fr" ? text.replace(/^(\S+) 1 /, "$1 1er ") : text);

/**
 * An instant as a reader says it, in `timeZone` (the tenant's, never the device's):
 * "mardi 8 décembre 2026 à 09:00" / "Tuesday 8 December 2026 at 09:00"; `withTime: false` drops the hour.
 */
export function formatDateTimeLong(at: Date | string | number, locale: string, timeZone: string, withTime = true): string {
  const text = dateFormat(locale, timeZone, withTime).format(at instanceof Date ? at : new Date(at)).replace(/^(\S+), /, "$1 ");
  return firstOfMonth(text, locale);
}

/**
 * A calendar day "YYYY-MM-DD" (already local: no zone conversion) in full: "mardi 8 décembre 2026",
 * "mardi 1er décembre 2026", "Tuesday 8 December 2026". The weekday is the day's own, computed at
 * UTC noon of that date, so no zone can shift it.
 */
export function formatLongDate(date: string, locale = "fr"): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return formatDateTimeLong(new Date(Date.UTC(y, m - 1, d, 12)), locale, "UTC", false);
}

/** The city of an IANA zone, as people name its hours: "Europe/Paris" -> "Paris", "America/New_York" -> "New York". */
export function timeZoneCity(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");
}

/** "heure de Paris", "heure d'Amsterdam", "heure de New York" / "Paris time": the label of a time zone's hours. */
export function timeZoneLabel(timeZone: string, locale: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return locale === "fr" ? "heure UTC" : "UTC";
  const city = timeZoneCity(timeZone);
  return locale === "fr" ? `heure ${elide("de", city)}` : `${city} time`;
}
