"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { formatDateTime } from "@/components/attendance/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/skeleton";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ComplaintAssign } from "./complaint-assign";
import { ComplaintSeverity } from "./complaint-severity";
import styles from "./quality.module.css";

/** One complaint: its facts, history, internal comments, and the next step of its lifecycle (review, resolve, escalate, close). */
export function ComplaintDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const [resolution, setResolution] = useState("");
  const [corrective, setCorrective] = useState("");
  const [reason, setReason] = useState("");
  const [mediator, setMediator] = useState("");
  const detail = useQuery(trpc.complaints.get.queryOptions({ id }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.complaints.get.queryKey({ id }) });
    await queryClient.invalidateQueries({ queryKey: trpc.complaints.list.queryKey() });
  };
  const update = useMutation(trpc.complaints.update.mutationOptions({ onSuccess: refresh }));
  const addComment = useMutation(
    trpc.complaints.comment.mutationOptions({
      onSuccess: async () => {
        setComment("");
        await refresh();
      },
    }),
  );
  const resolve = useMutation(trpc.complaints.resolve.mutationOptions({ onSuccess: refresh }));
  const escalate = useMutation(trpc.complaints.escalate.mutationOptions({ onSuccess: refresh }));
  const error = [update, addComment, resolve, escalate].find((m) => m.isError)?.error;
  const c = detail.data?.data;

  const submit = (fn: () => void) => (e: FormEvent) => {
    e.preventDefault();
    fn();
  };

  return (
    <Dialog open onClose={onClose} wide title={c ? c.subject : t("quality.detailTitle")}>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <Alert kind="error">{errorMessage(detail.error, t)}</Alert> : null}
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {c ? (
        <div>
          <div className={styles.badges}>
            <span className="badge">{t(`quality.status_${c.status}`)}</span>
            <span className={`badge ${c.severity === "CRITICAL" ? styles.critical : ""}`}>{t(`quality.severity_${c.severity}`)}</span>
            <span className="badge">{t(`quality.category_${c.category}`)}</span>
            {c.slaDueAt ? <span className={`badge ${c.slaBreached ? styles.critical : styles.sla}`}>{c.slaBreached ? t("quality.slaBreached") : t("quality.slaDue", { date: formatDateTime(c.slaDueAt, locale, timeZone) })}</span> : null}
          </div>
          <dl className={styles.facts}>
            {c.reference ? (
              <>
                <dt>{t("quality.reference")}</dt>
                <dd data-testid="complaint-reference">{c.reference}</dd>
              </>
            ) : null}
            <dt>{t("quality.channel")}</dt>
            <dd>
              {t(`quality.channel_${c.channel}`)} · {formatDateTime(c.receivedAt, locale, timeZone)}
            </dd>
            <dt>{t("quality.complainant")}</dt>
            <dd>{c.complainant.anonymous ? t("quality.anonymous") : [c.complainant.name, c.complainant.email ? `<${c.complainant.email}>` : null].filter(Boolean).join(" ")}</dd>
            {c.complainant.phone ? (
              <>
                <dt>{t("quality.phone")}</dt>
                <dd>{c.complainant.phone}</dd>
              </>
            ) : null}
          </dl>
          <p className={styles.preWrap}>{c.description}</p>
          {c.improvementPlanId ? (
            <p className="muted">
              {t("quality.plan")} :{" "}
              <a href={`?plan=${encodeURIComponent(c.improvementPlanId)}`}>{c.improvementPlanTitle ? t("quality.openPlanTitled", { title: c.improvementPlanTitle }) : t("quality.openPlan")}</a>
            </p>
          ) : null}
          {c.status !== "CLOSED" ? <ComplaintSeverity severity={c.severity} pending={update.isPending} onChange={(severity) => update.mutate({ id, severity })} /> : null}
          {c.resolution ? <p className={styles.preWrap}>{c.resolution}</p> : null}

          <section className={styles.section}>
            <h3>{t("quality.history")}</h3>
            <ol className={styles.list}>
              {(c.history ?? []).map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at, locale, timeZone)} — {h.from ? t("quality.historyLine", { from: t(`quality.status_${h.from}`), to: t(`quality.status_${h.to}`) }) : t("quality.created")}
                  {h.note ? ` (${h.note})` : ""}
                </li>
              ))}
            </ol>
          </section>

          <section className={styles.section}>
            <h3>{t("quality.comments")}</h3>
            {(c.comments ?? []).length === 0 ? <p className="muted">{t("quality.noComments")}</p> : null}
            <ul className={styles.list}>
              {(c.comments ?? []).map((m) => (
                <li key={m.id}>
                  <strong>{m.authorName}</strong> · {formatDateTime(m.at, locale, timeZone)} — {m.text}
                </li>
              ))}
            </ul>
            <form onSubmit={submit(() => addComment.mutate({ id, text: comment }))}>
              <TextareaField name="comment" label={t("quality.comment")} value={comment} onChange={(e) => setComment(e.target.value)} rows={2} required />
              <button type="submit" className="btn btn-secondary btn-sm" disabled={addComment.isPending || !comment.trim()}>
                {t("quality.addComment")}
              </button>
            </form>
          </section>

          {c.status === "NEW" || c.status === "IN_REVIEW" ? <ComplaintAssign assignedTo={c.assignedTo} pending={update.isPending} onAssign={(userId) => update.mutate({ id, assignedTo: userId })} /> : null}
          {c.status === "NEW" ? (
            <div className={styles.row}>
              <button type="button" className="btn btn-primary" disabled={update.isPending} onClick={() => update.mutate({ id, assignedTo: me.id })}>
                {t("quality.takeInReview")}
              </button>
            </div>
          ) : null}
          {c.status === "IN_REVIEW" ? (
            <form className={styles.section} onSubmit={submit(() => resolve.mutate({ id, resolution, correctiveActions: corrective.split("\n").map((l) => l.trim()).filter(Boolean) }))}>
              <TextareaField name="resolution" label={t("quality.resolution")} value={resolution} onChange={(e) => setResolution(e.target.value)} rows={3} required />
              <TextareaField name="correctiveActions" label={t("quality.correctiveActions")} value={corrective} onChange={(e) => setCorrective(e.target.value)} rows={3} />
              <button type="submit" className="btn btn-primary" disabled={resolve.isPending || !resolution.trim()}>
                {t("quality.resolve")}
              </button>
            </form>
          ) : null}
          {c.status === "RESOLVED" ? (
            <form className={styles.section} onSubmit={submit(() => escalate.mutate({ id, reason, ...(mediator.trim() ? { mediatorEmail: mediator.trim() } : {}) }))}>
              <TextareaField name="reason" label={t("quality.escalateReason")} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} required />
              <TextField name="mediatorEmail" type="email" label={t("quality.mediatorEmail")} value={mediator} onChange={(e) => setMediator(e.target.value)} />
              <button type="submit" className="btn btn-secondary" disabled={escalate.isPending || !reason.trim()}>
                {t("quality.escalate")}
              </button>
            </form>
          ) : null}
          {c.status === "RESOLVED" || c.status === "ESCALATED" ? (
            <div className={styles.row}>
              <button type="button" className="btn btn-secondary" disabled={update.isPending} onClick={() => update.mutate({ id, status: "CLOSED" })}>
                {t("quality.close")}
              </button>
            </div>
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
