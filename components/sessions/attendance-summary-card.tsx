"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

/** Present / expected learners of the session (qualiopiAttendance.sessionAttendance) and the way to the full sheet. */
export function AttendanceSummaryCard({ sessionId }: { sessionId: string }) {
  const t = useT();
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.qualiopiAttendance.sessionAttendance.queryOptions({ sessionId }), staleTime: 0 });
  const summary = query.data?.data.summary;
  return (
    <section className={`card ${styles.sessionSection}`} aria-labelledby="session-attendance">
      <div className="panel-head">
        <h2 id="session-attendance" className="card-title">
          {t("sessionsAttendance.title")}
        </h2>
        <Link className="btn btn-secondary btn-sm" href={`/sessions/${sessionId}/attendance`}>
          {t("sessionsDetail.attendanceOpen")}
        </Link>
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Alert kind="error">{errorMessage(query.error, t)}</Alert>
      ) : summary ? (
        <p className={styles.attendanceSummaryLine}>{t("sessionsAttendance.summaryLine", { present: summary.present, expected: summary.expected, absent: summary.absent })}</p>
      ) : null}
    </section>
  );
}
