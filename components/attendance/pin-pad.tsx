"use client";

import { useId, type FormEvent } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "./attendance.module.css";

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const PIN_LENGTH = 6;

/**
 * The session PIN: a labelled numeric field (keyboard, screen readers, the phone's number
 * keyboard) and, for touch, a pad of large digit buttons writing into the same value.
 */
export function PinPad({
  value,
  onChange,
  onSubmit,
  disabled,
  busy,
  errorId,
}: {
  value: string;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  disabled?: boolean;
  busy?: boolean;
  errorId?: string;
}) {
  const t = useT();
  const id = useId();
  const complete = value.length === PIN_LENGTH;
  const press = (digit: string) => {
    if (value.length < PIN_LENGTH) onChange(value + digit);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete && !disabled) onSubmit();
  };
  return (
    <form className={styles.pinForm} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t("attPin.label")}</label>
        <input
          id={id}
          name="pin"
          className={`input ${styles.pinInput}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          value={value}
          disabled={disabled}
          aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(" ")}
          aria-invalid={errorId ? true : undefined}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, PIN_LENGTH))}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t("attPin.hint")}
        </p>
      </div>
      <div className={styles.pinPad} role="group" aria-label={t("attPin.padLabel")}>
        {DIGITS.map((d) => (
          <button key={d} type="button" className={styles.pinKey} onClick={() => press(d)} disabled={disabled || complete}>
            {d}
          </button>
        ))}
        <button type="button" className={`${styles.pinKey} ${styles.pinKeyMuted}`} onClick={() => onChange(value.slice(0, -1))} disabled={disabled || !value} aria-label={t("attPin.erase")}>
          <span aria-hidden="true">⌫</span>
        </button>
        <button type="button" className={styles.pinKey} onClick={() => press("0")} disabled={disabled || complete}>
          0
        </button>
        <button type="button" className={`${styles.pinKey} ${styles.pinKeyMuted}`} onClick={() => onChange("")} disabled={disabled || !value} aria-label={t("attPin.clearAll")}>
          <span aria-hidden="true">C</span>
        </button>
      </div>
      <button type="submit" className={`btn btn-primary btn-block ${styles.wrap}`} disabled={disabled || busy || !complete}>
        {busy ? t("attSign.sending") : t("attPin.submit")}
      </button>
    </form>
  );
}
