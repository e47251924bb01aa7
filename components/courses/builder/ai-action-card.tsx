"use client";

import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "../ai.module.css";

/** One AI operation: what it does, its cost in credits (always shown before running), its options and its result. */
export function AiActionCard({
  id,
  name,
  body,
  cost,
  balance,
  busy,
  disabled,
  onRun,
  children,
  result,
}: {
  id: string;
  name: string;
  body: string;
  cost: number | null;
  balance: number | null;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
  children?: ReactNode;
  result?: ReactNode;
}) {
  const t = useT();
  const short = cost !== null && balance !== null && cost > balance;
  return (
    <article className={`card ${styles.aiCard}`} aria-labelledby={`${id}-name`}>
      <div className={styles.aiCardHead}>
        <h3 id={`${id}-name`}>{name}</h3>
        <span className={`badge ${styles.badgeCost}`}>
          <span className="visually-hidden">{t("creatorAi.costLabel")} : </span>
          {cost === null ? "…" : t("creatorAi.cost", { cost })}
        </span>
      </div>
      <p className="muted">{body}</p>
      {children}
      {short ? (
        <p className="field-error" id={`${id}-short`}>
          {t("creatorAi.insufficient", { cost: cost ?? 0, balance: balance ?? 0 })}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onRun} disabled={disabled || busy || cost === null || short} aria-describedby={short ? `${id}-short` : undefined}>
          {busy ? t("creatorAi.running") : short ? t("creatorAi.insufficientShort") : t("creatorAi.run")}
        </button>
      </div>
      <div aria-live="polite">{result}</div>
    </article>
  );
}
