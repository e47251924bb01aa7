"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { parisDayKey } from "@/components/sessions/paris-time";
import { formatDateTime, formatTime } from "./format";
import styles from "./signing.module.css";

/** A slot's label, followed by its times unless the label already shows them. */
const withTimes = (label: string, times: string, start: string) => (label.includes(start) ? label : `${label} · ${times}`);

/**
 * Top of the learner's home: the sessions open for signing now (attendanceSigning.openNow), each
 * with the slot to sign and one tap to sign it, or "Signé à 14:02" once signed (tenant's time
 * zone). Nothing when there is nothing to sign.
 */
export function SignNow() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const open = useQuery({ ...trpc.attendanceSigning.openNow.queryOptions({}), refetchInterval: 60_000 });
  const items = open.data?.data ?? [];
  if (!items.length) return null;
  const time = (at: string | number) => formatTime(at, locale, timeZone);
  // the server's planned end; with its date when it falls on another day (a session over several days)
  const until = (from: string, end: string) => (parisDayKey(from, timeZone) === parisDayKey(end, timeZone) ? time(end) : formatDateTime(end, locale, timeZone));
  return (
    <section className={styles.now} aria-labelledby="sign-now-title">
      <h2 id="sign-now-title" className="section-title">
        {t("attNow.title")}
      </h2>
      <ul className={styles.nowList}>
        {items.map(({ session: s, slot, signature, nextSlotStartsAt }) => (
          <li key={s.id}>
            <article className={styles.nowCard} data-signed={Boolean(signature)} data-testid="sign-now" aria-labelledby={`now-${s.id}`}>
              <div>
                <h3 id={`now-${s.id}`} className={styles.nowTitle}>
                  {s.title}
                </h3>
                <p className={styles.nowMeta}>
                  {slot
                    ? withTimes(slot.label, t("attNow.slotTime", { start: time(slot.startsAt), end: time(slot.endsAt) }), time(slot.startsAt))
                    : `${t("attNow.wholeSession")} · ${t("attNow.slotTime", { start: time(s.scheduledAt), end: until(s.scheduledAt, s.endsAt) })}`}
                </p>
                {slot && !slot.inProgress && !signature ? <p className={styles.nowMeta}>{t("attNow.lateSlot")}</p> : null}
              </div>
              {signature ? (
                <p className={styles.signed} data-testid="signed-at">
                  <span aria-hidden="true">✓</span>
                  {t("attNow.signedAt", { time: time(signature.signedAt) })}
                </p>
              ) : nextSlotStartsAt ? (
                <p className={styles.nowMeta}>{t("attNow.nextSlot", { time: time(nextSlotStartsAt) })}</p>
              ) : (
                <Link className={`btn btn-primary btn-block ${styles.bigButton}`} href={`/sessions/${s.id}/sign`}>
                  {t("attNow.sign")}
                  <span className="visually-hidden"> — {s.title}</span>
                </Link>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
