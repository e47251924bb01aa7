"use client";

import Link from "next/link";
import { personName } from "@/components/learn/format";
import { enrollmentStatusKey } from "@/components/learn/labels";
import { useTenantTimeZone } from "@/components/tenant-context";
import { DataTable } from "@/components/ui/data-table";
import { useI18n } from "@/lib/i18n/client";
import type { TLearnerRow } from "@/server/contracts/learners";
import { formatDay, formatDayTime } from "./format";
import type { FeedbackTarget } from "./quiz-feedback-dialog";
import styles from "./learners.module.css";

/** One page of learners (a row per enrollment); on phones each row becomes a card. Figures are the server's. */
export function LearnersTable({ rows, onFeedback }: { rows: TLearnerRow[]; onFeedback: (target: FeedbackTarget) => void }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <DataTable
      caption={t("learners.list")}
      className={styles.table}
      columns={[t("learners.colLearner"), t("learners.colCourse"), t("learners.colStatus"), t("learners.colProgress"), t("learners.colActivity"), t("learners.colResults")]}
    >
      {rows.map((r) => {
        const name = personName(r.learner);
        return (
          <tr key={r.enrollmentId}>
            <td className="cell-name" data-label={t("learners.colLearner")}>
              <strong>{name}</strong>
              <a className={styles.email} href={`mailto:${r.learner.email}`}>
                {r.learner.email}
              </a>
            </td>
            <td className={styles.cellCourse} data-label={t("learners.colCourse")}>
              <Link href={`/enrollments/${r.enrollmentId}`} aria-label={t("learners.journeyOf", { name, course: r.course.title })}>
                {r.course.title}
              </Link>
              <span className="muted cell-sub">{t("learners.enrolledOn", { date: formatDay(r.enrolledAt, locale, timeZone) })}</span>
            </td>
            <td data-label={t("learners.colStatus")}>
              <span className={`badge badge-enr-${r.status}`}>{t(enrollmentStatusKey(r.status))}</span>
            </td>
            <td className={styles.cellProgress} data-label={t("learners.colProgress")}>
              <span className={styles.progressValue}>{t("learnCommon.progressValue", { percent: r.progress.percentage })}</span>
              <progress
                className={styles.progress}
                max={100}
                value={r.progress.percentage}
                aria-label={t("learners.progressOf", { name })}
                aria-valuetext={t("learners.lessonsDone", { done: r.progress.completedLessons, total: r.progress.totalLessons })}
              />
              <span className="muted cell-sub">{t("learners.lessonsDone", { done: r.progress.completedLessons, total: r.progress.totalLessons })}</span>
            </td>
            <td data-label={t("learners.colActivity")}>{r.lastActivityAt ? formatDayTime(r.lastActivityAt, locale, timeZone) : <span className="muted">{t("learners.neverActive")}</span>}</td>
            <td className={styles.cellResults} data-label={t("learners.colResults")}>
              <QuizResults row={r} name={name} onFeedback={onFeedback} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function QuizResults({ row, name, onFeedback }: { row: TLearnerRow; name: string; onFeedback: (target: FeedbackTarget) => void }) {
  const { t, locale } = useI18n();
  const r = row.results;
  if (r.quizCount === 0) return <span className="muted">{t("learners.noQuiz")}</span>;
  if (r.attempted === 0) return <span className="muted">{t("learners.noAttempt")}</span>;
  const average = r.average === null ? null : new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 }).format(r.average);
  return (
    <div className={styles.results}>
      <p className={styles.resultsHead}>
        <strong>{t("learners.quizPassed", { passed: r.passedCount, count: r.quizCount })}</strong>
        {average !== null ? <span className="muted"> · {t("learners.quizAverage", { average })}</span> : null}
      </p>
      <ul className={styles.quizList}>
        {r.quizzes.map((q) => (
          <li key={q.lessonId}>
            <span>
              {t("learners.quizLine", { title: q.title, percent: q.bestPercentage })}{" "}
              <span className={`badge ${q.passed ? styles.passed : styles.failed}`}>{t(q.passed ? "learners.quizLinePassed" : "learners.quizLineFailed")}</span>
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t("learners.seeFeedbackOf", { name, title: q.title })}
              onClick={() => onFeedback({ enrollmentId: row.enrollmentId, lessonId: q.lessonId, learnerName: name })}
            >
              {t("learners.seeFeedback")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
