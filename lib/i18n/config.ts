/** Languages of the UI. French is the default; the choice lives in the `locale` cookie. */
export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";
export const LOCALE_COOKIE = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** `fr-FR`, `en-GB`... -> a supported locale, else the default. */
export function toLocale(value: string | null | undefined): Locale {
  const base = value?.slice(0, 2).toLowerCase();
  return isLocale(base) ? base : DEFAULT_LOCALE;
}
