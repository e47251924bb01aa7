"use client";

import { useState, type DragEvent } from "react";
import { useT } from "@/lib/i18n/client";
import type { OutlineLesson } from "../course-types";
import { DRAG_TYPE, type DragItem } from "./outline-order";
import { useMoveFocus } from "./use-move-focus";
import shared from "../shared.module.css";
import styles from "../outline.module.css";

type Props = {
  lesson: OutlineLesson;
  index: number;
  count: number;
  readOnly: boolean;
  drag: DragItem | null;
  onDrag: (item: DragItem | null) => void;
  onDrop: () => void;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** A lesson of the outline: drag handle, kind, title, duration, and its actions (edit, move up/down, delete). */
export function LessonRow({ lesson, index, count, readOnly, drag, onDrag, onDrop, onMove, onEdit, onDelete }: Props) {
  const t = useT();
  const [over, setOver] = useState(false);
  const focus = useMoveFocus(index, count);
  const accepts = (e: DragEvent) => !readOnly && drag?.kind === "lesson" && drag.id !== lesson.id && e.dataTransfer.types.includes(DRAG_TYPE);
  const empty = lesson.kind === "TEXT" && !lesson.content.trim();
  return (
    <li
      className={`${shared.lessonRow}${drag?.kind === "lesson" && drag.id === lesson.id ? ` ${shared.isDragging}` : ""}${over ? ` ${shared.isOver}` : ""}`}
      draggable={!readOnly}
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_TYPE, lesson.id);
        e.dataTransfer.effectAllowed = "move";
        onDrag({ kind: "lesson", id: lesson.id, moduleId: lesson.moduleId });
      }}
      onDragEnd={() => onDrag(null)}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        onDrop();
      }}
    >
      {readOnly ? null : (
        <span className={styles.dragHandle} aria-hidden="true" title={t("creatorOutline.dragHandle", { title: lesson.title })}>
          ⋮⋮
        </span>
      )}
      <span className={`${styles.kindChip} ${styles[`kind-${lesson.kind}`]}`}>{t(`creatorEnums.${lesson.kind}`)}</span>
      <span className={styles.lessonTitle}>
        {lesson.title}
        {empty ? <span className={styles.lessonNote}> · {t("creatorOutline.noContent")}</span> : null}
      </span>
      {lesson.durationMinutes ? <span className={`muted ${styles.lessonDuration}`}>{t("creatorOutline.minutes", { n: lesson.durationMinutes })}</span> : null}
      <span className={shared.itemActions}>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit} aria-label={t("creatorOutline.editLessonNamed", { title: lesson.title })}>
          {t("creatorOutline.editLesson")}
        </button>
        {readOnly ? null : (
          <>
            <button ref={focus.upRef} type="button" className="btn btn-ghost btn-sm" onClick={() => { focus.moved("up"); onMove(index - 1); }} disabled={index === 0} aria-label={t("creatorOutline.moveUpNamed", { title: lesson.title })}>
              <span aria-hidden="true">↑</span>
            </button>
            <button ref={focus.downRef} type="button" className="btn btn-ghost btn-sm" onClick={() => { focus.moved("down"); onMove(index + 1); }} disabled={index === count - 1} aria-label={t("creatorOutline.moveDownNamed", { title: lesson.title })}>
              <span aria-hidden="true">↓</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={onDelete}>
              {t("creatorOutline.delete")}
              <span className="visually-hidden"> {lesson.title}</span>
            </button>
          </>
        )}
      </span>
    </li>
  );
}
