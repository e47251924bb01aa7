"use client";

import type { TGapAnalysis, TRecommendation } from "@/server/contracts/needs";
import { useI18n } from "@/lib/i18n/client";
import styles from "./needs.module.css";

/** Recommendations and gap analysis of a needs analysis, worded from their fields (the summary is the provider's English text). */
export function AnalysisResult({ recommendations, gapAnalysis, headingLevel = 3 }: { recommendations: TRecommendation[]; gapAnalysis: TGapAnalysis; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const g = gapAnalysis;
  return (
    <div className={styles.stack}>
      <section aria-label={t("needs.gap")}>
        <H>{t("needs.gap")}</H>
        <p>
          {t("needs.gapSteps", { from: t(`needs.level_${g.currentLevel}`), to: t(`needs.level_${g.targetLevel}`), n: Math.max(0, g.levelGap) })}
          {g.steps.length ? ` — ${t("needs.steps", { list: g.steps.map((s) => t(`needs.level_${s}`)).join(", ") })}` : ""}
        </p>
        {g.estimatedHours !== null ? <p>{t("needs.estimatedHours", { n: g.estimatedHours })}</p> : null}
        {g.coveredObjectives.length ? (
          <>
            <Sub>{t("needs.covered")}</Sub>
            <ul>
              {g.coveredObjectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </>
        ) : null}
        {g.uncoveredObjectives.length ? (
          <>
            <Sub>{t("needs.uncovered")}</Sub>
            <ul>
              {g.uncoveredObjectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </>
        ) : null}
        <details>
          <summary>{t("needs.summary")}</summary>
          <p lang="en">{g.summary}</p>
        </details>
      </section>
      <section aria-label={t("needs.recommendations")}>
        <H>{t("needs.recommendations")}</H>
        {recommendations.length === 0 ? <p>{t("needs.noRecommendation")}</p> : null}
        <ol className={styles.list}>
          {recommendations.map((r) => (
            <li key={r.courseId} className={`card ${styles.item}`}>
              <Sub>{r.title}</Sub>
              <div className={styles.badges}>
                <span className="badge">{t("needs.relevance", { value: r.relevance })}</span>
                {r.level ? <span className="badge">{t(`needs.level_${r.level}`)}</span> : null}
                {r.duration !== null ? <span className="badge">{t("needs.hours", { n: r.duration })}</span> : null}
              </div>
              <span>{t("needs.covers", { list: r.matchedObjectives.join(" ; ") })}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
