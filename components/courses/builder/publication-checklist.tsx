"use client";

import { useT } from "@/lib/i18n/client";
import type { QualiopiStatus } from "../course-types";
import { publicationRuleText } from "@/components/qualiopi/publication-rule-text";
import shared from "../shared.module.css";
import styles from "../checklist.module.css";

/**
 * The live publication check (GET qualiopi-status, refetched after every save): score,
 * indicators covered, blockers with their Qualiopi indicator and a link to the field, warnings.
 */
export function PublicationChecklist({
  status,
  loading,
  refreshing,
  onGoTo,
}: {
  status: QualiopiStatus | undefined;
  loading: boolean;
  refreshing: boolean;
  onGoTo: (field: string) => void;
}) {
  const t = useT();
  const check = status?.check;
  return (
    <section className={`card ${styles.checklist}`} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className="card-title">
        {t("creatorChecklist.title")}
      </h2>
      <div aria-live="polite" aria-atomic="false">
        {loading || !check ? (
          <p className="muted">{t("creatorChecklist.loading")}</p>
        ) : (
          <>
            <p className={styles.checklistScore}>
              <strong>{t("creatorChecklist.score", { score: check.score })}</strong>
              <span className="muted"> · {t("creatorChecklist.indicators", { covered: check.indicatorsCovered, total: check.indicatorsTotal })}</span>
            </p>
            <progress className={shared.meter} max={100} value={check.score} aria-label={t("creatorChecklist.scoreLabel")}>
              {check.score} %
            </progress>
            {refreshing ? <p className={`muted ${styles.checklistRefresh}`}>{t("creatorChecklist.refreshing")}</p> : null}
            {check.canPublish ? (
              <p className={styles.checklistOk}>{t("creatorChecklist.ready")}</p>
            ) : (
              <>
                <h3 className={styles.checklistHeading}>{t("creatorChecklist.blockers", { count: check.blockers.length })}</h3>
                <ul className={styles.checklistList} data-testid="checklist-blockers">
                  {check.blockers.map((b) => (
                    <li key={`${b.field}-${b.indicator}`} className={`${shared.checklistItem} ${shared.checklistBlocker}`}>
                      <span className="badge badge-indicator">{t("creatorQualiopi.indicator", { n: b.indicator })}</span>
                      <span className={shared.checklistText}>{publicationRuleText(b, t)}</span>
                      <button type="button" className={shared.linkButton} onClick={() => onGoTo(b.field)}>
                        {t("creatorChecklist.goTo")}
                        <span className="visually-hidden"> : {publicationRuleText(b, t)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {check.warnings.length ? (
              <details className={styles.checklistWarnings}>
                <summary>{t("creatorChecklist.warnings", { count: check.warnings.length })}</summary>
                <ul className={styles.checklistList}>
                  {check.warnings.map((w) => (
                    <li key={`${w.indicator}-${w.code}`} className={shared.checklistItem}>
                      <span className="badge badge-indicator">{t("creatorQualiopi.indicator", { n: w.indicator })}</span>
                      <span className={shared.checklistText}>{publicationRuleText(w, t)}</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
