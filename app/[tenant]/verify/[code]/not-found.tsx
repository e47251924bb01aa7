import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import styles from "@/components/verification/verification.module.css";

/** An unknown, malformed or another organisation's code (GET /verify/{code}: 404 VERIFICATION_NOT_FOUND). */
export default async function UnknownVerificationCode() {
  const { t } = await getTranslator();
  return (
    <main id="main" className={styles.notFound}>
      <h1 className={styles.title}>{t("docVerify.unknownTitle")}</h1>
      <Alert kind="error">{t("docVerify.unknownText")}</Alert>
      <p className={styles.privacy}>
        <Link href="/">{t("common.backHome")}</Link>
      </p>
    </main>
  );
}
