"use client";

import { useEffect, useRef } from "react";
import { useT } from "@/lib/i18n/client";
import type { OutlineLesson, OutlineModule } from "../course-types";
import { LessonForm } from "./lesson-form";
import styles from "../courses.module.css";

/**
 * The lesson editor in a modal <dialog> (full screen on phones): focus moves in, Escape closes,
 * focus returns to the Edit button. The form is remounted per lesson.
 */
export function LessonDialog({
  courseId,
  lesson,
  modules,
  readOnly,
  onClose,
  onSaved,
}: {
  courseId: string;
  lesson: OutlineLesson | null;
  modules: OutlineModule[];
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (lesson && !dialog.open) dialog.showModal();
    if (!lesson && dialog.open) dialog.close();
  }, [lesson]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${styles.dialogEditor}`}
      aria-labelledby="lesson-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogEditorHead}>
        <h2 id="lesson-dialog-title">{lesson ? `${t("creatorLesson.dialogTitle")} — ${lesson.title}` : t("creatorLesson.dialogTitle")}</h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t("creatorLesson.close")}
        </button>
      </div>
      {lesson ? <LessonForm key={lesson.id} courseId={courseId} lesson={lesson} modules={modules} readOnly={readOnly} onSaved={onSaved} onClose={onClose} /> : null}
    </dialog>
  );
}
