import type { Translate } from "@/lib/i18n/translate";
import styles from "./sessions.module.css";

/** The session's six-digit attendance PIN, large and spaced, read digit by digit. */
export function PinDisplay({ pin, t }: { pin: string; t: Translate }) {
  return (
    <div className={styles.sessionPin}>
      <p className="stat-label" id="session-pin-label">
        {t("sessionsDetail.pin")}
      </p>
      <p className={styles.sessionPinDigits} aria-labelledby="session-pin-label">
        <span aria-hidden="true">
          {pin.slice(0, 3)} {pin.slice(3)}
        </span>
        <span className="visually-hidden">{pin.split("").join(" ")}</span>
      </p>
      <p className="field-hint">{t("sessionsDetail.pinHint")}</p>
    </div>
  );
}
