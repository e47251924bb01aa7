"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

/**
 * The courses the learners list can be filtered on: an ADMIN's are the tenant's (GET /courses),
 * a CREATOR's the ones they created (GET /courses/my-courses), every status, at most 100.
 */
export function useOwnedCourses(isAdmin: boolean): { id: string; title: string }[] {
  const trpc = useTRPC();
  const input = { page: 1, limit: 100 };
  const mine = useQuery({ ...trpc.courses.myCourses.queryOptions(input), enabled: !isAdmin });
  const all = useQuery({ ...trpc.courses.list.queryOptions(input), enabled: isAdmin });
  const rows = (isAdmin ? all.data?.data : mine.data?.data) ?? [];
  return rows.map((c) => ({ id: c.id, title: c.title })).sort((a, b) => a.title.localeCompare(b.title));
}
