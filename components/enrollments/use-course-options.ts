"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/lib/trpc";

export type CourseOption = { id: string; title: string; status: string };

/**
 * Courses an admin can pick: the PUBLISHED ones (they accept enrollments) and, for the list
 * filter, the ARCHIVED ones too (their learners keep their enrollments). At most 100 of each.
 */
export function useCourseOptions(withArchived: boolean): { courses: CourseOption[]; isPending: boolean } {
  const trpc = useTRPC();
  const published = useQuery(trpc.courses.list.queryOptions({ page: 1, limit: 100, status: "PUBLISHED" }));
  const archived = useQuery({ ...trpc.courses.list.queryOptions({ page: 1, limit: 100, status: "ARCHIVED" }), enabled: withArchived });
  const rows = [...(published.data?.data ?? []), ...(withArchived ? (archived.data?.data ?? []) : [])];
  const courses = rows.map((c) => ({ id: c.id, title: c.title, status: c.status })).sort((a, b) => a.title.localeCompare(b.title));
  return { courses, isPending: published.isPending };
}
