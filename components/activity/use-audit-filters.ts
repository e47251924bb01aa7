"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** `action` is an action name, or one of the groups below (the API's `category`). */
export const AUDIT_GROUPS = { admin: "", auth: "@auth", all: "@all" } as const;
export type AuditFilters = { page: number; actorId?: string; action?: string };

/** The audit tab's filters live in the URL (?tab=admin&actorId=&action=&page=), beside the learning log's. */
export function useAuditFilters(): [AuditFilters, (next: Partial<AuditFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const filters: AuditFilters = {
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    actorId: params.get("actorId") || undefined,
    action: params.get("action") || undefined,
  };
  const update = useCallback(
    (next: Partial<AuditFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams({ tab: "admin" });
      if (merged.actorId) search.set("actorId", merged.actorId);
      if (merged.action) search.set("action", merged.action);
      if (merged.page > 1) search.set("page", String(merged.page));
      router.replace(`${window.location.pathname}?${search.toString()}`, { scroll: false });
    },
    [filters.page, filters.actorId, filters.action, router],
  );
  return [filters, update];
}

/** The list query's filters: a group becomes `category`, a name becomes `action`. */
export function auditQuery(f: AuditFilters): { actorId?: string; action?: string; category?: "admin" | "auth" } {
  const base = { actorId: f.actorId };
  if (!f.action) return { ...base, category: "admin" };
  if (f.action === AUDIT_GROUPS.auth) return { ...base, category: "auth" };
  if (f.action === AUDIT_GROUPS.all) return base;
  return { ...base, action: f.action };
}
