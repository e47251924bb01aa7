"use client";

import { useState } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { CanvasSign } from "./canvas-sign";
import type { SignFailure } from "./errors";
import { PinSign } from "./pin-sign";
import type { AttendanceRecord } from "./types";

type Method = "PIN" | "CANVAS";

/** The learner's ways to sign (PIN, the accessible way, or drawing), for the session or one of its time slots. */
export function SignMethods({
  sessionId,
  slotId,
  title,
  onSigned,
  onFailure,
}: {
  sessionId: string;
  slotId?: string;
  title?: string;
  onSigned: (r: AttendanceRecord) => void;
  onFailure: (f: SignFailure) => void;
}) {
  const t = useT();
  const [method, setMethod] = useState<Method>("PIN");
  return (
    <section className="card stack" aria-labelledby="sign-method-title">
      <h2 id="sign-method-title" className="card-title">
        {title ?? t("attSign.chooseMethod")}
      </h2>
      <div className={`segmented ${styles.methods}`} role="group" aria-label={t("attSign.chooseMethod")}>
        {(["PIN", "CANVAS"] as const).map((m) => (
          <button key={m} type="button" aria-pressed={method === m} onClick={() => setMethod(m)}>
            {m === "PIN" ? t("attSign.byPin") : t("attSign.byDrawing")}
          </button>
        ))}
      </div>
      {method === "PIN" ? (
        <PinSign sessionId={sessionId} slotId={slotId} onSigned={onSigned} onFailure={onFailure} />
      ) : (
        <CanvasSign sessionId={sessionId} slotId={slotId} label={t("attPad.label")} submitLabel={t("attPad.submit")} onSigned={onSigned} onFailure={onFailure} />
      )}
      {method === "CANVAS" ? <p className="muted">{t("attSign.cannotDraw")}</p> : null}
    </section>
  );
}
