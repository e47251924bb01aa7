"use client";

import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { formatTime } from "./format";
import type { MediaToken } from "./types";

/** The media server's address as a browser can open it (ws -> http, wss -> https), with the access token. */
function roomHref(media: Pick<MediaToken, "url" | "token">): string {
  const base = media.url.replace(/^ws(s?):\/\//i, "http$1://");
  return `${base}${base.includes("?") ? "&" : "?"}token=${encodeURIComponent(media.token)}`;
}

/** "Join the video room": asks for a LiveKit access token (sessions.token), then shows the room and a link to open it. */
export function JoinRoom({ sessionId, compact }: { sessionId: string; compact?: boolean }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const join = useMutation(trpc.sessions.token.mutationOptions());
  const media = join.data?.data;
  const status = join.isError ? errorInfo(join.error).status : null;

  if (media) {
    return (
      <div className={styles.room} role="status">
        <p className={styles.roomTitle}>{t("attRoom.ready")}</p>
        <dl className={styles.roomFacts}>
          <div>
            <dt>{t("attRoom.room")}</dt>
            <dd>
              <code>{media.roomName}</code>
            </dd>
          </div>
          <div>
            <dt>{t("attRoom.server")}</dt>
            <dd>
              <code>{media.url}</code>
            </dd>
          </div>
          <div>
            <dt>{t("attRoom.validUntil")}</dt>
            <dd>{formatTime(media.expiresAt, locale, timeZone)}</dd>
          </div>
        </dl>
        <a className={`btn btn-primary btn-block ${styles.wrap}`} href={roomHref(media)} target="_blank" rel="noopener noreferrer">
          {t("attRoom.open")}
          <span className="visually-hidden"> {t("attRoom.newWindow")}</span>
        </a>
      </div>
    );
  }
  return (
    <div className="stack">
      <button type="button" className={`btn btn-secondary ${styles.wrap} ${compact ? "btn-sm" : "btn-block"}`} onClick={() => join.mutate({ id: sessionId })} disabled={join.isPending}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <rect x="3" y="6" width="13" height="12" rx="2" />
          <path d="m16 10 5-3v10l-5-3" />
        </svg>
        {join.isPending ? t("attRoom.joining") : t("attRoom.join")}
      </button>
      {join.isError ? (
        <Alert kind="error">{status === 409 ? t("attRoom.closed") : status === 403 ? t("attRoom.forbidden") : errorMessage(join.error, t)}</Alert>
      ) : null}
    </div>
  );
}
