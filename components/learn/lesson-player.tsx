"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CompletionBanner } from "./completion-banner";
import { lessonKindKey, progressStatusKey } from "./labels";
import { LessonContent } from "./lesson-content";
import { flattenLessons } from "./outline";
import { PlayerShell } from "./player-shell";
import { QuizPanel } from "./quiz-panel";
import { StatusIcon } from "./status-icon";
import { useEnrollment } from "./use-enrollment";
import type { EnrollmentDetail } from "./types";
import { Loading } from "@/components/ui/skeleton";
import { BarredNotice, isBarred } from "./barred-notice";
import styles from "./learn.module.css";

/** The lesson player: outline, the lesson, "mark complete", previous and next lesson. */
export function LessonPlayer({ enrollmentId, lessonId }: { enrollmentId: string; lessonId: string }) {
  const { t } = useI18n();
  const { query } = useEnrollment(enrollmentId);
  if (query.isPending) {
    return <Loading shape="page" />;
  }
  if (query.isError) {
    return <Alert kind="error">{errorInfo(query.error).status === 404 ? t("learnPlayer.notFound") : errorMessage(query.error, t)}</Alert>;
  }
  const detail = query.data.data;
  if (isBarred(detail.status)) return <BarredNotice detail={detail} withBackLink />;
  return (
    <PlayerShell detail={detail} currentLessonId={lessonId}>
      <LessonPane key={lessonId} detail={detail} lessonId={lessonId} />
    </PlayerShell>
  );
}

function LessonPane({ detail, lessonId }: { detail: EnrollmentDetail; lessonId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const { refresh } = useEnrollment(detail.id);
  const lessonQuery = useQuery(trpc.courseContent.lessonView.queryOptions({ id: detail.courseId, lessonId }));
  const progress = useMutation(trpc.enrollments.recordProgress.mutationOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const openedAt = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const startSent = useRef(false);

  const lessons = flattenLessons(detail);
  const index = lessons.findIndex((l) => l.id === lessonId);
  const outline = lessons[index];
  const active = detail.status === "ACTIVE";
  const lesson = lessonQuery.data?.data;

  // Opening a lesson not started yet records it as started (lesson.started in the activity log).
  useEffect(() => {
    if (!active || !outline || outline.status !== "NOT_STARTED" || outline.kind === "QUIZ" || startSent.current) return;
    startSent.current = true;
    progress.mutate({ id: detail.id, lessonId, status: "IN_PROGRESS" }, { onSuccess: () => void refresh(), onError: () => undefined });
  }, [active, outline?.status]);
  useEffect(() => {
    if (lesson) headingRef.current?.focus();
  }, [lesson?.id]);

  if (!outline || (lessonQuery.isError && errorInfo(lessonQuery.error).status === 404)) return <Alert kind="error">{t("learnPlayer.lessonNotFound")}</Alert>;

  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = index < lessons.length - 1 ? lessons[index + 1] : undefined;
  const completed = outline.status === "COMPLETED";
  const courseDone = detail.progress.totalLessons > 0 && detail.progress.percentage >= 100;
  // After a quiz the correction is long: the completion message goes above it, not below.
  const bannerOnTop = outline.kind === "QUIZ";

  async function markComplete() {
    setNotice(null);
    const seconds = Math.min(86_400, Math.max(0, Math.round((Date.now() - openedAt.current) / 1000)));
    await progress.mutateAsync({ id: detail.id, lessonId, status: "COMPLETED", timeSpentSeconds: seconds });
    setNotice(t("learnPlayer.markedComplete", { title: outline!.title }));
    await refresh();
  }

  return (
    <article className={styles.lesson}>
      <p className={styles.lessonModule}>{outline.moduleTitle}</p>
      <h1 ref={headingRef} tabIndex={-1} className={styles.lessonTitle}>
        {outline.title}
      </h1>
      <p className={styles.lessonMeta}>
        <span className={`badge ${styles.badgeKind}`}>{t(lessonKindKey(outline.kind))}</span>
        {outline.durationMinutes ? <span>{t("learnCommon.minutes", { count: outline.durationMinutes })}</span> : null}
        <span className={`${styles.lessonState} ${styles[`lesson-state-${outline.status}`]}`}>
          <StatusIcon status={outline.status} />
          {t(progressStatusKey(outline.status))}
        </span>
      </p>

      {bannerOnTop ? <div aria-live="polite">{courseDone ? <CompletionBanner t={t} title={detail.course.title} /> : null}</div> : null}
      <div className={styles.lessonBody}>
        {lessonQuery.isPending ? (
          <Loading rows={6} />
        ) : lessonQuery.isError ? (
          <Alert kind="error">{errorMessage(lessonQuery.error, t)}</Alert>
        ) : lesson ? (
          <>
            <LessonContent lesson={lesson} />
            {lesson.kind === "QUIZ" ? <QuizPanel enrollmentId={detail.id} lesson={lesson} canAnswer={active} onSubmitted={refresh} /> : null}
          </>
        ) : null}
      </div>

      <div className={styles.lessonStatus} aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        {progress.isError && progress.variables?.status === "COMPLETED" ? <Alert kind="error">{errorMessage(progress.error, t)}</Alert> : null}
        {courseDone && !bannerOnTop ? <CompletionBanner t={t} title={detail.course.title} /> : null}
      </div>

      <div className={styles.lessonActions}>
        {outline.kind !== "QUIZ" && !completed && active && !outline.hasContent ? (
          <Alert kind="info">{t("learnPlayer.emptyLesson")}</Alert>
        ) : outline.kind !== "QUIZ" && !completed && active ? (
          <button type="button" className="btn btn-primary" disabled={progress.isPending && progress.variables?.status === "COMPLETED"} onClick={() => void markComplete().catch(() => undefined)}>
            {progress.isPending && progress.variables?.status === "COMPLETED" ? t("learnPlayer.marking") : t("learnPlayer.markComplete")}
          </button>
        ) : completed ? (
          <p className={styles.lessonDone}>
            <StatusIcon status="COMPLETED" />
            {t("learnPlayer.completed")}
          </p>
        ) : null}
        {!active && detail.status !== "COMPLETED" ? <Alert kind="info">{t("learnPlayer.notActive")}</Alert> : null}
      </div>

      <nav className={styles.lessonNav} aria-label={t("learnPlayer.lessonNav")}>
        {previous ? (
          <Link className="btn btn-secondary lesson-nav-prev" href={`/learn/${detail.id}/${previous.id}`}>
            <span aria-hidden="true">←</span> {t("learnPlayer.previous")}
            <span className="visually-hidden"> : {previous.title}</span>
          </Link>
        ) : null}
        {next ? (
          <Link className={completed ? `btn btn-primary ${styles.lessonNavNext}` : `btn btn-secondary ${styles.lessonNavNext}`} href={`/learn/${detail.id}/${next.id}`}>
            {t("learnPlayer.next")}
            <span className="visually-hidden"> : {next.title}</span> <span aria-hidden="true">→</span>
          </Link>
        ) : (
          <Link className={`btn btn-secondary ${styles.lessonNavNext}`} href={`/learn/${detail.id}`}>
            {t("learnPlayer.overview")}
          </Link>
        )}
      </nav>
    </article>
  );
}
