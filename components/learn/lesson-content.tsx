"use client";

import { isSafeUrl } from "@/components/courses/markdown";
import { useT } from "@/lib/i18n/client";
import { MarkdownView } from "./markdown-view";
import type { LessonView } from "./types";
import styles from "./learn.module.css";

/** Where a lesson's media is: its external URL, else the tenant's stored file. */
function mediaSource(lesson: LessonView): string | null {
  if (lesson.mediaUrl && isSafeUrl(lesson.mediaUrl)) return lesson.mediaUrl;
  if (lesson.mediaId) return `/api/v1/media/${encodeURIComponent(lesson.mediaId)}/file`;
  return null;
}

/** The body of a TEXT, VIDEO, FILE or LIVE_SESSION lesson (a QUIZ lesson shows its notes only). */
export function LessonContent({ lesson }: { lesson: LessonView }) {
  const t = useT();
  const src = mediaSource(lesson);
  const notes = lesson.content.trim() ? <MarkdownView source={lesson.content} className="lesson-text" /> : null;
  switch (lesson.kind) {
    case "VIDEO":
      return (
        <>
          {src ? (
            <div className={styles.lessonVideo}>
              <video controls preload="metadata" src={src} aria-label={lesson.title}>
                <p>
                  {t("learnPlayer.videoUnsupported")}{" "}
                  <a href={src} target="_blank" rel="noopener noreferrer">
                    {t("learnPlayer.openVideo")}
                  </a>
                </p>
              </video>
              <p className={styles.lessonMediaLink}>
                <a href={src} target="_blank" rel="noopener noreferrer">
                  {t("learnPlayer.openVideo")}
                </a>
              </p>
            </div>
          ) : (
            <p className="muted">{t("learnPlayer.noMedia")}</p>
          )}
          {notes}
        </>
      );
    case "FILE":
      return (
        <>
          {src ? (
            <p>
              <a className="btn btn-secondary" href={src} download target="_blank" rel="noopener noreferrer">
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
                </svg>
                {t("learnPlayer.download")}
              </a>
            </p>
          ) : (
            <p className="muted">{t("learnPlayer.noMedia")}</p>
          )}
          {notes}
        </>
      );
    case "LIVE_SESSION":
      return (
        <>
          {src ? (
            <p>
              <a className="btn btn-secondary" href={src} target="_blank" rel="noopener noreferrer">
                {t("learnPlayer.joinSession")}
              </a>
            </p>
          ) : null}
          {notes}
        </>
      );
    case "QUIZ":
      return notes;
    default:
      return notes ?? <p className="muted">{t("learnPlayer.emptyText")}</p>;
  }
}
