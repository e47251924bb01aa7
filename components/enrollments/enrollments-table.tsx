"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import Link from "next/link";
import { formatDate, personName } from "@/components/learn/format";
import { enrollmentStatusKey } from "@/components/learn/labels";
import type { EnrollmentListItem } from "@/components/learn/types";
import { useI18n } from "@/lib/i18n/client";
import { categoryOptions, financingOptions, type FinancingSource, type TraineeCategory } from "./bpf-options";
import styles from "./enrollments.module.css";
import { DataTable } from "@/components/ui/data-table";
import type { StateAction } from "./state-dialog";

export type EnrollmentChange = { enrollment: EnrollmentListItem; traineeCategory?: TraineeCategory | null; financingSource?: FinancingSource | null };

/** The state moves an ADMIN may offer from a status (the server's table: suspend ACTIVE, reactivate SUSPENDED, revoke all but CANCELLED and REVOKED). */
function stateActions(status: EnrollmentListItem["status"]): StateAction[] {
  if (status === "ACTIVE") return ["suspend", "revoke"];
  if (status === "SUSPENDED") return ["reactivate", "revoke"];
  if (status === "COMPLETED") return ["revoke"];
  return [];
}

/**
 * One page of enrollments; on phones each row becomes a card. BPF fields change at once;
 * cancelling and (ADMIN, `onMove`) suspending, reactivating and revoking are confirmed by the parent.
 */
export function EnrollmentsTable({
  items,
  busyId,
  onChange,
  onCancel,
  onMove,
}: {
  items: EnrollmentListItem[];
  busyId: string | null;
  onChange: (change: EnrollmentChange) => void;
  onCancel: (enrollment: EnrollmentListItem) => void;
  onMove?: (enrollment: EnrollmentListItem, action: StateAction) => void;
}) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const categories = categoryOptions(t, t("learnEnroll.categoryEmpty"));
  const financings = financingOptions(t, t("learnEnroll.financingEmpty"));
  return (
    <DataTable caption={t("learnEnroll.listCaption")} className={styles.enrollmentsTable} columns={[t("learnEnroll.colLearner"), t("learnEnroll.colCourse"), t("learnEnroll.colStatus"), t("learnEnroll.colProgress"), t("learnEnroll.colBpf"), t("learnEnroll.colActions")]}>
      {items.map((e) => {
        const name = personName(e.learner);
        const busy = busyId === e.id;
        const cancellable = e.status === "ACTIVE" || e.status === "COMPLETED";
        const moves = onMove ? stateActions(e.status) : [];
        return (
          <tr key={e.id} aria-busy={busy || undefined}>
            <td className="cell-name" data-label={t("learnEnroll.colLearner")}>
              <strong>{name}</strong>
              <span className={`muted ${styles.breakWord}`}>
                {e.learner.email}
              </span>
            </td>
            <td className={styles.cellCourse} data-label={t("learnEnroll.colCourse")}>
              <Link href={`/enrollments/${e.id}`} aria-label={`${t("needs.journey")} : ${name} — ${e.course.title}`}>
                {e.course.title}
              </Link>
              <span className="muted cell-sub">{t("learnEnroll.enrolledOn", { date: formatDate(e.enrolledAt, locale, timeZone) })}</span>
            </td>
            <td data-label={t("learnEnroll.colStatus")}>
              <span className={`badge badge-enr-${e.status}`}>{t(enrollmentStatusKey(e.status))}</span>
            </td>
            <td data-label={t("learnEnroll.colProgress")}>
              <span className={styles.miniProgress} role="img" aria-label={t("learnCommon.progressLabel", { percent: e.progress.percentage })}>
                <span className={styles.miniProgressTrack}>
                  <span className={styles.miniProgressFill} style={{ "--pct": `${e.progress.percentage}%` }} />
                </span>
                <span aria-hidden="true">{t("learnCommon.progressValue", { percent: e.progress.percentage })}</span>
              </span>
            </td>
            <td className={styles.cellBpf} data-label={t("learnEnroll.colBpf")}>
              <div className={styles.bpfSelects}>
                <label className="visually-hidden" htmlFor={`cat-${e.id}`}>
                  {t("learnEnroll.categoryOf", { name })}
                </label>
                <select
                  id={`cat-${e.id}`}
                  className="select select-inline"
                  value={e.traineeCategory ?? ""}
                  disabled={busy}
                  onChange={(ev) => onChange({ enrollment: e, traineeCategory: (ev.target.value || null) as TraineeCategory | null })}
                >
                  {categories.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <label className="visually-hidden" htmlFor={`fin-${e.id}`}>
                  {t("learnEnroll.financingOf", { name })}
                </label>
                <select
                  id={`fin-${e.id}`}
                  className="select select-inline"
                  value={e.financingSource ?? ""}
                  disabled={busy}
                  onChange={(ev) => onChange({ enrollment: e, financingSource: (ev.target.value || null) as FinancingSource | null })}
                >
                  {financings.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </td>
            <td className="cell-action" data-label={t("learnEnroll.colActions")}>
              {cancellable || moves.length > 0 ? (
                <div className={styles.rowActions}>
                  {moves.map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={action === "revoke" ? "btn btn-danger btn-sm" : "btn btn-secondary btn-sm"}
                      disabled={busy}
                      onClick={() => onMove?.(e, action)}
                    >
                      {t(`learnEnroll.${action}`)}
                      <span className="visually-hidden"> {t("learnEnroll.stateWho", { name, course: e.course.title })}</span>
                    </button>
                  ))}
                  {cancellable ? (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => onCancel(e)}>
                      {t("learnEnroll.unenroll")}
                      <span className="visually-hidden">
                        {" "}
                        {t("learnEnroll.unenrollWho", { name, course: e.course.title })}
                      </span>
                    </button>
                  ) : null}
                </div>
              ) : (
                <span className="muted" aria-hidden="true">
                  —
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
