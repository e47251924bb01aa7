"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { ZRole, ZUserStatus } from "@/server/contracts/common";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import type { UserFilters } from "./use-user-filters";

/** Search box (submitted with Enter or the button) and role/status filters (applied at once). */
export function UserFiltersBar({ filters, onChange }: { filters: UserFilters; onChange: (next: Partial<UserFilters>) => void }) {
  const t = useT();
  const searchId = useId();
  const [q, setQ] = useState(filters.q ?? "");
  useEffect(() => setQ(filters.q ?? ""), [filters.q]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ q: q.trim() || undefined });
  }

  return (
    <form className="toolbar" role="search" onSubmit={onSubmit} aria-label={t("users.search")}>
      <div className="field field-search">
        <label htmlFor={searchId}>{t("users.search")}</label>
        <div style={{ display: "flex", gap: "0.5rem" }}>
          <input id={searchId} className="input" type="search" name="q" value={q} placeholder={t("users.searchPlaceholder")} onChange={(e) => setQ(e.target.value)} />
          <button type="submit" className="btn btn-secondary">
            {t("common.search")}
          </button>
        </div>
      </div>
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
    </form>
  );
}
