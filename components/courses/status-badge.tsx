import type { Translate } from "@/lib/i18n/translate";
import styles from "./shared.module.css";

export type CourseStatus = "DRAFT" | "PUBLISHED" | "ARCHIVED";

/** The course's status as a coloured pill (colour is never the only cue: the word is written). */
export function CourseStatusBadge({ status, t }: { status: CourseStatus; t: Translate }) {
  return <span className={`badge ${styles[`badge-course-${status}`]}`}>{t(`creatorEnums.${status}`)}</span>;
}
