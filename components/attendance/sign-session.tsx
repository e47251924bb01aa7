"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { CanvasSign } from "./canvas-sign";
import { signFailureText, type SignFailure } from "./errors";
import { formatTime, isSigningOpen, signingOpensAt } from "./format";
import { JoinRoom } from "./join-room";
import { PinSign } from "./pin-sign";
import { SessionFacts } from "./session-heading";
import { SignSuccess } from "./sign-success";
import type { AttendanceRecord } from "./types";
import { useNow } from "./use-now";
import { Loading } from "@/components/ui/skeleton";

const OWN_SIGNATURES = new Set(["QR", "QR_CODE", "PIN", "CANVAS"]);
type Method = "PIN" | "CANVAS";

/** A learner signs one session: by PIN (the accessible way) or by drawing; then the proof. Also joins the video room. */
export function SignSession({ sessionId }: { sessionId: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const session = useQuery(trpc.sessions.get.queryOptions({ id: sessionId }));
  const records = useQuery(trpc.attendance.sessionRecords.queryOptions({ sessionId }));
  const [method, setMethod] = useState<Method>("PIN");
  const [signed, setSigned] = useState<AttendanceRecord | null>(null);
  const [failure, setFailure] = useState<SignFailure | null>(null);
  const now = useNow(30_000);
  const fail = (f: SignFailure) => {
    setFailure(f);
    if (f.kind === "alreadySigned") void records.refetch();
  };

  const back = (
    <p className="back-link">
      <Link href="/my-sessions">← {t("attMy.back")}</Link>
    </p>
  );
  if (session.isPending) {
    return <Loading shape="page" />;
  }
  if (session.isError) {
    return (
      <>
        {back}
        <h1>{t("attSign.title")}</h1>
        <Alert kind="error">{errorInfo(session.error).status === 404 ? t("attErrors.notFound") : errorMessage(session.error, t)}</Alert>
      </>
    );
  }
  const s = session.data.data;
  const existing = records.data?.data.find((r) => OWN_SIGNATURES.has(r.method) && !r.slotId);
  const proof = signed ?? existing ?? null;
  const open = isSigningOpen(s, now);
  const roomOpen = s.status === "SCHEDULED" || s.status === "LIVE";

  return (
    <div className={styles.narrow}>
      {back}
      <div className="page-header">
        <div>
          <h1>{t("attSign.title")}</h1>
          <p className={styles.sessionTitle}>{s.title}</p>
          <SessionFacts session={s} />
        </div>
      </div>
      {proof ? (
        <SignSuccess record={proof} already={!signed} />
      ) : records.isPending ? (
        <Loading rows={3} />
      ) : failure ? (
        <div className="stack">
          <Alert kind="error">{signFailureText(failure, t)}</Alert>
          <button type="button" className="btn btn-secondary" onClick={() => setFailure(null)}>
            {t("common.retry")}
          </button>
        </div>
      ) : !open ? (
        <Alert kind="info">
          {s.status === "CANCELLED"
            ? t("attSign.cancelled")
            : now < signingOpensAt(s.scheduledAt)
              ? t("attSign.opensAt", { time: formatTime(signingOpensAt(s.scheduledAt), locale) })
              : t("attErrors.closed")}
        </Alert>
      ) : (
        <section className="card stack" aria-labelledby="sign-method-title">
          <h2 id="sign-method-title" className="card-title">
            {t("attSign.chooseMethod")}
          </h2>
          <div className={`segmented ${styles.methods}`} role="group" aria-label={t("attSign.chooseMethod")}>
            {(["PIN", "CANVAS"] as const).map((m) => (
              <button key={m} type="button" aria-pressed={method === m} onClick={() => setMethod(m)}>
                {m === "PIN" ? t("attSign.byPin") : t("attSign.byDrawing")}
              </button>
            ))}
          </div>
          {method === "PIN" ? (
            <PinSign sessionId={sessionId} onSigned={setSigned} onFailure={fail} />
          ) : (
            <CanvasSign sessionId={sessionId} label={t("attPad.label")} submitLabel={t("attPad.submit")} onSigned={setSigned} onFailure={fail} />
          )}
          {method === "CANVAS" ? <p className="muted">{t("attSign.cannotDraw")}</p> : null}
        </section>
      )}
      {roomOpen ? (
        <section className={`card stack ${styles.roomCard}`} aria-labelledby="room-title">
          <h2 id="room-title" className="card-title">
            {t("attRoom.title")}
          </h2>
          <JoinRoom sessionId={sessionId} />
        </section>
      ) : null}
    </div>
  );
}
