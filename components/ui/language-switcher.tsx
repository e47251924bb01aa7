"use client";

import { LOCALES } from "@/lib/i18n/config";
import { useI18n, useSetLocale } from "@/lib/i18n/client";
import styles from "./language-switcher.module.css";

/** FR | EN toggle (each button named by its visible code, then the language's name); the choice is kept in the `locale` cookie. */
export function LanguageSwitcher({ onChange }: { onChange?: (locale: (typeof LOCALES)[number]) => void }) {
  const { locale, t } = useI18n();
  const setLocale = useSetLocale();
  return (
    <div className={styles.langSwitch} role="group" aria-label={t("common.language")}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => {
            if (l === locale) return;
            setLocale(l);
            onChange?.(l);
          }}
        >
          {l.toUpperCase()}
          <span className="visually-hidden"> {t(`languages.${l}`)}</span>
        </button>
      ))}
    </div>
  );
}
