"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { formatDate } from "./format";
import { enrollmentStatusKey } from "./labels";
import { ProgressBar } from "./progress-bar";
import type { MyEnrollment } from "./types";
import { Loading } from "@/components/ui/skeleton";
import { isBarred } from "./barred-notice";
import styles from "./learn.module.css";

/** The learner's enrollments as cards with their progress, grouped: in progress, completed, closed. */
export function MyCourses() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const list = useQuery(trpc.enrollments.me.queryOptions({ page: 1, limit: 100 }));

  if (list.isPending) {
    return <Loading shape="cards" />;
  }
  if (list.isError) {
    return (
      <Alert kind="error">
        {t("learnHome.loadError")} {errorMessage(list.error, t)}
      </Alert>
    );
  }
  const all = list.data.data;
  const active = all.filter((e) => e.status === "ACTIVE");
  const completed = all.filter((e) => e.status === "COMPLETED");
  const closed = all.filter((e) => e.status !== "ACTIVE" && e.status !== "COMPLETED");

  // A learner whose only enrollments are closed still sees them (a suspension is explained there).
  if (all.length === 0) {
    return (
      <EmptyState
        title={t("home.learnerEmptyTitle")}
        action={
          <Link className="btn btn-primary" href="/catalogue">
            {t("home.browseCatalogue")}
          </Link>
        }
      >
        <p>{t("home.learnerEmptyBody")}</p>
      </EmptyState>
    );
  }
  return (
    <div className="stack-lg">
      {active.length ? <CourseGroup title={t("learnHome.inProgress")} items={active} /> : null}
      {completed.length ? <CourseGroup title={t("learnHome.completed")} items={completed} /> : null}
      {closed.length ? <CourseGroup title={t("learnHome.other")} items={closed} /> : null}
    </div>
  );
}

function CourseGroup({ title, items }: { title: string; items: MyEnrollment[] }) {
  return (
    <section aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul className={styles.enrollmentCards}>
        {items.map((e) => (
          <li key={e.id}>
            <EnrollmentCard enrollment={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EnrollmentCard({ enrollment: e }: { enrollment: MyEnrollment }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const open = e.status === "ACTIVE" || e.status === "COMPLETED";
  const barred = isBarred(e.status);
  const action = e.status === "COMPLETED" ? t("learnHome.review") : e.progress.completedLessons === 0 ? t("learnHome.start") : t("learnHome.resume");
  return (
    <article className={styles.enrollmentCard}>
      <div className={styles.enrollmentCardHead}>
        <h3>
          {open || barred ? <Link href={`/learn/${e.id}`}>{e.course.title}</Link> : e.course.title}
        </h3>
        <span className={`badge badge-enr-${e.status}`}>{t(enrollmentStatusKey(e.status))}</span>
      </div>
      <ProgressBar
        t={t}
        percent={e.progress.percentage}
        detail={t("learnCommon.progressDetail", { done: e.progress.completedLessons, total: e.progress.totalLessons })}
      />
      <div className={styles.enrollmentCardFoot}>
        <span className="muted">
          {e.completedAt ? t("learnHome.completedOn", { date: formatDate(e.completedAt, locale, timeZone) }) : t("learnHome.enrolledOn", { date: formatDate(e.enrolledAt, locale, timeZone) })}
        </span>
        {open ? (
          <Link className={e.status === "COMPLETED" ? "btn btn-secondary btn-sm" : "btn btn-primary btn-sm"} href={`/learn/${e.id}`}>
            {action}
            <span className="visually-hidden"> {e.course.title}</span>
          </Link>
        ) : barred ? (
          <Link className="btn btn-secondary btn-sm" href={`/learn/${e.id}`}>
            {t(e.status === "SUSPENDED" ? "learnHome.whySuspended" : "learnHome.whyRevoked")}
            <span className="visually-hidden"> {e.course.title}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
