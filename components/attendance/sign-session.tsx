"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { signFailureText, type SignFailure } from "./errors";
import { formatTime, opensLater } from "./format";
import { JoinRoom } from "./join-room";
import { SessionFacts } from "./session-heading";
import { SignMethods } from "./sign-methods";
import { SignSuccess } from "./sign-success";
import { SlotSigning } from "./slot-signing";
import type { AttendanceRecord } from "./types";
import { useNow } from "./use-now";
import { Loading } from "@/components/ui/skeleton";

const OWN_SIGNATURES = new Set(["QR", "QR_CODE", "PIN", "CANVAS"]);

/**
 * A learner signs one session: by PIN (the accessible way) or by drawing; then the proof. A
 * session cut into time slots is signed slot by slot (SlotSigning: the current slot first).
 * Also joins the video room.
 */
export function SignSession({ sessionId }: { sessionId: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  // signingOpen is the server's answer at its clock: refreshed as the slots are
  const session = useQuery({ ...trpc.sessions.get.queryOptions({ id: sessionId }), refetchInterval: 60_000 });
  const records = useQuery(trpc.attendance.sessionRecords.queryOptions({ sessionId }));
  const slots = useQuery({ ...trpc.qualiopiAttendance.slots.queryOptions({ sessionId }), refetchInterval: 60_000 });
  const [signed, setSigned] = useState<AttendanceRecord | null>(null);
  const [failure, setFailure] = useState<SignFailure | null>(null);
  const now = useNow(30_000);
  const fail = (f: SignFailure) => {
    setFailure(f);
    if (f.kind === "alreadySigned") void Promise.all([records.refetch(), slots.refetch()]);
  };
  const onSigned = (r: AttendanceRecord) => {
    setSigned(r);
    void slots.refetch();
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
  const slotList = slots.data?.data ?? [];
  const bySlot = slotList.length > 0;
  const proof = bySlot ? null : (signed ?? existing ?? null);
  const open = s.signingOpen;
  const opens = opensLater(s, now);
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
      {failure ? (
        <div className="stack">
          <Alert kind="error">{signFailureText(failure, t)}</Alert>
          <button type="button" className="btn btn-secondary" onClick={() => setFailure(null)}>
            {t("common.retry")}
          </button>
        </div>
      ) : records.isPending || slots.isPending ? (
        <Loading rows={3} />
      ) : bySlot && (open || (s.signingOpensAt !== null && !opens)) ? (
        <SlotSigning sessionId={sessionId} slots={slotList} now={now} open={open} justSigned={signed} onSigned={onSigned} onFailure={fail} />
      ) : proof ? (
        <SignSuccess record={proof} already={!signed} />
      ) : !open ? (
        <Alert kind="info">
          {s.status === "CANCELLED"
            ? t("attSign.cancelled")
            : opens
              ? t("attSign.opensAt", { time: formatTime(opens, locale, timeZone) })
              : t("attErrors.closed")}
        </Alert>
      ) : (
        <SignMethods sessionId={sessionId} onSigned={onSigned} onFailure={fail} />
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
