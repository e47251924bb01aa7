"use client";

import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { useI18n } from "@/lib/i18n/client";
import { CourseOutline } from "./course-outline";
import { ProgressBar } from "./progress-bar";
import type { EnrollmentDetail } from "./types";
import styles from "./learn.module.css";

/**
 * The learning space of one enrollment: course title and progress on top, the outline as a
 * sidebar (desktop) or a panel opened with the "Contents" button (phone), the page beside it.
 */
export function PlayerShell({ detail, currentLessonId, children }: { detail: EnrollmentDetail; currentLessonId?: string; children: ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [currentLessonId]);
  const p = detail.progress;
  return (
    <div className={styles.player}>
      <header className={styles.playerHeader}>
        <p className="back-link">
          <Link href="/">← {t("learnPlayer.backToCourses")}</Link>
        </p>
        <p className={styles.playerCourse}>
          <Link href={`/learn/${detail.id}`}>{detail.course.title}</Link>
        </p>
        <ProgressBar t={t} percent={p.percentage} detail={t("learnCommon.progressDetail", { done: p.completedLessons, total: p.totalLessons })} />
        <button
          type="button"
          className={`btn btn-secondary btn-sm ${styles.outlineToggle}`}
          aria-expanded={open}
          aria-controls="course-outline"
          onClick={() => setOpen((v) => !v)}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
          </svg>
          {open ? t("learnPlayer.closeOutline") : t("learnPlayer.openOutline")}
        </button>
      </header>
      <div className={styles.playerBody}>
        <nav id="course-outline" className={styles.playerOutline} data-open={open} aria-labelledby="course-outline-title">
          <h2 id="course-outline-title" className={styles.playerOutlineTitle}>
            {t("learnPlayer.outline")}
          </h2>
          <CourseOutline detail={detail} currentLessonId={currentLessonId} />
        </nav>
        <div className={styles.playerMain}>{children}</div>
      </div>
    </div>
  );
}
