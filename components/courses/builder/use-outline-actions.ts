"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";
import type { OutlineModule } from "../course-types";

/**
 * The outline's writes. Reorders are optimistic: the cached outline takes the new order at once,
 * and the server's answer (or a refetch on failure) settles it.
 */
export function useOutlineActions(courseId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.courseContent.listModules.queryKey({ id: courseId });
  const reorderModules = useMutation(trpc.courseContent.reorderModules.mutationOptions());
  const reorderLessons = useMutation(trpc.courseContent.reorderLessons.mutationOptions());
  const updateLesson = useMutation(trpc.courseContent.updateLesson.mutationOptions());

  function setModules(update: (modules: OutlineModule[]) => OutlineModule[]) {
    queryClient.setQueryData(key, (old) => (old ? { ...old, data: update(old.data) } : old));
  }

  async function moduleOrder(moduleIds: string[]) {
    setModules((modules) => moduleIds.map((id) => modules.find((m) => m.id === id)!).filter(Boolean));
    await reorderModules.mutateAsync({ id: courseId, moduleIds });
  }

  async function lessonOrder(moduleId: string, lessonIds: string[]) {
    setModules((modules) =>
      modules.map((m) => (m.id === moduleId ? { ...m, lessons: lessonIds.map((id) => m.lessons.find((l) => l.id === id)!).filter(Boolean) } : m)),
    );
    await reorderLessons.mutateAsync({ id: courseId, moduleId, lessonIds });
  }

  /** Moves a lesson to another module (appended by the server), then to `index` there. */
  async function moveLesson(lessonId: string, toModuleId: string, index: number, targetIds: string[]) {
    setModules((modules) => {
      const lesson = modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId);
      if (!lesson) return modules;
      return modules.map((m) => {
        const without = m.lessons.filter((l) => l.id !== lessonId);
        if (m.id !== toModuleId) return { ...m, lessons: without };
        const next = [...without];
        next.splice(index, 0, { ...lesson, moduleId: toModuleId });
        return { ...m, lessons: next };
      });
    });
    await updateLesson.mutateAsync({ id: courseId, lessonId, moduleId: toModuleId });
    const order = [...targetIds.filter((id) => id !== lessonId)];
    order.splice(index, 0, lessonId);
    if (order[order.length - 1] !== lessonId) await reorderLessons.mutateAsync({ id: courseId, moduleId: toModuleId, lessonIds: order });
  }

  return { moduleOrder, lessonOrder, moveLesson };
}
