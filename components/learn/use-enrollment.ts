"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/** One enrollment with its outline and per-lesson progress, and a way to refresh it (and the learner's list). */
export function useEnrollment(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.enrollments.byId.queryOptions({ id }));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.enrollments.byId.queryFilter({ id })),
      queryClient.invalidateQueries(trpc.enrollments.me.pathFilter()),
    ]);
  return { query, refresh };
}
