"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n/client";
import { useTenantTimeZone } from "@/components/tenant-context";
import styles from "./attendance.module.css";
import { formatDateTime, opensLater, type SigningWindow } from "./format";
import { JoinRoom } from "./join-room";
import { SessionFacts, type SessionPlaceLike } from "./session-heading";

export type CardSession = SigningWindow & {
  id: string;
  title: string;
  courseTitle?: string;
  scheduledAt: string;
  endsAt: string;
  status: string;
  /** PRESENTIAL sessions have no video room: no "join". */
  deliveryMode?: string;
  place?: SessionPlaceLike | null;
  schedule?: { date: string; ranges: { start: string; end: string }[] }[];
};

/**
 * One session for a learner: what, when and where, "Sign" while the server says signing is open
 * (signingOpen), when it opens while it has not yet, and the video room (REMOTE, HYBRID) while it can be joined.
 */
export function SessionCard({ session: s, now, signed }: { session: CardSession; now: number; signed?: ReactNode }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const opens = opensLater(s, now);
  const roomOpen = (s.status === "SCHEDULED" || s.status === "LIVE") && s.deliveryMode !== "PRESENTIAL";
  return (
    <article className={styles.sessionCard} data-status={s.status} aria-labelledby={`session-${s.id}`}>
      <div>
        <h3 id={`session-${s.id}`} className={styles.sessionCardTitle}>
          {s.title}
        </h3>
        {s.courseTitle ? <p className="muted">{s.courseTitle}</p> : null}
        <SessionFacts session={s} />
      </div>
      <div className={styles.sessionCardActions}>
        {signed ? (
          signed
        ) : s.signingOpen ? (
          <Link className={`btn btn-primary btn-block ${styles.wrap}`} href={`/sessions/${s.id}/sign`}>
            {t("attMy.sign")}
            <span className="visually-hidden"> — {s.title}</span>
          </Link>
        ) : opens ? (
          <p className="muted">{t("attMy.signOpensAt", { when: formatDateTime(opens, locale, timeZone) })}</p>
        ) : null}
        {roomOpen ? <JoinRoom sessionId={s.id} /> : null}
      </div>
    </article>
  );
}
