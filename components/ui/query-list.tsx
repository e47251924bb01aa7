"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { EmptyLine } from "@/components/ui/empty-state";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import styles from "./query-list.module.css";

/** What QueryList reads of a TanStack query whose result is one page of a list (`{ data: [...], meta }`). */
type ListQuery<T extends { data: readonly unknown[] }> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
};

type Props<T extends { data: readonly unknown[] }> = {
  query: ListQuery<T>;
  /** The sentence shown when the page is empty. */
  empty: string;
  /** How many placeholder rows while the first page loads. */
  rows?: number;
  /** The list (table, pagination) once there is something to show. */
  children: (page: T) => ReactNode;
};

/**
 * The states every paginated list goes through: a table-shaped skeleton while the first page loads,
 * the error (announced), the empty-state sentence, then the list itself, marked busy while a newer
 * page is on its way (the previous page stays on screen meanwhile). One element: in a stacked layout
 * the status region (empty once the list is there) adds no gap of its own above the list.
 */
export function QueryList<T extends { data: readonly unknown[] }>({ query, empty, rows, children }: Props<T>) {
  const t = useT();
  const page = query.data;
  return (
    <div>
      <div aria-live="polite" className={styles.status}>
        {query.isPending ? <Loading shape="table" rows={rows} /> : query.isError ? <Alert kind="error">{errorMessage(query.error, t)}</Alert> : null}
      </div>
      {page && page.data.length === 0 ? (
        <EmptyLine>{empty}</EmptyLine>
      ) : page ? (
        <div aria-busy={query.isFetching}>{children(page)}</div>
      ) : null}
    </div>
  );
}
