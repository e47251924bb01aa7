"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/skeleton";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./quality.module.css";

/** A YYYY-MM-DD date as a calendar day (no time zone shift). */
const day = (d: string, locale: Parameters<typeof formatDate>[1], timeZone: string) => formatDate(`${d}T12:00:00Z`, locale, timeZone);

/** One improvement plan: facts, indicators, linked complaints, actions (add with a due date, complete), status moves and closure with a report. */
export function PlanDetail({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => Promise<void> }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [action, setAction] = useState("");
  const [due, setDue] = useState("");
  const [report, setReport] = useState("");
  const detail = useQuery(trpc.improvementPlans.get.queryOptions({ id }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.improvementPlans.get.queryKey({ id }) });
    await onChanged();
  };
  const update = useMutation(trpc.improvementPlans.update.mutationOptions({ onSuccess: refresh }));
  const add = useMutation(
    trpc.improvementPlans.addAction.mutationOptions({
      onSuccess: async () => {
        setAction("");
        setDue("");
        await refresh();
      },
    }),
  );
  const complete = useMutation(trpc.improvementPlans.completeAction.mutationOptions({ onSuccess: refresh }));
  const close = useMutation(trpc.improvementPlans.close.mutationOptions({ onSuccess: refresh }));
  const error = [update, add, complete, close].find((m) => m.isError)?.error;
  const p = detail.data?.data;
  const editable = p?.status === "DRAFT" || p?.status === "IN_PROGRESS";
  const submit = (fn: () => void) => (e: FormEvent) => {
    e.preventDefault();
    fn();
  };

  return (
    <Dialog open onClose={onClose} wide title={p ? p.title : t("quality.planDetailTitle")}>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <Alert kind="error">{errorMessage(detail.error, t)}</Alert> : null}
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {p ? (
        <div>
          <div className={styles.badges}>
            <span className="badge">{t(`quality.planStatus_${p.status}`)}</span>
            <span className="badge">{t(`quality.trigger_${p.trigger}`)}</span>
            {p.indicators.map((i) => (
              <span key={i} className="badge">
                {t("quality.indicator", { n: i })}
              </span>
            ))}
          </div>
          {p.targetDate ? <p className="muted">{t("quality.targetDate", { date: day(p.targetDate, locale, timeZone) })}</p> : null}
          {p.description ? <p className={styles.preWrap}>{p.description}</p> : null}

          {p.linkedComplaints.length ? (
            <section className={styles.section}>
              <h3>{t("quality.linkedComplaints")}</h3>
              <ul className={styles.list}>
                {p.linkedComplaints.map((c) => (
                  <li key={c.id}>
                    <a href={`?complaint=${encodeURIComponent(c.id)}`}>{c.subject}</a> — {t(`quality.severity_${c.severity}`)}, {t(`quality.status_${c.status}`)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className={styles.section}>
            <h3>{t("quality.actionsTitle", { done: p.actionsCompleted, count: p.actionsCount })}</h3>
            {p.actions.length === 0 ? <p className="muted">{t("quality.noActions")}</p> : null}
            <ul className={styles.list}>
              {p.actions.map((a) => (
                <li key={a.id}>
                  {a.status === "DONE" ? <span aria-label={t("quality.actionDone")}>✓ </span> : null}
                  {a.description}
                  {a.dueDate ? <span className="muted"> · {t("quality.dueDate", { date: day(a.dueDate, locale, timeZone) })}</span> : null}
                  {editable && a.status !== "DONE" ? (
                    <>
                      {" "}
                      <button type="button" className="btn btn-secondary btn-sm" disabled={complete.isPending} onClick={() => complete.mutate({ id, actionId: a.id })}>
                        {t("quality.complete")}
                      </button>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            {editable ? (
              <form className={styles.row} onSubmit={submit(() => add.mutate({ id, description: action, ...(due ? { dueDate: due } : {}) }))}>
                <TextField name="action" label={t("quality.actionDescription")} value={action} onChange={(e) => setAction(e.target.value)} required />
                <TextField name="dueDate" type="date" label={t("quality.actionDue")} value={due} onChange={(e) => setDue(e.target.value)} />
                <button type="submit" className="btn btn-secondary btn-sm" disabled={add.isPending || !action.trim()}>
                  {t("quality.addAction")}
                </button>
              </form>
            ) : null}
          </section>

          <div className={`${styles.row} ${styles.section}`}>
            {p.status === "DRAFT" ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={update.isPending} onClick={() => update.mutate({ id, status: "IN_PROGRESS" })}>
                {t("quality.start")}
              </button>
            ) : null}
            {p.status !== "ARCHIVED" ? (
              <button type="button" className="btn btn-secondary btn-sm" disabled={update.isPending} onClick={() => update.mutate({ id, status: "ARCHIVED" })}>
                {t("quality.archive")}
              </button>
            ) : null}
          </div>
          {p.status === "IN_PROGRESS" ? (
            <form className={styles.section} onSubmit={submit(() => close.mutate({ id, report }))}>
              <TextareaField name="report" label={t("quality.closeReport")} value={report} onChange={(e) => setReport(e.target.value)} rows={3} required />
              <button type="submit" className="btn btn-primary btn-sm" disabled={close.isPending || !report.trim()}>
                {t("quality.closePlan")}
              </button>
            </form>
          ) : null}
          {p.closureReport ? (
            <p className={styles.preWrap}>
              <strong>{t("quality.report")} :</strong> {p.closureReport}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
