import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";
import styles from "@/components/auth/auth.module.css";

export default async function NotFound() {
  const { t } = await getTranslator();
  return (
    <main className={styles.authPage}>
      <div />
      <div className={styles.authMain}>
        <div className={styles.authCard}>
          <h1>{t("notFound.title")}</h1>
          <p className="muted">{t("notFound.body")}</p>
          <Link href="/">{t("common.backHome")}</Link>
        </div>
      </div>
      <div />
    </main>
  );
}
