"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { CourseTrainer } from "../course-types";
import { Loading } from "@/components/ui/skeleton";
import shared from "../shared.module.css";
import styles from "../panels.module.css";

type Row = { userId: string; role: "PRIMARY" | "SECONDARY"; name: string; email: string };

const rowOf = (t: CourseTrainer): Row => ({ userId: t.userId, role: t.role, name: `${t.firstName} ${t.lastName}`.trim() || t.email, email: t.email });

/**
 * Trainer assignment (PUT /courses/{id}/trainers, the full list). Candidates are the ACTIVE
 * members with role TRAINER, CREATOR or ADMIN (GET /trainers).
 */
export function TrainersPanel({ courseId, readOnly, onChanged }: { courseId: string; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const trainers = useQuery(trpc.courses.trainers.queryOptions({ id: courseId }));
  if (trainers.isPending) return <Loading />;
  if (trainers.isError) return <Alert kind="error">{errorMessage(trainers.error, t)}</Alert>;
  return <TrainersEditor key={trainers.dataUpdatedAt} courseId={courseId} initial={trainers.data.data.map(rowOf)} readOnly={readOnly} onChanged={onChanged} />;
}

function TrainersEditor({ courseId, initial, readOnly, onChanged }: { courseId: string; initial: Row[]; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(initial);
  const [dirty, setDirty] = useState(false);
  const [pick, setPick] = useState("");
  const [pickRole, setPickRole] = useState<Row["role"]>(initial.some((r) => r.role === "PRIMARY") ? "SECONDARY" : "PRIMARY");
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const save = useMutation(trpc.courses.setTrainers.mutationOptions());
  const candidates = useQuery({ ...trpc.courses.teachingMembers.queryOptions({}), enabled: !readOnly });
  const forbidden = errorInfo(candidates.error).status === 403;
  const members = (candidates.data?.data ?? []).filter((u) => !rows.some((r) => r.userId === u.id));
  const canAdd = !readOnly && !forbidden && candidates.isSuccess;

  function change(next: Row[]) {
    setRows(next);
    setDirty(true);
    setNotice(null);
  }
  const withRole = (list: Row[], userId: string, role: Row["role"]) =>
    list.map((r) => (r.userId === userId ? { ...r, role } : role === "PRIMARY" ? { ...r, role: "SECONDARY" as const } : r));

  function onAdd() {
    const user = members.find((u) => u.id === pick);
    if (!user) return;
    const row: Row = { userId: user.id, role: "SECONDARY", name: `${user.firstName} ${user.lastName}`.trim() || user.email, email: user.email };
    change(withRole([...rows, row], user.id, pickRole));
    setPick("");
    setPickRole("SECONDARY");
  }

  async function onSave() {
    setNotice(null);
    try {
      await save.mutateAsync({ id: courseId, trainers: rows.map((r) => ({ userId: r.userId, role: r.role })) });
      setDirty(false);
      setNotice({ kind: "success", text: t("creatorTrainers.saved") });
      await onChanged();
    } catch (e) {
      setNotice({ kind: "error", text: errorMessage(e, t) });
    }
  }

  return (
    <section className={`card ${shared.builderCard} stack`} aria-labelledby="trainers-title">
      <div>
        <h2 id="trainers-title">{t("creatorTrainers.title")}</h2>
        <p className="muted">{t("creatorTrainers.intro")}</p>
      </div>
      {forbidden ? <Alert kind="info">{t("creatorTrainers.readOnly")}</Alert> : null}
      {rows.length === 0 ? (
        <p className="muted">{t("creatorTrainers.empty")}</p>
      ) : (
        <ul className={styles.trainerList}>
          {rows.map((r) => (
            <li key={r.userId} className={styles.trainerRow}>
              <span className={styles.trainerName}>
                <strong>{r.name}</strong>
                <span className="muted">{r.email}</span>
              </span>
              {readOnly ? (
                <span className="badge">{t(`creatorEnums.${r.role}`)}</span>
              ) : (
                <>
                  <label className="visually-hidden" htmlFor={`${id}-${r.userId}`}>
                    {`${t("creatorTrainers.role")} — ${r.name}`}
                  </label>
                  <select id={`${id}-${r.userId}`} className="select select-inline" value={r.role} onChange={(e) => change(withRole(rows, r.userId, e.target.value as Row["role"]))}>
                    <option value="PRIMARY">{t("creatorEnums.PRIMARY")}</option>
                    <option value="SECONDARY">{t("creatorEnums.SECONDARY")}</option>
                  </select>
                  <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={() => change(rows.filter((x) => x.userId !== r.userId))} aria-label={t("creatorTrainers.removeNamed", { name: r.name })}>
                    {t("creatorTrainers.remove")}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAdd ? (
        <fieldset className={`${shared.addForm} add-trainer`}>
          <legend>{t("creatorTrainers.addTrainer")}</legend>
          <div className={`field ${shared.addLessonTitle}`}>
            <label htmlFor={`${id}-pick`}>{t("creatorTrainers.member")}</label>
            <select id={`${id}-pick`} className="select" value={pick} onChange={(e) => setPick(e.target.value)}>
              <option value="">{t("creatorTrainers.choose")}</option>
              {members.map((u) => (
                <option key={u.id} value={u.id}>
                  {`${u.firstName} ${u.lastName}`.trim() || u.email} — {t(`roles.${u.role}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-pick-role`}>{t("creatorTrainers.role")}</label>
            <select id={`${id}-pick-role`} className="select" value={pickRole} onChange={(e) => setPickRole(e.target.value as Row["role"])}>
              <option value="PRIMARY">{t("creatorEnums.PRIMARY")}</option>
              <option value="SECONDARY">{t("creatorEnums.SECONDARY")}</option>
            </select>
          </div>
          <button type="button" className="btn btn-secondary" onClick={onAdd} disabled={!pick}>
            {t("creatorTrainers.add")}
          </button>
        </fieldset>
      ) : null}
      {readOnly ? null : <p className="field-hint">{t("creatorTrainers.onePrimary")}</p>}
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : dirty ? <p className="muted">{t("creatorTrainers.unsaved")}</p> : null}</div>
      {readOnly ? null : (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => void onSave()} disabled={!dirty || save.isPending}>
            {save.isPending ? t("common.saving") : t("creatorTrainers.save")}
          </button>
        </div>
      )}
    </section>
  );
}
