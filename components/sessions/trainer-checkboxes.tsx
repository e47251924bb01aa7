"use client";

import { useQuery } from "@tanstack/react-query";
import { personName } from "@/components/learn/format";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

/**
 * The session's trainers, chosen among the teaching members (GET /trainers, CREATOR or ADMIN).
 * Checkboxes named `trainerIds`; a TRAINER scheduling a session cannot list members and is
 * always one of its trainers, so they only get a note.
 */
export function TrainerCheckboxes({ canList, defaultIds, errors }: { canList: boolean; defaultIds: string[]; errors?: string[] }) {
  const t = useT();
  const trpc = useTRPC();
  const members = useQuery({ ...trpc.courses.teachingMembers.queryOptions({}), enabled: canList });
  const errorId = errors?.length ? "trainer-ids-error" : undefined;
  if (!canList) {
    return (
      <fieldset className="trainer-fieldset">
        <legend>{t("sessionsForm.trainers")}</legend>
        <p className="field-hint">{t("sessionsForm.trainerSelf")}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="trainer-fieldset" aria-describedby={[errorId, "trainer-ids-hint"].filter(Boolean).join(" ")}>
      <legend>{t("sessionsForm.trainers")}</legend>
      <p id="trainer-ids-hint" className="field-hint">
        {t("sessionsForm.trainersHint")}
      </p>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <p className="field-error">{t("sessionsForm.trainersUnavailable")}</p>
      ) : (
        <ul className={styles.trainerOptions}>
          {(members.data?.data ?? []).map((m) => (
            <li key={m.id}>
              <label className="checkbox">
                <input type="checkbox" name="trainerIds" value={m.id} defaultChecked={defaultIds.includes(m.id)} />
                <span>
                  {personName(m)} <span className="muted">— {t(`roles.${m.role}`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
