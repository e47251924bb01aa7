"use client";

import Link from "next/link";
import { useI18n } from "@/lib/i18n/client";
import { lessonKindKey, progressStatusKey } from "./labels";
import { StatusIcon } from "./status-icon";
import type { EnrollmentDetail } from "./types";
import styles from "./learn.module.css";

/** Modules and lessons of an enrollment with each lesson's state; the current lesson is marked. */
export function CourseOutline({ detail, currentLessonId, headingId }: { detail: EnrollmentDetail; currentLessonId?: string; headingId?: string }) {
  const { t } = useI18n();
  const modules = [...detail.modules].sort((a, b) => a.position - b.position);
  return (
    <ol className={`plain-list ${styles.outline}`} aria-labelledby={headingId}>
      {modules.map((m) => {
        const counted = m.lessons.filter((l) => l.pathRole !== "SKIPPED");
        const done = counted.filter((l) => l.status === "COMPLETED").length;
        return (
          <li key={m.id}>
            <p className={styles.outlineModuleTitle}>
              <span>{m.title}</span>
              <span className={styles.outlineModuleCount}>
                {done}/{counted.length}
              </span>
            </p>
            <ol className={styles.outlineLessons}>
              {[...m.lessons]
                .sort((a, b) => a.position - b.position)
                .map((l) => {
                  const current = l.id === currentLessonId;
                  return (
                    <li key={l.id}>
                      <Link href={`/learn/${detail.id}/${l.id}`} className={styles.outlineLesson} aria-current={current ? "page" : undefined}>
                        <StatusIcon status={l.status} />
                        <span className={styles.outlineLessonText}>
                          <span className={styles.outlineLessonTitle}>{l.title}</span>
                          <span className={styles.outlineLessonMeta}>
                            {t(lessonKindKey(l.kind))}
                            {l.durationMinutes ? ` · ${t("learnCommon.minutes", { count: l.durationMinutes })}` : ""}
                            <span className="visually-hidden"> · {t(progressStatusKey(l.status))}</span>
                          </span>
                          {l.pathRole === "SKIPPED" ? <span className="badge">{t("adaptivePlayer.skipped")}</span> : null}
                          {l.pathRole === "EXTRA" ? <span className="badge">{t("adaptivePlayer.extra")}</span> : null}
                        </span>
                      </Link>
                    </li>
                  );
                })}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
