"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { ZRole, ZUserStatus } from "@/server/contracts/common";

export type UserFilters = {
  page: number;
  role?: (typeof ZRole.options)[number];
  status?: (typeof ZUserStatus.options)[number];
  q?: string;
};

/** The users list's filters live in the URL (?role=&status=&q=&page=), so a filtered list can be shared or reloaded. */
export function useUserFilters(): [UserFilters, (next: Partial<UserFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const role = ZRole.safeParse(params.get("role"));
  const status = ZUserStatus.safeParse(params.get("status"));
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const q = params.get("q")?.trim() || undefined;
  const filters: UserFilters = { page, role: role.success ? role.data : undefined, status: status.success ? status.data : undefined, q };

  const update = useCallback(
    (next: Partial<UserFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      if (merged.role) search.set("role", merged.role);
      if (merged.status) search.set("status", merged.status);
      if (merged.q) search.set("q", merged.q);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      // The visible path (no tenant prefix): the page stays where the browser is.
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [filters.page, filters.role, filters.status, filters.q, router],
  );
  return [filters, update];
}
