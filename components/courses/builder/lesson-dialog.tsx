"use client";

import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/client";
import type { OutlineLesson, OutlineModule } from "../course-types";
import { LessonForm } from "./lesson-form";
import styles from "../lesson-editor.module.css";

/**
 * The lesson editor in the shared modal Dialog (full screen on phones): focus moves in, Escape closes,
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
  const title = lesson ? `${t("creatorLesson.dialogTitle")} — ${lesson.title}` : t("creatorLesson.dialogTitle");
  const close = (
    <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
      {t("creatorLesson.close")}
    </button>
  );
  return (
    <Dialog open={lesson !== null} onClose={onClose} title={title} className={styles.dialogEditor} headClassName={styles.dialogEditorHead} headerAction={close}>
      {lesson ? <LessonForm key={lesson.id} courseId={courseId} lesson={lesson} modules={modules} readOnly={readOnly} onSaved={onSaved} onClose={onClose} /> : null}
    </Dialog>
  );
}
