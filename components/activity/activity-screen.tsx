"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useT } from "@/lib/i18n/client";
import styles from "./activity.module.css";
import { ActivityView } from "./activity-view";
import { AuditLogView } from "./audit-log-view";

/** The activity screen (ADMIN): the learning activity and the administration actions (audit log), one tab each, chosen in the URL (?tab=admin). */
export function ActivityScreen() {
  const t = useT();
  const pathname = usePathname();
  const isAdmin = useSearchParams().get("tab") === "admin";
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("learnActivity.title")}</h1>
          <p>{isAdmin ? t("auditLog.intro") : t("learnActivity.intro")}</p>
        </div>
      </div>
      <nav className={styles.tabs} aria-label={t("activityTabs.label")}>
        <Link className={styles.tab} href={pathname} aria-current={isAdmin ? undefined : "page"} scroll={false}>
          {t("activityTabs.learning")}
        </Link>
        <Link className={styles.tab} href={`${pathname}?tab=admin`} aria-current={isAdmin ? "page" : undefined} scroll={false}>
          {t("activityTabs.admin")}
        </Link>
      </nav>
      {isAdmin ? <AuditLogView /> : <ActivityView />}
    </>
  );
}
