"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { classifySignError, signFailureText, type SignFailure } from "./errors";
import { SignaturePad } from "./signature-pad";
import type { AttendanceRecord } from "./types";
import { useSignaturePad } from "./use-signature-pad";

/** Signing by drawing (attendance.signCanvas): the PNG and its strokes; a too-short drawing is explained, not lost. */
export function CanvasSign({
  sessionId,
  slotId,
  label,
  submitLabel,
  onSigned,
  onFailure,
}: {
  sessionId: string;
  /** The time slot signed; without it the session as a whole. */
  slotId?: string;
  label: string;
  submitLabel: string;
  onSigned: (r: AttendanceRecord) => void;
  onFailure?: (f: SignFailure) => void;
}) {
  const t = useT();
  const trpc = useTRPC();
  const pad = useSignaturePad();
  const sign = useMutation(trpc.attendance.signCanvas.mutationOptions());
  const [failure, setFailure] = useState<SignFailure | null>(null);

  const submit = () => {
    const drawing = pad.capture();
    if (!drawing) return;
    setFailure(null);
    sign.mutate(
      { sessionId, ...(slotId ? { slotId } : {}), ...drawing },
      {
        onSuccess: ({ data }) => onSigned(data),
        onError: (error) => {
          const f = classifySignError(error);
          if (f.kind === "tooShort" || !onFailure) setFailure(f);
          else onFailure(f);
        },
      },
    );
  };

  return (
    <div className="stack">
      {failure ? <Alert kind="error">{signFailureText(failure, t)}</Alert> : null}
      <SignaturePad pad={pad} label={label} disabled={sign.isPending} />
      <button type="button" className={`btn btn-primary btn-block ${styles.wrap}`} onClick={submit} disabled={sign.isPending || pad.pointCount === 0}>
        {sign.isPending ? t("attSign.sending") : submitLabel}
      </button>
    </div>
  );
}
