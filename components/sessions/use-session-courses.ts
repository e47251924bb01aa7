"use client";

import { useQueries } from "@tanstack/react-query";
import { useMe } from "@/components/shell/me-context";
import { useTRPC } from "@/lib/trpc";

export type SessionCourse = { id: string; title: string; status: string };

const PAGE = { page: 1, limit: 100 } as const;

/**
 * Courses seen by the sessions screens (at most 100 of each list): `titles` names every course the
 * caller can read, `teachable` holds those the caller may schedule a session for (ADMIN: every
 * course; CREATOR: their own and those they teach; TRAINER: those they teach), archived ones left out.
 */
export function useSessionCourses(): { titles: Map<string, string>; teachable: SessionCourse[]; isPending: boolean } {
  const trpc = useTRPC();
  const role = useMe().role;
  const isAdmin = role === "ADMIN";
  const results = useQueries({
    queries: [
      trpc.courses.list.queryOptions({ ...PAGE, status: "PUBLISHED" }),
      { ...trpc.courses.list.queryOptions({ ...PAGE, status: "DRAFT" }), enabled: isAdmin },
      { ...trpc.courses.list.queryOptions({ ...PAGE, status: "ARCHIVED" }), enabled: isAdmin },
      { ...trpc.courses.myCourses.queryOptions(PAGE), enabled: role === "CREATOR" },
      { ...trpc.courses.myTrainer.queryOptions(PAGE), enabled: role === "CREATOR" || role === "TRAINER" },
    ],
  });
  const [published, draft, , mine, teaching] = results;
  const titles = new Map<string, string>();
  for (const r of results) for (const c of r.data?.data ?? []) titles.set(c.id, c.title);

  const own = isAdmin ? [published, draft] : [mine, teaching];
  const byId = new Map<string, SessionCourse>();
  for (const r of own) for (const c of r?.data?.data ?? []) if (c.status !== "ARCHIVED") byId.set(c.id, { id: c.id, title: c.title, status: c.status });
  const teachable = [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
  const isPending = own.some((r) => r?.isPending && r.fetchStatus !== "idle");
  return { titles, teachable, isPending };
}
