import type { Catalogue, MessageKey } from "@/messages";
import { formatMessage } from "./format";

type TranslateVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: TranslateVars) => string;

/**
 * `t("users.invited", {email})`: looks the key up and formats it as an ICU message
 * (plural, select, and French elision through `{name_elide, select, vowel {d''} other {de }}`,
 * see format.ts). A message that is not valid ICU falls back to plain `{placeholder}` filling.
 */
export function createTranslator(catalogue: Catalogue, locale = "fr"): Translate {
  return (key, vars) => {
    const dot = key.indexOf(".");
    const section = catalogue[key.slice(0, dot) as keyof Catalogue] as Record<string, string> | undefined;
    const text = section?.[key.slice(dot + 1)] ?? key;
    if (!vars) return text.includes("{") ? formatMessage(locale, text) : text;
    const formatted = formatMessage(locale, text, vars);
    if (formatted !== text) return formatted;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}
