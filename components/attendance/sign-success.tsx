"use client";

import { useEffect, useRef } from "react";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { formatTime, methodKey, shortHash } from "./format";

/** The proof a learner keeps: what was signed, when, how, and the seal's short form. Takes focus once shown. */
export function SignSuccess({
  record,
  sessionTitle,
  already,
}: {
  record: { signedAt: string; sealedHash: string; method: string };
  sessionTitle?: string;
  already?: boolean;
}) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className={styles.success} aria-labelledby="sign-success-title" data-testid="sign-success">
      <div className={styles.successIcon} aria-hidden="true">
        <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5 10 17.5 19 7" />
        </svg>
      </div>
      <h2 id="sign-success-title" ref={ref} tabIndex={-1}>
        {already ? t("attSign.alreadyTitle") : t("attSign.successTitle")}
      </h2>
      {sessionTitle ? <p className={styles.successSession}>{sessionTitle}</p> : null}
      <p className={styles.successTime}>{t("attSign.signedAt", { time: formatTime(record.signedAt, locale, timeZone) })}</p>
      <dl className={styles.successFacts}>
        <div>
          <dt>{t("attSign.method")}</dt>
          <dd>{t(methodKey(record.method))}</dd>
        </div>
        <div>
          <dt>{t("attSign.seal")}</dt>
          <dd>
            <code title={record.sealedHash}>{shortHash(record.sealedHash)}</code>
          </dd>
        </div>
      </dl>
      <p className="muted">{t("attSign.sealHelp")}</p>
    </section>
  );
}
