"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZTemplateCategory, ZTemplateKind, type TTemplateCategory } from "@/server/contracts/templates";
import styles from "./documents.module.css";

const PAGE_SIZE = 20;
export const canManageTemplates = (role: string) => role === "ADMIN" || role === "CREATOR";

/** ADMIN/CREATOR: the tenant's templates, filtered by category and kind, and a form creating a CUSTOM one. */
export function TemplatesView() {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const allowed = canManageTemplates(me.role ?? "");
  const [filters, setFilters] = useUrlFilters({ category: param.oneOf(ZTemplateCategory), kind: param.oneOf(ZTemplateKind) });
  const list = useQuery({
    ...trpc.templates.list.queryOptions({ category: filters.category, kind: filters.kind, page: filters.page, limit: PAGE_SIZE }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return <Alert kind="error">{t("tplList.forbidden")}</Alert>;
  return (
    <div className="stack-lg">
      <CreateTemplate />
      <form className={`toolbar ${styles.toolbar}`} aria-label={t("tplList.filters")} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          name="category"
          label={t("tplList.filterCategory")}
          value={filters.category ?? ""}
          onChange={(e) => setFilters({ category: (e.target.value || undefined) as TTemplateCategory | undefined })}
          options={[{ value: "", label: t("tplList.allCategories") }, ...ZTemplateCategory.options.map((c) => ({ value: c, label: t(`tplEnums.${c}`) }))]}
        />
        <SelectField
          name="kind"
          label={t("tplList.filterKind")}
          value={filters.kind ?? ""}
          onChange={(e) => setFilters({ kind: (e.target.value || undefined) as "SYSTEM" | "CUSTOM" | undefined })}
          options={[{ value: "", label: t("tplList.allKinds") }, ...ZTemplateKind.options.map((k) => ({ value: k, label: t(`tplEnums.${k}`) }))]}
        />
      </form>
      <QueryList query={list} empty={t("tplList.empty")}>
        {(page) => (
          <>
            <DataTable caption={t("tplList.caption")} columns={[t("tplList.colName"), t("tplList.colCategory"), t("tplList.colKind"), t("tplList.colActive")]}>
              {page.data.map((tpl) => (
                <tr key={tpl.id}>
                  <td className="cell-name" data-label={t("tplList.colName")}>
                    <Link href={`/templates/${tpl.id}`} className="course-link">
                      {tpl.name}
                    </Link>
                  </td>
                  <td data-label={t("tplList.colCategory")}>{t(`tplEnums.${tpl.category}`)}</td>
                  <td data-label={t("tplList.colKind")}>
                    <span className={tpl.kind === "SYSTEM" ? "badge" : "badge badge-indicator"}>{t(`tplEnums.${tpl.kind}`)}</span>
                  </td>
                  <td data-label={t("tplList.colActive")}>{tpl.isActive ? t("tplList.active") : t("tplList.inactive")}</td>
                </tr>
              ))}
            </DataTable>
            <Pagination label={t("tplList.pagination")} page={page.meta.page} pages={page.meta.totalPages} total={t("tplList.total", { count: page.meta.total })} onPage={(p) => setFilters({ page: p })} />
          </>
        )}
      </QueryList>
    </div>
  );
}

function CreateTemplate() {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [category, setCategory] = useState<TTemplateCategory>("OTHER");
  const create = useMutation(trpc.templates.create.mutationOptions());
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await create.mutateAsync({ name, category, body: t("tplList.defaultBody", { name: "{{learner.fullName}}" }), isActive: true }).catch(() => null);
    if (res) router.push(`/templates/${res.data.id}`);
  }
  return (
    <section aria-labelledby="tpl-new" className="card">
      <h2 id="tpl-new" className="section-title">
        {t("tplList.newTitle")}
      </h2>
      <form className={styles.createForm} onSubmit={submit}>
        <TextField name="name" label={t("tplList.newName")} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
        <SelectField name="category" label={t("tplList.newCategory")} value={category} onChange={(e) => setCategory(e.target.value as TTemplateCategory)} options={ZTemplateCategory.options.map((c) => ({ value: c, label: t(`tplEnums.${c}`) }))} />
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
          {create.isPending ? t("tplList.creating") : t("tplList.create")}
        </button>
      </form>
      {create.isError ? <Alert kind="error">{errorMessage(create.error, t)}</Alert> : null}
    </section>
  );
}
