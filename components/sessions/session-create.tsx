"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { isStaff } from "./roles";
import { SessionForm } from "./session-form";
import { useSessionCourses } from "./use-session-courses";
import { Loading } from "@/components/ui/skeleton";

/** /sessions/new: the course picker lists the courses the caller may teach (?courseId= preselects one). */
export function SessionCreate() {
  const t = useT();
  const me = useMe();
  const params = useSearchParams();
  const { teachable, isPending } = useSessionCourses();
  const header = (
    <>
      <p className="breadcrumb">
        <Link href="/sessions">← {t("sessionsForm.back")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{t("sessionsForm.newTitle")}</h1>
          <p>{t("sessionsForm.newIntro")}</p>
        </div>
      </div>
    </>
  );
  if (!isStaff(me.role)) {
    return (
      <>
        {header}
        <Alert kind="error">{t("sessionsList.forbidden")}</Alert>
      </>
    );
  }
  if (isPending) {
    return (
      <>
        {header}
        <Loading shape="page" />
      </>
    );
  }
  if (!teachable.length) {
    return (
      <>
        {header}
        <Alert kind="info">{t("sessionsForm.noCourse")}</Alert>
      </>
    );
  }
  const wanted = params.get("courseId");
  return (
    <>
      {header}
      <SessionForm mode="create" courses={teachable} defaultCourseId={teachable.some((c) => c.id === wanted) ? wanted! : undefined} />
    </>
  );
}
