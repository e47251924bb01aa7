"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/lib/trpc";

/**
 * After any save: the builder's detail, the outline, the questionnaires, the course lists and,
 * above all, the live publication check are fetched again.
 */
export function useCourseRefresh(courseId: string): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.courses.qualiopiStatus.queryFilter({ id: courseId })),
      queryClient.invalidateQueries(trpc.courses.byId.queryFilter({ id: courseId })),
      queryClient.invalidateQueries(trpc.courseContent.listModules.queryFilter({ id: courseId })),
      queryClient.invalidateQueries(trpc.courseContent.listQuestionnaires.queryFilter({ id: courseId })),
      queryClient.invalidateQueries(trpc.courses.myCourses.pathFilter()),
      queryClient.invalidateQueries(trpc.courses.list.pathFilter()),
    ]);
  }, [queryClient, trpc, courseId]);
}
