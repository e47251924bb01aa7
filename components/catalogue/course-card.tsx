"use client";

import Link from "next/link";
import { markdownToPlainText } from "@/components/courses/markdown";
import { formatPrice } from "@/components/learn/format";
import { formatKey, levelKey } from "@/components/learn/labels";
import type { CourseCard as Course } from "@/components/learn/types";
import { useI18n } from "@/lib/i18n/client";
import styles from "./catalogue.module.css";

/** One course of the catalogue: the whole card is reached through its title link. */
export function CourseCard({ course }: { course: Course }) {
  const { t, locale } = useI18n();
  // The description is Markdown: a card shows its words only.
  const excerpt = course.excerpt ? markdownToPlainText(course.excerpt) : "";
  return (
    <article className={styles.courseCard}>
      <div className={styles.courseCardBand} aria-hidden="true" />
      <div className={styles.courseCardBody}>
        <p className={styles.courseCardTags}>
          <span className={`badge ${styles.badgeFormat}`}>{t(formatKey(course.format))}</span>
          {course.level ? <span className="badge badge-level">{t(levelKey(course.level))}</span> : null}
        </p>
        <h3 className={styles.courseCardTitle}>
          <Link href={`/catalogue/${course.slug}`}>{course.title}</Link>
        </h3>
        {excerpt ? <p className={styles.courseCardExcerpt}>{excerpt}</p> : null}
        <ul className={styles.courseFacts} aria-label={t("learnCourse.facts")}>
          <li>{t("learnCommon.modules", { count: course.moduleCount })}</li>
          <li>{t("learnCommon.lessons", { count: course.lessonCount })}</li>
          {course.duration ? <li>{t("learnCommon.hours", { count: course.duration })}</li> : null}
        </ul>
      </div>
      <p className={styles.courseCardPrice}>{course.price === 0 ? t("learnCommon.free") : formatPrice(course.price, course.currency, locale)}</p>
    </article>
  );
}
