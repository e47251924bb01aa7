"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { formatCountdown } from "./format";
import { QrImage } from "./qr-image";
import { useNow } from "./use-now";
import type { useRotatingQr } from "./use-rotating-qr";

/** The QR code learners scan, its countdown to the next code, and the link it encodes. */
export function LiveQrPanel({ rotating }: { rotating: ReturnType<typeof useRotatingQr> }) {
  const t = useT();
  const { qr, error, isRefreshing, refresh } = rotating;
  const card = useRef<HTMLElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === card.current);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void card.current?.requestFullscreen?.().catch(() => undefined);
  };
  const now = useNow(1000, Boolean(qr));
  const untilRefresh = qr ? (qr.refreshAt - now) / 1000 : 0;
  const expired = qr ? now >= qr.expiresAt : false;
  const lifeLeft = qr ? Math.max(0, Math.min(1, (qr.refreshAt - now) / (qr.refreshAt - qr.issuedAt))) : 0;

  return (
    <section ref={card} className={`card ${styles.qrCard}`} aria-labelledby="live-qr-title">
      <h2 id="live-qr-title" className="card-title">
        {t("attLive.qrTitle")}
      </h2>
      <p className="muted">{t("attLive.qrHelp")}</p>
      {error && !qr ? (
        <Alert kind="error">{errorInfo(error).status === 409 ? t("attLive.qrClosed") : errorMessage(error, t)}</Alert>
      ) : null}
      {qr ? (
        <figure className={styles.qrFigure} data-testid="live-qr" data-sign-url={qr.signUrl} data-expires-at={new Date(qr.expiresAt).toISOString()}>
          <QrImage value={qr.signUrl} label={t("attLive.qrAlt")} dimmed={expired || isRefreshing} />
          <figcaption>
            <div className={styles.qrMeter} aria-hidden="true">
              <span style={{ "--pct": `${lifeLeft * 100}%` }} />
            </div>
            <p className={styles.countdown}>
              {expired ? t("attLive.qrExpired") : isRefreshing ? t("attLive.qrRenewing") : t("attLive.qrRenewsIn", { time: formatCountdown(untilRefresh) })}
            </p>
          </figcaption>
        </figure>
      ) : !error ? (
        <div className={styles.qrPlaceholder} role="status" aria-label={t("attLive.qrLoading")} />
      ) : null}
      <div className={styles.qrActions}>
        <button type="button" className="btn btn-secondary btn-sm" onClick={refresh} disabled={isRefreshing}>
          {t("attLive.qrNew")}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={toggleFullscreen}>
          {fullscreen ? t("attLive.exitFullscreen") : t("attLive.fullscreen")}
        </button>
        {qr ? (
          <details className={styles.signLink}>
            <summary>{t("attLive.signLink")}</summary>
            <a href={qr.signUrl} className={styles.signLinkUrl} target="_blank" rel="noopener noreferrer" data-testid="sign-url">
              {qr.signUrl}
            </a>
          </details>
        ) : null}
      </div>
      {error && qr ? <p className="field-error">{errorMessage(error, t)}</p> : null}
    </section>
  );
}
