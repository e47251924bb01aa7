"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ZSlotFrequency } from "@/server/contracts/attendance";
import { personName } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import { methodKey } from "./attendance-labels";
import { formatSessionTime } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

type Frequency = (typeof ZSlotFrequency.options)[number];
const frequencyKey = (f: Frequency) => `sessionsAttendance.freq_${f}` as MessageKey;

/** Signature slots of the session (qualiopiAttendance.slots) and their (re)generation (generateSlots). */
export function SlotsPanel({ sessionId, canGenerate }: { sessionId: string; canGenerate: boolean }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [frequency, setFrequency] = useState<Frequency>("HALF_DAY");
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const slots = useQuery(trpc.qualiopiAttendance.slots.queryOptions({ sessionId }));
  const generate = useMutation(trpc.qualiopiAttendance.generateSlots.mutationOptions());
  const list = slots.data?.data ?? [];

  async function run() {
    setNotice(null);
    try {
      const { data } = await generate.mutateAsync({ sessionId, frequency });
      setNotice(t("sessionsAttendance.slotsGenerated", { count: data.length }));
      await queryClient.invalidateQueries(trpc.qualiopiAttendance.slots.queryFilter({ sessionId }));
    } catch {
      // Shown below (409 when signatures exist).
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className={`card ${styles.sessionSection}`} aria-labelledby="slots-title">
      <h2 id="slots-title" className="card-title">
        {t("sessionsAttendance.slots")}
      </h2>
      <p className="muted">{t("sessionsAttendance.slotsIntro")}</p>
      {canGenerate ? (
        <form
          className={styles.slotsGenerate}
          aria-label={t("sessionsAttendance.generate")}
          onSubmit={(e) => {
            e.preventDefault();
            generate.reset();
            if (list.length) setConfirming(true);
            else void run();
          }}
        >
          <SelectField
            name="frequency"
            label={t("sessionsAttendance.frequency")}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as Frequency)}
            options={ZSlotFrequency.options.map((f) => ({ value: f, label: t(frequencyKey(f)) }))}
          />
          <button type="submit" className="btn btn-secondary" disabled={generate.isPending}>
            {generate.isPending ? t("sessionsAttendance.generating") : list.length ? t("sessionsAttendance.regenerate") : t("sessionsAttendance.generate")}
          </button>
        </form>
      ) : null}
      {canGenerate && list.length ? <p className="field-hint">{t("sessionsAttendance.regenerateWarning")}</p> : null}
      <div aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
      </div>
      {slots.isPending ? (
        <Loading />
      ) : slots.isError ? (
        <Alert kind="error">{errorMessage(slots.error, t)}</Alert>
      ) : list.length === 0 ? (
        <p className="muted">{t("sessionsAttendance.noSlot")}</p>
      ) : (
        <ol className={styles.slotList}>
          {list.map((slot) => (
            <li key={slot.id} className={styles.slotItem}>
              <div className={styles.slotHead}>
                <strong>{slot.label}</strong>
                <span className="muted">
                  {formatSessionTime(slot.startsAt, locale, zone)} – {formatSessionTime(slot.endsAt, locale, zone)}
                </span>
                <span className="badge">{t("sessionsAttendance.slotSignatures", { count: slot.signatures.length })}</span>
                <a className={styles.slotPdf} href={`/api/v1/emargement/${sessionId}/pdf?slotId=${encodeURIComponent(slot.id)}`} download>
                  {t("sessionsAttendance.slotPdf")}
                  <span className="visually-hidden"> — {slot.label}</span>
                </a>
              </div>
              {slot.signatures.length ? (
                <ul className={styles.slotSignatures}>
                  {slot.signatures.map((sig) => (
                    <li key={sig.id}>
                      {personName(sig)}
                      <span className="muted">
                        {" "}
                        — {sig.role === "TRAINER" ? t("roles.TRAINER") : t("roles.LEARNER")}, {t(methodKey(sig.method))}, {formatSessionTime(sig.signedAt, locale, zone)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("sessionsAttendance.regenerateTitle")}
        message={t("sessionsAttendance.regenerateMessage", { count: list.length, frequency: t(frequencyKey(frequency)) })}
        confirmLabel={t("sessionsAttendance.regenerate")}
        danger
        busy={generate.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
