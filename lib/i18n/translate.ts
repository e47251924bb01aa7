import type { Catalogue, MessageKey } from "@/messages";

export type TranslateVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: TranslateVars) => string;

/** `t("users.invited", {email})`: looks the key up and fills `{placeholders}`. */
export function createTranslator(catalogue: Catalogue): Translate {
  return (key, vars) => {
    const dot = key.indexOf(".");
    const section = catalogue[key.slice(0, dot) as keyof Catalogue] as Record<string, string> | undefined;
    const text = section?.[key.slice(dot + 1)] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}
