import type { TSessionStatus } from "@/server/contracts/sessions";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import styles from "./sessions.module.css";

export const sessionStatusKey = (s: TSessionStatus) => `sessionsEnums.${s}` as MessageKey;

/** The session's state as a coloured pill; the word is always written (colour is never the only cue). */
export function SessionStatusBadge({ status, t }: { status: TSessionStatus; t: Translate }) {
  return <span className={`badge ${styles[`badgeSession${status}`]}`}>{t(sessionStatusKey(status))}</span>;
}
