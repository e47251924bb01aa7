"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { useI18n } from "@/lib/i18n/client";
import type { SignFailure } from "./errors";
import { formatTime } from "./format";
import { SignMethods } from "./sign-methods";
import { SignSuccess } from "./sign-success";
import styles from "./signing.module.css";
import type { AttendanceRecord, SessionSlot } from "./types";

/** The slot a learner signs now: the one in progress, else the last one started (a late signature); null before the first. */
function currentSlotOf<S extends { startsAt: string; endsAt: string }>(slots: S[], now: number): S | null {
  const started = slots.filter((s) => Date.parse(s.startsAt) <= now);
  return started.find((s) => Date.parse(s.endsAt) > now) ?? started.at(-1) ?? null;
}

/**
 * Phone-first signing of a session cut into time slots: the current slot big and obvious, with
 * its signature or the ways to sign it, then every slot with its state. Times in the tenant's zone.
 */
export function SlotSigning({
  sessionId,
  slots,
  now,
  open,
  justSigned,
  onSigned,
  onFailure,
}: {
  sessionId: string;
  slots: SessionSlot[];
  now: number;
  /** Whether the session takes signatures now (closed: cancelled, or 2 h after its end). */
  open: boolean;
  justSigned: AttendanceRecord | null;
  onSigned: (r: AttendanceRecord) => void;
  onFailure: (f: SignFailure) => void;
}) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const time = (iso: string) => formatTime(iso, locale, timeZone);
  const current = currentSlotOf(slots, now);
  const proof = justSigned && current && justSigned.slotId === current.id ? justSigned : null;
  const signedAt = current?.mySignature?.signedAt ?? proof?.signedAt ?? null;

  return (
    <div className="stack">
      {current ? (
        <section className={styles.currentSlot} data-signed={Boolean(signedAt)} aria-labelledby="current-slot-title" data-testid="current-slot">
          <h2 id="current-slot-title" className="card-title">
            {t("attSlots.current")}
          </h2>
          <p className={styles.currentLabel}>{current.label}</p>
          {current.label.includes(time(current.startsAt)) ? null : <p className="muted">{t("attNow.slotTime", { start: time(current.startsAt), end: time(current.endsAt) })}</p>}
          {proof ? (
            <SignSuccess record={proof} />
          ) : signedAt ? (
            <p className={styles.signed} data-testid="signed-at">
              <span aria-hidden="true">✓</span>
              {t("attSlots.signedAt", { time: time(signedAt) })}
            </p>
          ) : open ? (
            <SignMethods sessionId={sessionId} slotId={current.id} title={t("attSlots.toSign")} onSigned={onSigned} onFailure={onFailure} />
          ) : (
            <Alert kind="info">{t("attErrors.closed")}</Alert>
          )}
        </section>
      ) : (
        <Alert kind="info">{t("attSlots.noneStarted", { time: time(slots[0]!.startsAt) })}</Alert>
      )}
      <section aria-labelledby="all-slots-title" className="stack">
        <h2 id="all-slots-title" className="section-title">
          {t("attSlots.others")}
        </h2>
        <ul className={styles.slotList}>
          {slots.map((slot) => {
            const signed = slot.mySignature?.signedAt ?? (justSigned?.slotId === slot.id ? justSigned.signedAt : null);
            const state = signed ? "signed" : Date.parse(slot.startsAt) > now ? "upcoming" : "missing";
            return (
              <li key={slot.id} className={styles.slotRow} aria-current={slot.id === current?.id ? "true" : undefined}>
                <span className={styles.slotName}>
                  <strong>{slot.label}</strong>
                  {slot.label.includes(time(slot.startsAt)) ? null : <span className="muted">{t("attNow.slotTime", { start: time(slot.startsAt), end: time(slot.endsAt) })}</span>}
                </span>
                <span className={styles.slotState} data-state={state}>
                  {signed ? `✓ ${t("attSlots.signedAt", { time: time(signed) })}` : state === "upcoming" ? t("attSlots.upcoming") : t("attSlots.notSigned")}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
