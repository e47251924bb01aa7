"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type DragEvent, type FormEvent } from "react";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { OutlineLesson, OutlineModule, QuestionnaireSummary } from "../course-types";
import { AddLessonForm } from "./add-lesson-form";
import { LessonRow } from "./lesson-row";
import { DRAG_TYPE, type DragItem } from "./outline-order";
import { useMoveFocus } from "./use-move-focus";
import shared from "../shared.module.css";
import styles from "../outline.module.css";

type Props = {
  courseId: string;
  module: OutlineModule;
  index: number;
  count: number;
  readOnly: boolean;
  questionnaires: QuestionnaireSummary[];
  drag: DragItem | null;
  onDrag: (item: DragItem | null) => void;
  onDrop: (moduleId: string, index: number | null) => void;
  onMove: (moduleId: string, to: number) => void;
  onMoveLesson: (moduleId: string, lessonId: string, to: number) => void;
  onDelete: () => void;
  onEditLesson: (lesson: OutlineLesson) => void;
  onDeleteLesson: (lesson: OutlineLesson) => void;
  onChanged: (message?: string) => Promise<void>;
};

/** One module: its header (drag handle, rename, move, delete), its lessons and the add-lesson form. */
export function ModuleCard(props: Props) {
  const { courseId, module, index, count, readOnly, drag, onDrag, onDrop } = props;
  const t = useT();
  const trpc = useTRPC();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(module.title);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const focus = useMoveFocus(index, count);
  const rename = useMutation(trpc.courseContent.updateModule.mutationOptions());
  const headingId = `module-${module.id}-title`;

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = title.trim();
    if (!next) return setError(t("errors.required"));
    setError(null);
    try {
      await rename.mutateAsync({ id: courseId, moduleId: module.id, title: next });
      setRenaming(false);
      await props.onChanged(t("creatorOutline.renamed"));
    } catch (e) {
      setError(errorMessage(e, t));
    }
  }

  const accepts = (e: DragEvent) => !readOnly && drag !== null && e.dataTransfer.types.includes(DRAG_TYPE) && !(drag.kind === "module" && drag.id === module.id);
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      if (!accepts(e)) return;
      e.preventDefault();
      setOver(false);
      onDrop(module.id, null);
    },
  };

  return (
    <li className={`${shared.moduleCard}${drag?.kind === "module" && drag.id === module.id ? ` ${shared.isDragging}` : ""}${over ? ` ${shared.isOver}` : ""}`} aria-labelledby={headingId}>
      <div
        className={styles.moduleHead}
        draggable={!readOnly && !renaming}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, module.id);
          e.dataTransfer.effectAllowed = "move";
          onDrag({ kind: "module", id: module.id });
        }}
        onDragEnd={() => onDrag(null)}
        {...dropProps}
      >
        {readOnly ? null : (
          <span className={styles.dragHandle} aria-hidden="true" title={t("creatorOutline.dragHandle", { title: module.title })}>
            ⋮⋮
          </span>
        )}
        <div className={styles.moduleTitle}>
          <span className={styles.moduleIndex}>{t("creatorOutline.module", { n: index + 1 })}</span>
          {renaming ? (
            <form className={styles.inlineForm} onSubmit={onRename}>
              <label className="visually-hidden" htmlFor={`rename-${module.id}`}>
                {t("creatorOutline.renameModule")}
              </label>
              <input id={`rename-${module.id}`} className="input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} autoFocus />
              <button type="submit" className="btn btn-primary btn-sm" disabled={rename.isPending}>
                {t("common.save")}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => { setRenaming(false); setTitle(module.title); setError(null); }}>
                {t("common.cancel")}
              </button>
            </form>
          ) : (
            <h3 id={headingId}>{module.title}</h3>
          )}
          {error ? <p className="field-error">{error}</p> : null}
        </div>
        {readOnly || renaming ? null : (
          <div className={shared.itemActions}>
            <button ref={focus.upRef} type="button" className="btn btn-ghost btn-sm" onClick={() => { focus.moved("up"); props.onMove(module.id, index - 1); }} disabled={index === 0} aria-label={t("creatorOutline.moveUpNamed", { title: module.title })}>
              <span aria-hidden="true">↑</span>
            </button>
            <button ref={focus.downRef} type="button" className="btn btn-ghost btn-sm" onClick={() => { focus.moved("down"); props.onMove(module.id, index + 1); }} disabled={index === count - 1} aria-label={t("creatorOutline.moveDownNamed", { title: module.title })}>
              <span aria-hidden="true">↓</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRenaming(true)}>
              {t("creatorOutline.rename")}
              <span className="visually-hidden"> {module.title}</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={props.onDelete}>
              {t("creatorOutline.delete")}
              <span className="visually-hidden"> {module.title}</span>
            </button>
          </div>
        )}
      </div>
      {module.lessons.length === 0 ? (
        <p className={`${shared.lessonsEmpty}${over ? ` ${shared.isOver}` : ""}`} {...dropProps}>
          {t("creatorOutline.emptyLessons")}
        </p>
      ) : (
        <ol className={styles.lessonList} aria-label={module.title}>
          {module.lessons.map((lesson, i) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              index={i}
              count={module.lessons.length}
              readOnly={readOnly}
              drag={drag}
              onDrag={onDrag}
              onDrop={() => onDrop(module.id, i)}
              onMove={(to) => props.onMoveLesson(module.id, lesson.id, to)}
              onEdit={() => props.onEditLesson(lesson)}
              onDelete={() => props.onDeleteLesson(lesson)}
            />
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <AddLessonForm courseId={courseId} moduleId={module.id} moduleTitle={module.title} questionnaires={props.questionnaires} onAdded={(title) => props.onChanged(t("creatorOutline.lessonAdded", { title }))} />
      )}
    </li>
  );
}
