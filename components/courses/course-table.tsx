"use client";

import Link from "next/link";
import { useI18n } from "@/lib/i18n/client";
import type { CourseListItem } from "./course-types";
import { formatPrice } from "./money";
import { CourseStatusBadge } from "./status-badge";
import styles from "./course-list.module.css";
import { DataTable } from "@/components/ui/data-table";

/** One page of courses; each title opens the builder. On phones rows become cards (table-stack). */
export function CourseTable({ courses, showCreator }: { courses: CourseListItem[]; showCreator: boolean }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium" });
  return (
    <DataTable caption={t("creatorCourses.caption")} columns={[t("creatorCourses.colTitle"), t("creatorCourses.colStatus"), t("creatorCourses.colContent"), t("creatorCourses.colPrice"), showCreator && t("creatorCourses.colCreator"), t("creatorCourses.colUpdated")]}>
      {courses.map((c) => (
        <tr key={c.id}>
          <td className="cell-name" data-label={t("creatorCourses.colTitle")}>
            <Link href={`/courses/${c.id}`} className="course-link">
              {c.title}
            </Link>
            {c.tags.length ? <span className={`muted ${styles.courseTags}`}>{c.tags.join(" · ")}</span> : null}
          </td>
          <td data-label={t("creatorCourses.colStatus")}>
            <CourseStatusBadge status={c.status} t={t} />
          </td>
          <td data-label={t("creatorCourses.colContent")}>{t("creatorCourses.content", { modules: c.moduleCount, lessons: c.lessonCount })}</td>
          <td data-label={t("creatorCourses.colPrice")}>{c.price === 0 ? t("creatorCourses.free") : formatPrice(c.price, c.currency, locale)}</td>
          {showCreator ? <td data-label={t("creatorCourses.colCreator")}>{`${c.creator.firstName} ${c.creator.lastName}`.trim()}</td> : null}
          <td data-label={t("creatorCourses.colUpdated")}>{date.format(new Date(c.updatedAt))}</td>
        </tr>
      ))}
    </DataTable>
  );
}
