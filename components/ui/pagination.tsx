"use client";

import { useT } from "@/lib/i18n/client";
import styles from "./pagination.module.css";

type Props = {
  /** The navigation landmark's name ("Pagination des utilisateurs"). */
  label: string;
  page: number;
  pages: number;
  /** The list's count, already worded ("42 utilisateurs"), shown before the page number. */
  total?: string;
  onPage: (page: number) => void;
};

/** The one pagination bar under a list: "total · Page p sur n", previous and next. */
export function Pagination({ label, page, pages, total, onPage }: Props) {
  const t = useT();
  const where = t("learnCommon.pageOf", { page, pages });
  return (
    <nav className={styles.pagination} aria-label={label}>
      <span className="muted">{total ? `${total} · ${where}` : where}</span>
      <span className="form-actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("common.previous")}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("common.next")}
        </button>
      </span>
    </nav>
  );
}
