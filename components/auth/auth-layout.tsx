import type { ReactNode } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { getTranslator } from "@/lib/i18n/server";
import styles from "./auth.module.css";

/** Sign-in and account pages: the organisation's identity above a card, the language switcher on top. */
export async function AuthLayout({ brandName, logoUrl, children, footerLink }: { brandName: string; logoUrl: string | null; children: ReactNode; footerLink?: { href: string; label: string } }) {
  const { t } = await getTranslator();
  return (
    <div className={styles.authPage}>
      <header className={styles.authTopbar}>
        <LanguageSwitcher />
      </header>
      <main className={styles.authMain} id="main">
        <div className={styles.authCard}>
          <div className={styles.authBrand}>
            <BrandMark name={brandName} logoUrl={logoUrl} />
            <span className={styles.authBrandName}>{brandName}</span>
          </div>
          {children}
        </div>
      </main>
      <footer className={styles.authFooter}>
        {footerLink ? (
          <p>
            <a href={footerLink.href}>{footerLink.label}</a>
          </p>
        ) : null}
        {t("auth.poweredBy")}
      </footer>
    </div>
  );
}
