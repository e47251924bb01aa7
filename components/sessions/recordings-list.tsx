"use client";

import type { TRecording } from "@/server/contracts/sessions";
import { useI18n } from "@/lib/i18n/client";
import { formatDuration, formatSessionDate } from "./paris-time";
import styles from "./sessions.module.css";

/** The session's recordings (oldest first), each a link to its file. */
export function RecordingsList({ recordings, enabled }: { recordings: TRecording[]; enabled: boolean }) {
  const { t, locale } = useI18n();
  return (
    <section className={`card ${styles.sessionSection}`} aria-labelledby="session-recordings">
      <h2 id="session-recordings" className="card-title">
        {t("sessionsDetail.recordings")}
      </h2>
      {recordings.length ? (
        <ul className="plain-list">
          {recordings.map((r, i) => (
            <li key={r.id}>
              <a href={r.url} target="_blank" rel="noreferrer">
                {t("sessionsDetail.recordingItem", { n: i + 1, date: formatSessionDate(r.createdAt, locale) })}
              </a>
              {r.durationSeconds !== null ? <span className="muted"> — {formatDuration(Math.round(r.durationSeconds / 60))}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{enabled ? t("sessionsDetail.noRecordingYet") : t("sessionsDetail.recordingOff")}</p>
      )}
    </section>
  );
}
