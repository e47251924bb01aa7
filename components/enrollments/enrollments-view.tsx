"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";
import { personName } from "@/components/learn/format";
import { enrollmentStatusKey } from "@/components/learn/labels";
import type { EnrollmentListItem } from "@/components/learn/types";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { EnrollDialog } from "./enroll-dialog";
import { EnrollmentsTable, type EnrollmentChange } from "./enrollments-table";
import { StateDialog, type PendingMove } from "./state-dialog";
import { useMe } from "@/components/shell/me-context";
import { useCourseOptions } from "./use-course-options";
import { useEnrollmentFilters } from "./use-enrollment-filters";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "./enrollments.module.css";
import { EmptyLine } from "@/components/ui/empty-state";

const PAGE_SIZE = 20;

/** Admin enrollments: filters, list, single enrollment, BPF fields, cancellation, suspension, reactivation and revocation after confirmation. */
export function EnrollmentsView() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useEnrollmentFilters();
  const { courses } = useCourseOptions(true);
  const [enrollOpen, setEnrollOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingCancel, setPendingCancel] = useState<EnrollmentListItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  // Suspending, reactivating and revoking are ADMIN moves (enrollments.suspend); the server refuses anyone else.
  const canMove = useMe().role === "ADMIN";

  const list = useQuery({
    ...trpc.enrollments.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, courseId: filters.courseId, status: filters.status }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries(trpc.enrollments.list.pathFilter());
  const update = useMutation(trpc.enrollments.update.mutationOptions());
  const cancel = useMutation(trpc.enrollments.cancel.mutationOptions());
  const suspend = useMutation(trpc.enrollments.suspend.mutationOptions());
  const reactivate = useMutation(trpc.enrollments.reactivate.mutationOptions());
  const revoke = useMutation(trpc.enrollments.revoke.mutationOptions());
  const moveMutation = pendingMove ? { suspend, reactivate, revoke }[pendingMove.action] : null;

  if (list.isPending) {
    return (
      <>
        <h1>{t("learnEnroll.title")}</h1>
        <Loading shape="table" />
      </>
    );
  }
  if (errorInfo(list.error).status === 403) {
    return (
      <>
        <h1>{t("learnEnroll.title")}</h1>
        <Alert kind="error">{t("learnEnroll.forbidden")}</Alert>
      </>
    );
  }

  async function applyChange(change: EnrollmentChange) {
    setNotice(null);
    cancel.reset();
    setBusyId(change.enrollment.id);
    try {
      const { enrollment, ...fields } = change;
      await update.mutateAsync({ id: enrollment.id, ...fields });
      setNotice(t("learnEnroll.updated", { name: personName(enrollment.learner) }));
      await refresh();
    } finally {
      setBusyId(null);
    }
  }

  async function confirmCancel() {
    if (!pendingCancel) return;
    const e = pendingCancel;
    setNotice(null);
    update.reset();
    try {
      await cancel.mutateAsync({ id: e.id });
      setNotice(t("learnEnroll.cancelled", { name: personName(e.learner) }));
      await refresh();
    } finally {
      setPendingCancel(null);
    }
  }

  async function confirmMove(reason: string | undefined) {
    if (!pendingMove) return;
    const { enrollment: e, action } = pendingMove;
    setNotice(null);
    const name = personName(e.learner);
    if (action === "suspend") await suspend.mutateAsync({ id: e.id, reason });
    else if (action === "reactivate") await reactivate.mutateAsync({ id: e.id });
    else await revoke.mutateAsync({ id: e.id, reason: reason ?? "" });
    setNotice(t(action === "suspend" ? "learnEnroll.suspendedDone" : action === "reactivate" ? "learnEnroll.reactivatedDone" : "learnEnroll.revokedDone", { name }));
    setPendingMove(null);
    await refresh();
  }

  const data = list.data;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("learnEnroll.title")}</h1>
          <p>{t("learnEnroll.intro")}</p>
        </div>
        <div className="form-actions">
          <Link className="btn btn-secondary" href="/enrollments/import">
            {t("learnEnroll.importButton")}
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => { setNotice(null); setEnrollOpen(true); }}>
            {t("learnEnroll.enrollButton")}
          </button>
        </div>
      </div>

      <div className={`stack ${styles.notices}`} aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        {update.isError ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
        {cancel.isError ? <Alert kind="error">{errorMessage(cancel.error, t)}</Alert> : null}
        {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      </div>

      <form className={`toolbar ${styles.toolbar2}`} aria-label={t("learnEnroll.title")} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          name="courseId"
          label={t("learnEnroll.filterCourse")}
          value={filters.courseId ?? ""}
          onChange={(e) => setFilters({ courseId: e.target.value || undefined })}
          options={[{ value: "", label: t("learnEnroll.allCourses") }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
        />
        <SelectField
          name="status"
          label={t("learnEnroll.filterStatus")}
          value={filters.status ?? ""}
          onChange={(e) => setFilters({ status: (e.target.value || undefined) as typeof filters.status })}
          options={[{ value: "", label: t("common.all") }, ...ZEnrollmentStatus.options.map((s) => ({ value: s, label: t(enrollmentStatusKey(s)) }))]}
        />
      </form>

      {data && data.data.length === 0 ? (
        <EmptyLine>{t("learnEnroll.empty")}</EmptyLine>
      ) : data ? (
        <div aria-busy={list.isFetching}>
          <EnrollmentsTable
            items={data.data}
            busyId={busyId}
            onChange={(c) => void applyChange(c).catch(() => undefined)}
            onCancel={(e) => { cancel.reset(); setPendingCancel(e); }}
            onMove={canMove ? (enrollment, action) => { suspend.reset(); reactivate.reset(); revoke.reset(); setPendingMove({ enrollment, action }); } : undefined}
          />
          <Pagination label={t("learnEnroll.pagination")} page={data.meta.page} pages={data.meta.totalPages} total={t("learnEnroll.total", { total: data.meta.total })} onPage={(page) => setFilters({ page })} />
        </div>
      ) : null}

      <EnrollDialog
        open={enrollOpen}
        onClose={() => setEnrollOpen(false)}
        onDone={(done) => {
          setEnrollOpen(false);
          setNotice(t("learnEnroll.enrolled", { name: done.learner, course: done.course }));
          void refresh();
        }}
      />
      <StateDialog
        pending={pendingMove}
        busy={moveMutation?.isPending ?? false}
        error={moveMutation?.isError ? errorMessage(moveMutation.error, t) : null}
        onConfirm={(reason) => void confirmMove(reason).catch(() => undefined)}
        onCancel={() => setPendingMove(null)}
      />
      <ConfirmDialog
        open={pendingCancel !== null}
        title={t("learnEnroll.cancelTitle")}
        message={pendingCancel ? t("learnEnroll.cancelMessage", { name: personName(pendingCancel.learner), course: pendingCancel.course.title }) : ""}
        danger
        confirmLabel={t("learnEnroll.cancelConfirm")}
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel().catch(() => undefined)}
        onCancel={() => setPendingCancel(null)}
      />
    </>
  );
}
