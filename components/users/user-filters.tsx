"use client";

import { ZRole, ZUserStatus } from "@/server/contracts/common";
import { SearchToolbar } from "@/components/ui/search-toolbar";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import type { UserFilters } from "./use-user-filters";

/** Search box (submitted with Enter or the button) and role/status filters (applied at once). */
export function UserFiltersBar({ filters, onChange }: { filters: UserFilters; onChange: (next: Partial<UserFilters>) => void }) {
  const t = useT();
  return (
    <SearchToolbar label={t("users.search")} placeholder={t("users.searchPlaceholder")} value={filters.q} onSearch={(q) => onChange({ q })}>
      <SelectField
        name="role"
        label={t("users.filterRole")}
        value={filters.role ?? ""}
        onChange={(e) => onChange({ role: (e.target.value || undefined) as UserFilters["role"] })}
        options={[{ value: "", label: t("common.all") }, ...ZRole.options.map((r) => ({ value: r, label: t(`roles.${r}`) }))]}
      />
      <SelectField
        name="status"
        label={t("users.filterStatus")}
        value={filters.status ?? ""}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as UserFilters["status"] })}
        options={[{ value: "", label: t("common.all") }, ...ZUserStatus.options.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
      />
    </SearchToolbar>
  );
}
