import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import styles from "./home.module.css";

export type TenantStats = {
  users: { total: number };
  courses: { total: number; published: number };
  payments: { captured: number; capturedAmountCents: number };
};

/** The administrator's dashboard: key figures (tenants.stats) and shortcuts. */
export function AdminHome({ t, locale, firstName, tenantName, stats }: { t: Translate; locale: Locale; firstName: string; tenantName: string; stats: TenantStats | null }) {
  const money = new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency: "EUR" });
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.dashboard")}</h1>
          <p>
            {t("home.greeting", { name: firstName })} — {t("home.adminIntro", { tenant: tenantName })}
          </p>
        </div>
      </div>
      {stats ? (
        <section className="stats" aria-label={t("nav.dashboard")}>
          <div className="stat">
            <p className="stat-label">{t("home.statUsers")}</p>
            <p className="stat-value">{stats.users.total}</p>
          </div>
          <div className="stat">
            <p className="stat-label">{t("home.statCourses")}</p>
            <p className="stat-value">{stats.courses.total}</p>
            <p className={styles.statSub}>{t("home.statPublished", { count: stats.courses.published })}</p>
          </div>
          <div className="stat">
            <p className="stat-label">{t("home.statPayments")}</p>
            <p className="stat-value">{money.format(stats.payments.capturedAmountCents / 100)}</p>
            <p className={styles.statSub}>{t("home.statPaymentsCount", { count: stats.payments.captured })}</p>
          </div>
        </section>
      ) : (
        <Alert kind="info">{t("home.statsUnavailable")}</Alert>
      )}
      <section className="card">
        <h2 className="card-title">{t("home.quickLinks")}</h2>
        <div className="form-actions">
          <Link className="btn btn-primary" href="/users?invite=1">
            {t("home.inviteUser")}
          </Link>
          <Link className="btn btn-secondary" href="/users">
            {t("home.manageUsers")}
          </Link>
        </div>
      </section>
    </>
  );
}
