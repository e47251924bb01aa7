"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { OutlineLesson } from "../course-types";
import { AddModuleForm } from "./add-module-form";
import { useConfirm } from "./confirm-context";
import { LessonDialog } from "./lesson-dialog";
import { ModuleCard } from "./module-card";
import { moveId, type DragItem } from "./outline-order";
import { useOutlineActions } from "./use-outline-actions";
import { Loading } from "@/components/ui/skeleton";
import styles from "../builder.module.css";
import outlineStyles from "../outline.module.css";
import { EmptyLine } from "@/components/ui/empty-state";

/**
 * Modules and lessons: add, rename, delete, reorder by drag and drop or with the Move up /
 * Move down buttons (keyboard), open a lesson's editor. Every change refreshes the checklist.
 */
export function OutlinePanel({ courseId, readOnly, onChanged }: { courseId: string; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const confirm = useConfirm();
  const outline = useQuery(trpc.courseContent.listModules.queryOptions({ id: courseId }));
  const questionnaires = useQuery(trpc.courseContent.listQuestionnaires.queryOptions({ id: courseId }));
  const actions = useOutlineActions(courseId);
  const deleteModule = useMutation(trpc.courseContent.deleteModule.mutationOptions());
  const deleteLesson = useMutation(trpc.courseContent.deleteLesson.mutationOptions());
  const [drag, setDrag] = useState<DragItem | null>(null);
  const [announce, setAnnounce] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  const modules = outline.data?.data ?? [];
  const editing = editingId ? (modules.flatMap((m) => m.lessons).find((l) => l.id === editingId) ?? null) : null;

  async function attempt(action: () => Promise<unknown>, message?: string) {
    setError(null);
    try {
      await action();
      if (message) setAnnounce(message);
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      await onChanged();
    }
  }

  const moveModule = (id: string, to: number) => {
    const ids = modules.map((m) => m.id);
    const next = moveId(ids, id, to);
    if (next === ids) return;
    const title = modules.find((m) => m.id === id)?.title ?? "";
    void attempt(() => actions.moduleOrder(next), t("creatorOutline.moved", { title, position: next.indexOf(id) + 1 }));
  };

  const moveLesson = (moduleId: string, lessonId: string, to: number) => {
    const module = modules.find((m) => m.id === moduleId);
    if (!module) return;
    const ids = module.lessons.map((l) => l.id);
    const title = module.lessons.find((l) => l.id === lessonId)?.title ?? "";
    if (ids.includes(lessonId)) {
      const next = moveId(ids, lessonId, to);
      if (next === ids) return;
      void attempt(() => actions.lessonOrder(moduleId, next), t("creatorOutline.moved", { title, position: next.indexOf(lessonId) + 1 }));
    } else {
      const moved = modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId);
      void attempt(() => actions.moveLesson(lessonId, moduleId, to, ids), t("creatorOutline.moved", { title: moved?.title ?? "", position: to + 1 }));
    }
  };

  /** A drop on a module (header or its empty list) or on a lesson at `index` of that module. */
  function onDrop(moduleId: string, index: number | null) {
    const item = drag;
    setDrag(null);
    if (!item) return;
    if (item.kind === "module") {
      moveModule(item.id, modules.findIndex((m) => m.id === moduleId));
      return;
    }
    const target = modules.find((m) => m.id === moduleId);
    if (!target) return;
    moveLesson(moduleId, item.id, index ?? target.lessons.length);
  }

  async function removeModule(moduleId: string) {
    const module = modules.find((m) => m.id === moduleId);
    if (!module) return;
    const ok = await confirm({
      title: t("creatorOutline.deleteModuleTitle"),
      message: t("creatorOutline.deleteModuleMessage", { title: module.title, count: module.lessons.length }),
      confirmLabel: t("creatorOutline.delete"),
      danger: true,
    });
    if (ok) await attempt(() => deleteModule.mutateAsync({ id: courseId, moduleId }), t("creatorOutline.moduleDeleted"));
  }

  async function removeLesson(lesson: OutlineLesson) {
    const ok = await confirm({
      title: t("creatorOutline.deleteLessonTitle"),
      message: t("creatorOutline.deleteLessonMessage", { title: lesson.title }),
      confirmLabel: t("creatorOutline.delete"),
      danger: true,
    });
    if (ok) await attempt(() => deleteLesson.mutateAsync({ id: courseId, lessonId: lesson.id }), t("creatorOutline.lessonDeleted"));
  }

  if (outline.isPending) {
    return <Loading rows={6} />;
  }
  if (outline.isError) return <Alert kind="error">{errorMessage(outline.error, t)}</Alert>;
  const meta = outline.data.meta;

  return (
    <section className="stack" aria-labelledby="outline-title">
      <div className="panel-head">
        <div>
          <h2 id="outline-title">{t("creatorOutline.title")}</h2>
          <p className="muted">{readOnly ? t("creatorOutline.summary", { modules: meta.moduleCount, lessons: meta.lessonCount, minutes: meta.durationMinutes }) : t("creatorOutline.intro")}</p>
        </div>
        {readOnly ? null : <p className={`muted ${styles.panelSummary}`}>{t("creatorOutline.summary", { modules: meta.moduleCount, lessons: meta.lessonCount, minutes: meta.durationMinutes })}</p>}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {modules.length === 0 ? <EmptyLine>{t("creatorOutline.emptyModules")}</EmptyLine> : null}
      <ol className={`plain-list ${outlineStyles.outline}`} aria-label={t("creatorOutline.title")}>
        {modules.map((module, index) => (
          <ModuleCard
            key={module.id}
            courseId={courseId}
            module={module}
            index={index}
            count={modules.length}
            readOnly={readOnly}
            questionnaires={questionnaires.data?.data ?? []}
            drag={drag}
            onDrag={setDrag}
            onDrop={onDrop}
            onMove={moveModule}
            onMoveLesson={moveLesson}
            onDelete={() => void removeModule(module.id)}
            onEditLesson={(l) => setEditingId(l.id)}
            onDeleteLesson={(l) => void removeLesson(l)}
            onChanged={async (message) => {
              if (message) setAnnounce(message);
              await onChanged();
            }}
          />
        ))}
      </ol>
      {readOnly ? null : (
        <AddModuleForm
          courseId={courseId}
          onAdded={async (title) => {
            setAnnounce(t("creatorOutline.moduleAdded", { title }));
            await onChanged();
          }}
        />
      )}
      <LessonDialog courseId={courseId} lesson={editing} modules={modules} readOnly={readOnly} onClose={() => setEditingId(null)} onSaved={onChanged} />
    </section>
  );
}
