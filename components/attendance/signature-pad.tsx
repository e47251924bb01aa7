"use client";

import { useId } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import type { SignaturePadState } from "./use-signature-pad";

/** The drawing area with its instructions and a Clear button; the parent owns the state (useSignaturePad). */
export function SignaturePad({ pad, label, disabled }: { pad: SignaturePadState; label: string; disabled?: boolean }) {
  const t = useT();
  const hintId = useId();
  return (
    <div className={styles.padWrap}>
      <p id={hintId} className="field-hint">
        {t("attPad.hint")}
      </p>
      <canvas
        ref={pad.canvasRef}
        className={styles.pad}
        role="img"
        aria-label={label}
        aria-describedby={hintId}
        data-points={pad.pointCount}
        data-disabled={disabled ? true : undefined}
        {...(disabled ? {} : pad.handlers)}
      />
      <div className={styles.padFoot}>
        <span className="muted" aria-live="polite">
          {pad.pointCount === 0 ? t("attPad.empty") : t("attPad.drawn")}
        </span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={pad.clear} disabled={disabled || pad.pointCount === 0}>
          {t("attPad.clear")}
        </button>
      </div>
    </div>
  );
}
