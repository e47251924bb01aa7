"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/client";
import styles from "./webhooks.module.css";

/** The signing secret, shown once after registration, with a copy button and the warning that it cannot be read again. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open={secret !== null} onClose={onClose} title={t("webhooks.secretTitle")} describedBy="webhook-secret-warning">
      <div className="stack">
        <div id="webhook-secret-warning">
          <Alert kind="info">{t("webhooks.secretWarning")}</Alert>
        </div>
        <label className="field-label" htmlFor="webhook-secret">
          {t("webhooks.secretLabel")}
        </label>
        <div className={styles.secretRow}>
          <input id="webhook-secret" className={`input ${styles.secret}`} readOnly value={secret ?? ""} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => {
              if (!secret) return;
              try {
                await navigator.clipboard.writeText(secret);
              } catch {
                // Clipboard refused (insecure context): the field stays selectable.
              }
              setCopied(true);
            }}
          >
            {copied ? t("webhooks.copied") : t("webhooks.copy")}
          </button>
        </div>
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            {t("webhooks.secretDone")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
