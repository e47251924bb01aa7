"use client";

import { useQueries } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/** Course id -> title, for the log's "course" column (at most 100 courses of each status). */
export function useCourseTitles(): Map<string, string> {
  const trpc = useTRPC();
  const results = useQueries({
    queries: (["PUBLISHED", "DRAFT", "ARCHIVED"] as const).map((status) => trpc.courses.list.queryOptions({ page: 1, limit: 100, status })),
  });
  const titles = new Map<string, string>();
  for (const r of results) for (const c of r.data?.data ?? []) titles.set(c.id, c.title);
  return titles;
}
