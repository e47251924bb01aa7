"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { classifySignError, signFailureText, type SignFailure } from "./errors";
import { SessionFacts } from "./session-heading";
import { SignSuccess } from "./sign-success";
import type { AttendanceRecord } from "./types";
import { useGeolocation } from "./use-geolocation";
import { Loading } from "@/components/ui/skeleton";

/** The session id a QR token names, when the token is a JWT carrying it (only to show the session; the server decides). */
function sessionIdOfToken(token: string): string | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "="));
    const claims = JSON.parse(json) as Record<string, unknown>;
    const found = Object.values(claims).find((v): v is string => typeof v === "string" && /^ses_[A-Za-z0-9_-]+$/.test(v));
    return found ?? null;
  } catch {
    return null;
  }
}

const FINAL: SignFailure["kind"][] = ["expired", "used", "invalidQr", "notEnrolled", "closed", "notFound", "alreadySigned"];

/** The page a QR code opens: the session, one big "I confirm" button (attendance.signQr), then the proof. */
export function QrSign({ token }: { token: string }) {
  const t = useT();
  const trpc = useTRPC();
  const fromJwt = useMemo(() => sessionIdOfToken(token), [token]);
  // A short id (the QR code's /q/{id}) does not carry its session: the server names it.
  const named = useQuery({ ...trpc.attendanceSigning.qrSession.queryOptions({ qrToken: token }), enabled: !fromJwt, retry: false });
  const sessionId = fromJwt ?? named.data?.data.sessionId ?? null;
  const session = useQuery({ ...trpc.sessions.get.queryOptions({ id: sessionId ?? "ses_none" }), enabled: Boolean(sessionId), retry: false });
  // A session with slots: the scan signs the slot to sign now (the one in progress, else the last started).
  const open = useQuery({ ...trpc.attendanceSigning.openNow.queryOptions({}), enabled: Boolean(sessionId), retry: false });
  const slot = open.data?.data.find((o) => o.session.id === sessionId)?.slot ?? null;
  const sign = useMutation(trpc.attendance.signQr.mutationOptions());
  const geo = useGeolocation();
  const [signed, setSigned] = useState<AttendanceRecord | null>(null);
  const [failure, setFailure] = useState<SignFailure | null>(null);
  const s = session.data?.data;

  const confirm = async () => {
    setFailure(null);
    const location = geo.state === "off" || geo.state === "unsupported" ? undefined : await geo.current();
    sign.mutate(
      { qrToken: token, ...(location ? { location } : {}), ...(slot ? { slotId: slot.id } : {}) },
      { onSuccess: ({ data }) => setSigned(data), onError: (error) => setFailure(classifySignError(error)) },
    );
  };

  if (signed) {
    return (
      <div className="stack">
        <SignSuccess record={signed} sessionTitle={s?.title} />
        <Link className={`btn btn-secondary btn-block ${styles.wrap}`} href="/my-sessions">
          {t("attMy.title")}
        </Link>
      </div>
    );
  }
  const final = failure !== null && FINAL.includes(failure.kind);
  return (
    <div className="stack">
      <h1>{t("attSign.title")}</h1>
      {s ? (
        <div className={styles.qrSession}>
          <p className={styles.sessionTitle}>{s.title}</p>
          <SessionFacts session={s} />
          {slot ? <p className="muted">{t("attSign.slotNow", { slot: slot.label })}</p> : null}
        </div>
      ) : session.isPending && sessionId ? (
        <Loading />
      ) : null}
      {failure ? <Alert kind={failure.kind === "alreadySigned" ? "info" : "error"}>{signFailureText(failure, t)}</Alert> : null}
      {final ? (
        <Link className={`btn btn-secondary btn-block ${styles.wrap}`} href={sessionId && failure?.kind !== "notFound" ? `/sessions/${sessionId}/sign` : "/sign-attendance"}>
          {failure?.kind === "alreadySigned" ? t("attSign.seeProof") : t("attSign.otherWays")}
        </Link>
      ) : (
        <>
          <button type="button" className={`btn btn-primary btn-block ${styles.confirm} ${styles.wrap}`} onClick={confirm} disabled={sign.isPending || (Boolean(sessionId) && open.isPending)}>
            {sign.isPending ? t("attSign.sending") : t("attSign.confirm")}
          </button>
          {geo.state !== "unsupported" ? (
            <div className={styles.geo}>
              <label className="checkbox">
                <input type="checkbox" checked={geo.state !== "off"} onChange={(e) => (e.target.checked ? geo.enable() : geo.disable())} />
                <span>{t("attSign.shareLocation")}</span>
              </label>
              <p className="field-hint" aria-live="polite">
                {geo.state === "asking" ? t("attSign.locating") : geo.state === "on" ? t("attSign.located") : geo.state === "denied" ? t("attSign.locationDenied") : t("attSign.locationHelp")}
              </p>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
