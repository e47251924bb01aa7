import Link from "next/link";
import type { ReactNode } from "react";
import type { TOutcomeRate, TPublicCourse, TResultIndicators } from "@/server/contracts/surveys";
import { CourseActions } from "@/components/catalogue/quote-request";
import { formatPrice } from "@/components/courses/money";
import { BrandMark } from "@/components/ui/brand-mark";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import styles from "./surveys.module.css";

const pct = (r: number) => Math.round(r * 100);

/** Header of the public pages: the organisation, the language switcher. */
export function PublicHeader({ brandName, logoUrl, children }: { brandName: string; logoUrl: string | null; children?: ReactNode }) {
  return (
    <header className={styles.publicHeader}>
      <span className={styles.publicBrand}>
        <BrandMark name={brandName} logoUrl={logoUrl} small />
        {brandName}
      </span>
      {children}
      <LanguageSwitcher />
    </header>
  );
}

function Section({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={styles.prose}>{text}</p>
    </section>
  );
}

/** The published result indicators (indicator 2), from the shared figures. */
function ResultFigures({ results, t }: { results: TResultIndicators; t: Translate }) {
  const s = results.satisfaction;
  const items: { label: string; value: string; note?: string }[] = [];
  const rate = (r: TOutcomeRate) => (r.significant && r.rate !== null ? `${pct(r.rate)} %` : t("publicCourse.notSignificant"));
  if (s.satisfactionRate !== null) items.push({ label: t("publicCourse.satisfactionRate"), value: `${pct(s.satisfactionRate)} %`, note: t("publicCourse.basedOn", { n: s.responses }) });
  if (s.averageRating !== null) items.push({ label: t("publicCourse.averageRating"), value: `${s.averageRating.toLocaleString("fr-FR")} / 5` });
  items.push({ label: t("publicCourse.completionRate"), value: rate(results.completion), note: t("publicCourse.completionBasis", { completed: results.completion.count, total: results.completion.of }) });
  items.push({ label: t("publicCourse.successRate"), value: rate(results.success), note: t("publicCourse.successBasis", { succeeded: results.success.count, total: results.success.of }) });
  return (
    <>
    <dl className={styles.kpis}>
      {items.map((i) => (
        <div key={i.label} className={styles.kpi}>
          <dt>{i.label}</dt>
          <dd>
            {i.value}
            {i.note ? <span className={styles.kpiNote}>{i.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
    <p className={`muted ${styles.kpiNote}`} data-testid="results-method">
      <sup aria-hidden="true">*</sup> {t("publicCourse.resultsMethod", { min: results.minimumCount })}
    </p>
    </>
  );
}

/** A course's public page (Qualiopi indicators 1 and 2): everything a prospect and an auditor look for. */
export function PublicCoursePage({ course: c, locale, t, logoUrl, enrolHref }: { course: TPublicCourse; locale: string; t: Translate; logoUrl: string | null; enrolHref: string }) {
  const price = c.price === 0 ? t("publicCourse.free") : formatPrice(c.price, c.currency, locale);
  return (
    <div className={styles.publicPage}>
      <PublicHeader brandName={c.tenantName} logoUrl={logoUrl}>
        <Link href="/formations">{t("publicCourse.back")}</Link>
      </PublicHeader>
      <main id="main" className="stack-lg">
        <div className="stack">
          <h1>{c.title}</h1>
          <p className={styles.prose}>{c.description}</p>
        </div>
        <CourseActions slug={c.slug} enrolHref={enrolHref} />
        <section aria-labelledby="facts-title" className="card stack">
          <h2 id="facts-title">{t("publicCourse.facts")}</h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t("publicCourse.duration")}</dt>
              <dd>{c.duration ? t("publicCourse.hours", { n: c.duration }) : t("publicCourse.notSet")}</dd>
            </div>
            <div>
              <dt>{t("publicCourse.format")}</dt>
              <dd>{t(`publicCourse.format_${c.format}` as MessageKey)}</dd>
            </div>
            {c.sessionModes.length ? (
              <div>
                <dt>{t("publicCourse.modes")}</dt>
                <dd>{c.sessionModes.map((m) => t(`publicCourse.mode_${m}` as MessageKey)).join(", ")}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("publicCourse.price")}</dt>
              <dd>{price}</dd>
            </div>
            <div>
              <dt>{t("publicCourse.accessLeadTime")}</dt>
              <dd>{c.accessLeadTime ?? t("publicCourse.notSet")}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="results-title" className="card stack">
          <h2 id="results-title">{t("publicCourse.results")}</h2>
          <p className="muted">{t("publicCourse.resultsIntro")}</p>
          <ResultFigures results={c.results} t={t} />
        </section>
        <Section id="objectives" title={t("publicCourse.objectives")} text={c.pedagogicalObjectives} />
        <Section id="prerequisites" title={t("publicCourse.prerequisites")} text={c.prerequisites} />
        <Section id="audience" title={t("publicCourse.audience")} text={c.targetAudience} />
        <Section id="methods" title={t("publicCourse.methods")} text={c.teachingMethods} />
        <Section id="evaluation" title={t("publicCourse.evaluation")} text={c.evaluationMethods} />
        <Section id="accessibility" title={t("publicCourse.accessibility")} text={c.accessibilityInfo} />
        <Section id="referent" title={t("publicCourse.referent")} text={c.disabilityReferentContact} />
        {c.faq.length ? (
          <section aria-labelledby="faq-title" className={styles.faq}>
            <h2 id="faq-title">{t("publicCourse.faq")}</h2>
            {c.faq.map((f) => (
              <details key={f.question}>
                <summary>{f.question}</summary>
                <p className={styles.prose}>{f.answer}</p>
              </details>
            ))}
          </section>
        ) : null}
        <footer className="muted stack">
          {c.activityNumber ? <p>{t("publicCourse.activityNumber", { n: c.activityNumber })}</p> : null}
          {c.certificationNumber ? <p>{t("publicCourse.certificationNumber", { n: c.certificationNumber })}</p> : null}
          <p>
            {t("publicCourse.contact")} <Link href="/complaint">{t("publicCourse.contactLink")}</Link>
          </p>
        </footer>
      </main>
    </div>
  );
}
