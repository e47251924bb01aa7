"use client";

import type { TRecording } from "@/server/contracts/sessions";
import { useI18n } from "@/lib/i18n/client";
import { formatDuration, formatSessionDate } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import styles from "./sessions.module.css";

/** Only web addresses become links (a file path reported by the media server, or any other scheme, is shown as text). */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function formatSize(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return new Intl.NumberFormat(locale, { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 }).format(mb / 1024);
  return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: mb < 10 ? 1 : 0 }).format(mb);
}

/** The session's recordings (oldest first, as the media server's egress webhook added them), each a link to its file. */
export function RecordingsList({ recordings, enabled }: { recordings: TRecording[]; enabled: boolean }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  return (
    <section className={`card ${styles.sessionSection}`} aria-labelledby="session-recordings">
      <h2 id="session-recordings" className="card-title">
        {t("sessionsDetail.recordings")}
      </h2>
      {recordings.length ? (
        <ul className="plain-list wrap-anywhere">
          {recordings.map((r, i) => {
            const label = t("sessionsDetail.recordingItem", { n: i + 1, date: formatSessionDate(r.createdAt, locale, "medium", zone) });
            const details = [
              r.durationSeconds !== null ? formatDuration(Math.max(1, Math.round(r.durationSeconds / 60))) : null,
              r.sizeBytes !== null ? formatSize(r.sizeBytes, locale) : null,
            ].filter(Boolean);
            return (
              <li key={r.id}>
                {isWebUrl(r.url) ? (
                  <a href={r.url} target="_blank" rel="noreferrer">
                    {label}
                  </a>
                ) : (
                  <span>
                    {label} <span className="muted">({t("sessionsDetail.recordingFile", { file: r.url })})</span>
                  </span>
                )}
                {details.length ? <span className="muted"> — {details.join(" · ")}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{enabled ? t("sessionsDetail.noRecordingYet") : t("sessionsDetail.recordingOff")}</p>
      )}
    </section>
  );
}
