"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import Link from "next/link";
import { useI18n } from "@/lib/i18n/client";
import { formatDate } from "./format";
import type { EnrollmentDetail } from "./types";
import styles from "./learn.module.css";

/** SUSPENDED and REVOKED enrollments: the learner reads why the course is closed instead of the player. */
export const isBarred = (status: string): status is "SUSPENDED" | "REVOKED" => status === "SUSPENDED" || status === "REVOKED";

export function BarredNotice({ detail, withBackLink }: { detail: EnrollmentDetail; withBackLink?: boolean }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  if (!isBarred(detail.status)) return null;
  const suspended = detail.status === "SUSPENDED";
  const at = suspended ? detail.suspendedAt : detail.revokedAt;
  return (
    <section className={`card ${styles.barred}`} aria-labelledby="barred-title" role="status">
      {withBackLink ? (
        <p className="back-link">
          <Link href="/">← {t("learnPlayer.backToCourses")}</Link>
        </p>
      ) : null}
      <h2 id="barred-title" className="card-title">
        {suspended ? t("learnPlayer.suspendedTitle") : t("learnPlayer.revokedTitle")}
      </h2>
      <p>{suspended ? t("learnPlayer.suspendedText", { course: detail.course.title }) : t("learnPlayer.revokedText", { course: detail.course.title })}</p>
      {at ? <p className="muted">{t(suspended ? "learnPlayer.suspendedOn" : "learnPlayer.revokedOn", { date: formatDate(at, locale, timeZone) })}</p> : null}
      {detail.statusReason ? <p>{t("learnPlayer.barredReason", { reason: detail.statusReason })}</p> : null}
      <p className="muted">{suspended ? t("learnPlayer.suspendedHelp") : t("learnPlayer.revokedHelp")}</p>
    </section>
  );
}
