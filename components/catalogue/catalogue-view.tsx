"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTenant } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CatalogueFiltersForm } from "./catalogue-filters";
import { CourseCard } from "./course-card";
import { useCatalogueFilters } from "./use-catalogue-filters";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "./catalogue.module.css";
import { EmptyLine } from "@/components/ui/empty-state";

const PAGE_SIZE = 12;

/** The tenant's published courses: filters, cards, pagination. */
export function CatalogueView() {
  const t = useT();
  const trpc = useTRPC();
  const tenant = useTenant();
  const [filters, setFilters] = useCatalogueFilters();
  const list = useQuery({
    ...trpc.courses.list.queryOptions({
      page: filters.page,
      limit: PAGE_SIZE,
      status: "PUBLISHED",
      search: filters.search,
      format: filters.format,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
    }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const meta = data?.meta;
  const totalPages = meta && "totalPages" in meta ? meta.totalPages : 1;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("learnCatalogue.title")}</h1>
          <p>{t("learnCatalogue.intro", { tenant: tenant.branding.displayName || tenant.name })}</p>
        </div>
      </div>
      <CatalogueFiltersForm filters={filters} onChange={setFilters} />
      <div aria-live="polite" className={styles.listStatus}>
        {list.isPending ? (
          <Loading shape="cards" rows={3} />
        ) : list.isError ? (
          <Alert kind="error">{errorMessage(list.error, t)}</Alert>
        ) : meta ? (
          <p className="muted">{t("learnCatalogue.results", { total: meta.total })}</p>
        ) : null}
      </div>
      {data && data.data.length === 0 ? (
        <EmptyLine>{t("learnCatalogue.empty")}</EmptyLine>
      ) : data ? (
        <div aria-busy={list.isFetching}>
          <ul className={styles.courseGrid} aria-label={t("learnCatalogue.listLabel")}>
            {data.data.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
          {totalPages > 1 && meta ? (
            <Pagination label={t("learnCatalogue.pagination")} page={meta.page} pages={totalPages} onPage={(page) => setFilters({ page })} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
