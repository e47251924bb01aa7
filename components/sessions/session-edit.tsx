"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SessionForm } from "./session-form";
import { useSessionCourses } from "./use-session-courses";
import { Loading } from "@/components/ui/skeleton";

/** /sessions/{id}/edit: moderators only, SCHEDULED sessions only (the API answers 409 otherwise). */
export function SessionEdit({ id }: { id: string }) {
  const t = useT();
  const trpc = useTRPC();
  const query = useQuery(trpc.sessions.get.queryOptions({ id }));
  const { titles } = useSessionCourses();
  const header = (
    <>
      <p className="breadcrumb">
        <Link href={`/sessions/${id}`}>← {query.data?.data.title ?? t("sessionsDetail.title")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{t("sessionsForm.editTitle")}</h1>
        </div>
      </div>
    </>
  );
  if (query.isPending) {
    return (
      <>
        {header}
        <Loading shape="page" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <Alert kind="error">{errorInfo(query.error).status === 404 ? t("sessionsDetail.notFound") : errorMessage(query.error, t)}</Alert>
      </>
    );
  }
  const s = query.data.data;
  if (s.attendancePin === undefined) {
    return (
      <>
        {header}
        <Alert kind="error">{t("sessionsForm.notModerator")}</Alert>
      </>
    );
  }
  if (s.status !== "SCHEDULED") {
    return (
      <>
        {header}
        <Alert kind="info">{t("sessionsForm.notEditable")}</Alert>
      </>
    );
  }
  return (
    <>
      {header}
      <SessionForm mode="edit" session={s} courses={[]} courseTitle={titles.get(s.courseId) ?? "—"} />
    </>
  );
}
