"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { enrollmentStatusKey } from "@/components/learn/labels";
import { ConventionPanel } from "@/components/conventions/convention-panel";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { JourneyTimeline } from "./journey-timeline";

/** Staff view of one enrollment: who, which course, its status, and the learner journey (PAF timeline). */
export function EnrollmentJourneyView({ enrollmentId }: { enrollmentId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const q = useQuery(trpc.enrollments.byId.queryOptions({ id: enrollmentId }));
  const me = useMe();
  const readsConventions = me.role === "ADMIN" || me.role === "CREATOR" || me.role === "FINANCIER";
  return (
    <>
      <p className="back-link">
        <Link href="/enrollments">← {t("needs.backToEnrollments")}</Link>
      </p>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <Alert kind="error">{errorMessage(q.error, t)}</Alert> : null}
      {q.data ? (
        <div className="page-header">
          <div>
            <h1>
              {q.data.data.learner.firstName} {q.data.data.learner.lastName} — {q.data.data.course.title}
            </h1>
            <p>
              <span className={`badge badge-enr-${q.data.data.status}`}>{t(enrollmentStatusKey(q.data.data.status))}</span>
            </p>
          </div>
        </div>
      ) : null}
      {q.data && readsConventions ? <ConventionPanel enrollmentId={enrollmentId} /> : null}
      {q.isError ? null : <JourneyTimeline enrollmentId={enrollmentId} />}
    </>
  );
}
