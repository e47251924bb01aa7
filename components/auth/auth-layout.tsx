import type { ReactNode } from "react";
import { BrandMark } from "@/components/ui/brand-mark";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { getTranslator } from "@/lib/i18n/server";

/** Sign-in and account pages: the organisation's identity above a card, the language switcher on top. */
export async function AuthLayout({ brandName, logoUrl, children }: { brandName: string; logoUrl: string | null; children: ReactNode }) {
  const { t } = await getTranslator();
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <LanguageSwitcher />
      </header>
      <main className="auth-main" id="main">
        <div className="auth-card">
          <div className="auth-brand">
            <BrandMark name={brandName} logoUrl={logoUrl} />
            <span className="auth-brand-name">{brandName}</span>
          </div>
          {children}
        </div>
      </main>
      <footer className="auth-footer">{t("auth.poweredBy")}</footer>
    </div>
  );
}
