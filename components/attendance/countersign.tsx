"use client";

import { useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { CanvasSign } from "./canvas-sign";
import { formatTime } from "./format";

/**
 * The trainer's own signature on the sheet (attendance.signCanvas for themselves): a dialog with
 * the drawing pad; once done, the time it was signed.
 */
export function Countersign({ sessionId, signedAt, onSigned }: { sessionId: string; signedAt: string | null; onSigned: () => void }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const when = done ?? signedAt;

  return (
    <div className={styles.countersign}>
      {when ? (
        <p className={styles.countersigned} role="status">
          <span aria-hidden="true">✓ </span>
          {t("attLive.countersignedAt", { time: formatTime(when, locale, timeZone) })}
        </p>
      ) : (
        <button ref={opener} type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
          {t("attLive.countersign")}
        </button>
      )}
      <Dialog open={open} onClose={close} title={t("attLive.countersignTitle")} wide>
        <p className="muted">{t("attLive.countersignHelp")}</p>
        {open ? (
          <CanvasSign
            sessionId={sessionId}
            label={t("attLive.countersignPad")}
            submitLabel={t("attLive.countersignSubmit")}
            onSigned={(r) => {
              setDone(r.signedAt);
              setOpen(false);
              onSigned();
            }}
          />
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t("common.cancel")}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
