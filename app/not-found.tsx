import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";

export default async function NotFound() {
  const { t } = await getTranslator();
  return (
    <main className="auth-page">
      <div />
      <div className="auth-main">
        <div className="auth-card">
          <h1>{t("notFound.title")}</h1>
          <p className="muted">{t("notFound.body")}</p>
          <Link href="/">{t("common.backHome")}</Link>
        </div>
      </div>
      <div />
    </main>
  );
}
