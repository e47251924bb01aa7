import Link from "next/link";
import { Monogram } from "@/components/ui/brand-mark";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { getTranslator } from "@/lib/i18n/server";
import styles from "./site-topbar.module.css";

/** The root host's header: platform name and language. */
export async function SiteTopbar() {
  const { t } = await getTranslator();
  return (
    <header className={styles.topbar}>
      <Link href="/" className={styles.topbarBrand}>
        <Monogram text="PF" small />
        {t("common.appName")}
      </Link>
      <LanguageSwitcher />
    </header>
  );
}
