"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { classifySignError, signFailureText, type SignFailure } from "./errors";
import { formatCountdown } from "./format";
import { PinPad } from "./pin-pad";
import type { AttendanceRecord } from "./types";
import { useNow } from "./use-now";

/** Signing with the session PIN (attendance.signPin): wrong PIN with attempts left, lock-out with a countdown. */
export function PinSign({
  sessionId,
  slotId,
  onSigned,
  onFailure,
}: {
  sessionId: string;
  /** The time slot signed; without it the session as a whole. */
  slotId?: string;
  onSigned: (r: AttendanceRecord) => void;
  onFailure: (f: SignFailure) => void;
}) {
  const t = useT();
  const trpc = useTRPC();
  const sign = useMutation(trpc.attendance.signPin.mutationOptions());
  const [pin, setPin] = useState("");
  const [failure, setFailure] = useState<SignFailure | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const now = useNow(1000, lockedUntil !== null);
  const secondsLeft = lockedUntil === null ? 0 : Math.ceil((lockedUntil - now) / 1000);
  const locked = lockedUntil !== null && secondsLeft > 0;

  const submit = () => {
    setFailure(null);
    sign.mutate(
      { sessionId, pin, ...(slotId ? { slotId } : {}) },
      {
        onSuccess: ({ data }) => onSigned(data),
        onError: (error) => {
          const f = classifySignError(error);
          setPin("");
          if (f.kind === "locked") setLockedUntil(Date.now() + f.retryAfterSeconds * 1000);
          if (f.kind === "wrongPin" || f.kind === "locked") setFailure(f);
          else onFailure(f);
        },
      },
    );
  };

  const errorId = failure && (failure.kind !== "locked" || locked) ? "pin-error" : undefined;
  return (
    <div className="stack">
      {errorId && failure ? (
        <Alert kind="error" id={errorId}>
          {failure.kind === "locked" ? (
            <>
              {t("attErrors.locked")} <strong>{t("attErrors.lockedLeft", { time: formatCountdown(secondsLeft) })}</strong>
            </>
          ) : (
            signFailureText(failure, t)
          )}
        </Alert>
      ) : null}
      <PinPad value={pin} onChange={setPin} onSubmit={submit} disabled={locked} busy={sign.isPending} errorId={errorId} />
    </div>
  );
}
