"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { personName } from "@/components/learn/format";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { Countersign } from "./countersign";
import { spacedPin } from "./format";
import { LiveQrPanel } from "./live-qr-panel";
import { LiveRoster } from "./live-roster";
import { ReminderButton } from "./reminder-button";
import { SessionFacts } from "./session-heading";
import { useRotatingQr } from "./use-rotating-qr";
import { Loading } from "@/components/ui/skeleton";

const POLL_MS = 2500;

/**
 * The trainer's screen during a session (laptop, projector or phone): start/end, the rotating
 * QR code, the PIN in large digits, the roster polled every 2.5 s with who is missing, the
 * signing reminder sent again, and the trainer's countersignature. Every time is printed in the
 * tenant's zone (format.ts), whatever the device's clock.
 */
export function LiveSessionScreen({ sessionId }: { sessionId: string }) {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const session = useQuery(trpc.sessions.get.queryOptions({ id: sessionId }));
  const s = session.data?.data;
  const isModerator = Boolean(s?.attendancePin);
  const roster = useQuery({
    ...trpc.qualiopiAttendance.sessionAttendance.queryOptions({ sessionId }),
    enabled: isModerator,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  const attendance = roster.data?.data;
  const qrSignatures = attendance ? attendance.records.filter((r) => r.method === "QR" || r.method === "QR_CODE").length : undefined;
  const rotating = useRotatingQr(sessionId, { enabled: isModerator && s?.status !== "CANCELLED", qrSignatures });

  const refreshSession = () => queryClient.invalidateQueries(trpc.sessions.get.queryFilter({ id: sessionId }));
  const start = useMutation(trpc.sessions.start.mutationOptions({ onSuccess: refreshSession }));
  const end = useMutation(trpc.sessions.end.mutationOptions({ onSuccess: refreshSession }));
  const [confirmEnd, setConfirmEnd] = useState(false);

  if (session.isPending) {
    return <Loading shape="page" />;
  }
  if (session.isError || !s) {
    return (
      <>
        <h1>{t("attLive.title")}</h1>
        <Alert kind="error">{errorInfo(session.error).status === 404 ? t("attErrors.notFound") : errorMessage(session.error, t)}</Alert>
      </>
    );
  }
  if (!isModerator) {
    return (
      <>
        <h1>{s.title}</h1>
        <Alert kind="error">{t("attLive.forbidden")}</Alert>
      </>
    );
  }
  const pin = spacedPin(s.attendancePin ?? "");
  const trainer = attendance?.trainers.find((tr) => tr.userId === me.id);
  const canCountersign = Boolean(trainer) || s.trainers.some((tr) => tr.id === me.id) || me.role === "CREATOR";
  const stateError = start.error ?? end.error;

  return (
    <div className={styles.live}>
      <p className="back-link">
        <Link href={`/sessions/${sessionId}`}>← {t("attLive.back")}</Link>
      </p>
      <div className={`page-header ${styles.liveHeader}`}>
        <div>
          <p className={styles.eyebrow}>{t("attLive.title")}</p>
          <h1>{s.title}</h1>
          <SessionFacts session={s} />
          {s.trainers.length ? <p className="muted">{t("attLive.trainers", { names: s.trainers.map(personName).join(", ") })}</p> : null}
        </div>
        <div className={styles.stateActions}>
          {s.status === "SCHEDULED" ? (
            <button type="button" className="btn btn-primary" onClick={() => start.mutate({ id: sessionId })} disabled={start.isPending}>
              {start.isPending ? t("attLive.starting") : t("attLive.start")}
            </button>
          ) : null}
          {s.status === "LIVE" ? (
            <button type="button" className="btn btn-danger" onClick={() => setConfirmEnd(true)} disabled={end.isPending}>
              {end.isPending ? t("attLive.ending") : t("attLive.end")}
            </button>
          ) : null}
          {s.status === "SCHEDULED" || s.status === "LIVE" ? <ReminderButton sessionId={sessionId} /> : null}
          {canCountersign ? <Countersign sessionId={sessionId} signedAt={trainer?.signedAt ?? null} onSigned={() => void roster.refetch()} /> : null}
        </div>
      </div>
      {stateError ? <Alert kind="error">{errorMessage(stateError, t)}</Alert> : null}
      {s.status === "CANCELLED" ? <Alert kind="info">{t("attLive.cancelled")}</Alert> : null}
      {roster.isError ? <Alert kind="error">{t("attLive.rosterError")} {errorMessage(roster.error, t)}</Alert> : null}

      <div className={styles.liveGrid}>
        <div className={styles.liveCodes}>
          {s.status !== "CANCELLED" ? <LiveQrPanel rotating={rotating} /> : null}
          <section className={`card ${styles.pinCard}`} aria-labelledby="live-pin-title">
            <h2 id="live-pin-title" className="card-title">
              {t("attLive.pinTitle")}
            </h2>
            <p className={styles.pin} data-testid="live-pin" data-pin={s.attendancePin}>
              <span aria-hidden="true">{pin.visual}</span>
              <span className="visually-hidden">{t("attLive.pinSpoken", { digits: pin.spoken })}</span>
            </p>
            <p className="muted">{t("attLive.pinHelp")}</p>
          </section>
        </div>
        <LiveRoster attendance={attendance} />
      </div>

      <ConfirmDialog
        open={confirmEnd}
        title={t("attLive.endTitle")}
        message={t("attLive.endMessage")}
        confirmLabel={t("attLive.end")}
        danger
        busy={end.isPending}
        onCancel={() => setConfirmEnd(false)}
        onConfirm={() => {
          setConfirmEnd(false);
          end.mutate({ id: sessionId });
        }}
      />
    </div>
  );
}
