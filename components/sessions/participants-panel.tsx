"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { personName } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Loading } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./sessions.module.css";

type Person = { userId: string; firstName: string; lastName: string; email: string; registeredAt?: string | null };

/**
 * The staff's participants panel of a session: who is registered, the seats left, learners of
 * the course to register (multi-select), and unregistering (confirmed: the learner is e-mailed).
 * Registration changes only while the session is SCHEDULED or LIVE.
 */
export function ParticipantsPanel({ sessionId, editable, scheduled }: { sessionId: string; editable: boolean; /** The registration choice changes only while SCHEDULED (PATCH /sessions/{id}). */ scheduled: boolean }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.sessions.participants.queryOptions({ id: sessionId }));
  const [notice, setNotice] = useState<string | null>(null);
  const [chosenError, setChosenError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Person | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.sessions.pathFilter())]);
  const register = useMutation(trpc.sessions.register.mutationOptions());
  const unregister = useMutation(trpc.sessions.unregister.mutationOptions());
  const update = useMutation(trpc.sessions.update.mutationOptions());

  async function onRegistration(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const registration = new FormData(event.currentTarget).get("registration") === "LIST" ? "LIST" : "AUTO";
    setNotice(null);
    try {
      await update.mutateAsync({ id: sessionId, registration });
      setNotice(t("sessionsPlan.registrationSaved"));
      await refresh();
    } catch {
      // Shown below from the error's code.
    }
  }

  async function onRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const userIds = new FormData(form).getAll("userIds").map(String);
    setNotice(null);
    if (!userIds.length) {
      setChosenError(t("sessionsPlan.chooseOne"));
      return;
    }
    setChosenError(null);
    try {
      await register.mutateAsync({ id: sessionId, userIds });
      form.reset();
      setNotice(t("sessionsPlan.added", { count: userIds.length }));
      await refresh();
    } catch {
      // Shown below from the error's code (SESSION_FULL names the seats left).
    }
  }

  async function onUnregister() {
    if (!removing) return;
    const who = removing;
    try {
      await unregister.mutateAsync({ id: sessionId, userId: who.userId });
      setRemoving(null);
      setNotice(t("sessionsPlan.removed", { name: personName(who) }));
      await refresh();
    } catch {
      setRemoving(null);
    }
  }

  return (
    <section className="card" aria-labelledby="session-participants">
      <h2 id="session-participants" className="card-title">
        {t("sessionsPlan.participants")}
      </h2>
      {query.isPending ? <Loading shape="lines" rows={3} /> : null}
      {query.isError ? <Alert kind="error">{errorMessage(query.error, t)}</Alert> : null}
      {query.data ? (
        <>
          <p>
            <span>{t("sessionsPlan.registeredCount", { count: query.data.data.registeredCount })}</span>
            {" · "}
            <span className={styles.seats}>{query.data.data.seatsLeft === null ? t("sessionsPlan.noLimit") : t("sessionsPlan.seatsLeft", { count: query.data.data.seatsLeft })}</span>
          </p>
          <form onSubmit={onRegistration} noValidate aria-labelledby="registration-choice" key={query.data.data.registration}>
            <fieldset disabled={!editable || !scheduled} className={styles.modeChoice}>
              <legend id="registration-choice">{t("sessionsPlan.registrationLegend")}</legend>
              {(["AUTO", "LIST"] as const).map((value) => (
                <label key={value} className="checkbox">
                  <input type="radio" name="registration" value={value} defaultChecked={query.data.data.registration === value} />
                  <span>{t(value === "AUTO" ? "sessionsPlan.registrationAuto" : "sessionsPlan.registrationList")}</span>
                </label>
              ))}
              {editable && scheduled ? (
                <SubmitButton pending={update.isPending} label={t("sessionsPlan.registrationSave")} />
              ) : (
                <p className="field-hint">{t("sessionsPlan.registrationLocked")}</p>
              )}
            </fieldset>
            {update.isError ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
          </form>
          <div aria-live="polite">{notice ? <Alert kind="success">{notice}</Alert> : null}</div>
          {unregister.isError ? <Alert kind="error">{errorMessage(unregister.error, t)}</Alert> : null}
          {query.data.data.participants.length ? (
            <ul className={styles.participantList} aria-label={t("sessionsPlan.participants")}>
              {query.data.data.participants.map((p) => (
                <li key={p.userId}>
                  <span>
                    {personName(p)} <span className="muted">{p.email}</span>
                    {p.registeredAt === null ? <span className="muted"> · {t("sessionsPlan.expectedAuto")}</span> : null}
                  </span>
                  {editable && p.registeredAt !== null ? (
                    <button type="button" className="btn btn-secondary btn-sm" aria-label={t("sessionsPlan.removeLabel", { name: personName(p) })} onClick={() => setRemoving(p)}>
                      {t("sessionsPlan.remove")}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("sessionsPlan.empty")}</p>
          )}
          {editable ? (
            <form onSubmit={onRegister} noValidate aria-labelledby="participants-add">
              <fieldset>
                <legend id="participants-add">{t("sessionsPlan.addTitle")}</legend>
                {query.data.data.candidates.length ? (
                  <>
                    {chosenError ? <p className="field-error">{chosenError}</p> : null}
                    <ul className={styles.participantCandidates}>
                      {query.data.data.candidates.map((c) => (
                        <li key={c.userId}>
                          <label className="checkbox">
                            <input type="checkbox" name="userIds" value={c.userId} />
                            <span>{personName(c)}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                    {register.isError ? <Alert kind="error">{errorMessage(register.error, t)}</Alert> : null}
                    <SubmitButton pending={register.isPending} label={t("sessionsPlan.addSubmit")} />
                  </>
                ) : (
                  <p className="muted">{t("sessionsPlan.addNone")}</p>
                )}
              </fieldset>
            </form>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t("sessionsPlan.removeTitle", { name: personName(removing) }) : ""}
        message={removing ? t("sessionsPlan.removeMessage", { name: personName(removing) }) : ""}
        confirmLabel={t("sessionsPlan.removeConfirm")}
        cancelLabel={t("sessionsPlan.removeKeep")}
        danger
        busy={unregister.isPending}
        onConfirm={() => void onUnregister()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
