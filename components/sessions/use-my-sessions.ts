"use client";

import { useQuery } from "@tanstack/react-query";
import type { TSessionSummary } from "@/server/contracts/sessions";
import { useMe } from "@/components/shell/me-context";
import { useTRPC } from "@/lib/trpc";

const LIMIT = 100;

/**
 * Sessions starting in [fromDate, toDate] that the caller runs: every one for an ADMIN; for the
 * other roles those they train or whose course they created (sessions.list `mine`), soonest first.
 */
export function useMySessions(range: { fromDate: string; toDate?: string }): { sessions: TSessionSummary[]; isPending: boolean; error: unknown } {
  const trpc = useTRPC();
  const me = useMe();
  const list = useQuery(trpc.sessions.list.queryOptions({ page: 1, limit: LIMIT, ...range, ...(me.role === "ADMIN" ? {} : { mine: "true" as const }) }));
  const sessions = [...(list.data?.data ?? [])].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  return { sessions, isPending: list.isPending, error: list.error };
}
