"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { catalogues } from "@/messages";
import { LOCALE_COOKIE, type Locale } from "./config";
import { createTranslator, type Translate } from "./translate";

type I18n = { locale: Locale; t: Translate };
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: createTranslator(catalogues[locale], locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs <I18nProvider>");
  return value;
}

export const useT = (): Translate => useI18n().t;

/** Stores the language in the `locale` cookie (one year, this host) and re-renders the server components. */
export function useSetLocale(): (locale: Locale) => void {
  const router = useRouter();
  return (locale) => {
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };
}
