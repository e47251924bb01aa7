import Link from "next/link";
import { SiteTopbar } from "@/components/site-topbar";
import { getTranslator } from "@/lib/i18n/server";
import { tenantHomeUrl } from "@/lib/server/urls";
import styles from "./page.module.css";

/** The root host's landing page. */
export default async function LandingPage() {
  const { t } = await getTranslator();
  const demo = tenantHomeUrl("acme");
  const features = [
    { title: t("landing.featureTraining"), body: t("landing.featureTrainingBody") },
    { title: t("landing.featureQuality"), body: t("landing.featureQualityBody") },
    { title: t("landing.featureBilling"), body: t("landing.featureBillingBody") },
  ];
  return (
    <>
      <SiteTopbar />
      <main className={styles.landing} id="main">
        <section className={styles.landingHero}>
          <h1>{t("landing.title")}</h1>
          <p>{t("landing.tagline")}</p>
          <p className="muted">{t("landing.tenantHint", { example: new URL(demo).host })}</p>
          <div className={styles.landingActions}>
            <a className="btn btn-primary" href={demo}>
              {t("landing.openDemo")}
            </a>
            <Link className="btn btn-secondary" href="/login">
              {t("landing.platformLogin")}
            </Link>
            <Link className="btn btn-ghost" href="/docs/api">
              {t("landing.apiDocs")}
            </Link>
          </div>
        </section>
        <div className={styles.featureGrid}>
          {features.map((f) => (
            <section key={f.title} className="card">
              <h2>{f.title}</h2>
              <p className="muted">{f.body}</p>
            </section>
          ))}
        </div>
      </main>
    </>
  );
}
