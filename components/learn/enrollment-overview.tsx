"use client";

import Link from "next/link";
import { JourneyTimeline } from "@/components/needs/journey-timeline";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { CompletionBanner } from "./completion-banner";
import { CourseOutline } from "./course-outline";
import { enrollmentStatusKey } from "./labels";
import { flattenLessons, resumeLesson } from "./outline";
import { ProgressBar } from "./progress-bar";
import { useEnrollment } from "./use-enrollment";
import { Loading } from "@/components/ui/skeleton";
import { BarredNotice, isBarred } from "./barred-notice";
import styles from "./learn.module.css";
import { PersonalisePath } from "@/components/adaptive/personalise-path";

/** The start page of an enrollment: progress, "continue" to the first lesson left, the whole outline. */
export function EnrollmentOverview({ enrollmentId }: { enrollmentId: string }) {
  const { t } = useI18n();
  const { query, refresh } = useEnrollment(enrollmentId);
  if (query.isPending) {
    return <Loading shape="page" />;
  }
  if (query.isError) {
    return <Alert kind="error">{errorInfo(query.error).status === 404 ? t("learnPlayer.notFound") : errorMessage(query.error, t)}</Alert>;
  }
  const detail = query.data.data;
  const lessons = flattenLessons(detail);
  const next = resumeLesson(lessons);
  const p = detail.progress;
  const done = p.totalLessons > 0 && p.percentage >= 100;
  return (
    <div className={styles.overview}>
      <p className="back-link">
        <Link href="/">← {t("learnPlayer.backToCourses")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{detail.course.title}</h1>
          <p>
            <span className={`badge badge-enr-${detail.status}`}>{t(enrollmentStatusKey(detail.status))}</span>
          </p>
        </div>
      </div>
      {done && !isBarred(detail.status) ? <CompletionBanner t={t} title={detail.course.title} /> : null}
      {isBarred(detail.status) ? (
        <BarredNotice detail={detail} />
      ) : (
      <section className="card">
        <ProgressBar t={t} percent={p.percentage} detail={t("learnCommon.progressDetail", { done: p.completedLessons, total: p.totalLessons })} />
        {next ? (
          <div className={`form-actions ${styles.overviewActions}`}>
            <Link className="btn btn-primary" href={`/learn/${detail.id}/${next.id}`}>
              {p.completedLessons === 0 ? t("learnPlayer.start") : done ? t("learnHome.review") : t("learnPlayer.continue")}
            </Link>
            {!done && p.completedLessons > 0 ? <span className="muted">{t("learnPlayer.nextUp", { title: next.title })}</span> : null}
          </div>
        ) : null}
        {detail.status !== "ACTIVE" && detail.status !== "COMPLETED" ? <Alert kind="info">{t("learnPlayer.notActive")}</Alert> : null}
      </section>
      )}
      {detail.adaptivePath && !isBarred(detail.status) ? (
        <section className="card" aria-labelledby="overview-path">
          <h2 id="overview-path" className="card-title">
            {t("adaptivePlayer.title")}
          </h2>
          <p>
            <span className="badge">{t("adaptivePlayer.score", { score: detail.adaptivePath.positioningScore })}</span>{" "}
            <span className="muted">{t("adaptivePlayer.counts", { skipped: detail.adaptivePath.skippedLessons, extra: detail.adaptivePath.extraLessons })}</span>
          </p>
          {detail.adaptivePath.summary ? <p>{detail.adaptivePath.summary}</p> : null}
        </section>
      ) : null}
      {!detail.adaptivePath && detail.adaptivePathAvailable && detail.status === "ACTIVE" ? <PersonalisePath enrollmentId={detail.id} onDone={() => void refresh()} /> : null}
      {isBarred(detail.status) ? null : (
        <section className="card">
          <h2 id="overview-outline" className="card-title">
            {t("learnPlayer.outline")}
          </h2>
          <CourseOutline detail={detail} headingId="overview-outline" />
        </section>
      )}
      <JourneyTimeline enrollmentId={detail.id} />
    </div>
  );
}
