"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { courseFieldShape } from "@/server/contracts/courses";
import type { TSurveyResults } from "@/server/contracts/surveys";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import styles from "./surveys.module.css";

const ZPublicFields = z.object(courseFieldShape).pick({ accessLeadTime: true, successRate: true });
type Figures = { responses: number; averageRating: number | null; satisfactionRate: number | null; sent: number; responseRate: number | null; pending?: number };

const pct = (r: number | null, t: Translate) => (r === null ? t("surveys.none") : t("surveys.percent", { n: Math.round(r * 100) }));

function Kpis({ f, t }: { f: Figures; t: Translate }) {
  const items: [string, string][] = [
    [t("surveys.sent"), String(f.sent)],
    [t("surveys.responses"), String(f.responses)],
    [t("surveys.responseRate"), pct(f.responseRate, t)],
    [t("surveys.satisfactionRate"), pct(f.satisfactionRate, t)],
    [t("surveys.averageRating"), f.averageRating === null ? t("surveys.none") : t("surveys.outOfFive", { n: f.averageRating })],
  ];
  if (f.pending) items.splice(1, 0, [t("surveys.pending"), String(f.pending)]);
  return (
    <dl className={styles.kpis}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.kpi}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Breakdown({ kind, t }: { kind: TSurveyResults["byKind"][number]; t: Translate }) {
  const headingId = `survey-kind-${kind.kind}`;
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(`surveys.kind_${kind.kind}` as MessageKey)}</h3>
      <Kpis f={kind} t={t} />
      {kind.responses === 0 ? (
        <p className="muted">{t("surveys.noResponses")}</p>
      ) : (
        <div className="stack">
          <h4>{t("surveys.questions")}</h4>
          {kind.questions.map((q) => {
            const max = Math.max(1, ...q.choices.map((c) => c.count));
            return (
              <div key={q.questionId} className="stack">
                <p>
                  <strong>{q.prompt}</strong>{" "}
                  <span className="muted">
                    {t("surveys.answered", { n: q.answered })}
                    {q.rating?.average !== null && q.rating ? ` · ${t("surveys.average", { n: q.rating.average, max: q.rating.max })}` : ""}
                  </span>
                </p>
                {q.choices.length ? (
                  <ul className={styles.bars}>
                    {q.choices.map((c) => (
                      <li key={c.id} className={styles.bar}>
                        <span>{c.label}</span>
                        <span className={styles.barTrack} aria-hidden="true">
                          <span className={styles.barFill} style={{ "--pct": `${(c.count / max) * 100}%` }} />
                        </span>
                        <span>{c.count}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {q.texts.length ? (
                  <details>
                    <summary>{t("surveys.comments")}</summary>
                    <ul>
                      {q.texts.map((text, i) => (
                        <li key={i}>{text}</li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** The course's satisfaction surveys (staff): results per kind, and the public page fields (access lead time, success rate). */
export function SurveysPanel({ course, readOnly, onSaved }: { course: { id: string; slug: string; status: string; accessLeadTime: string | null; successRate: number | null }; readOnly: boolean; onSaved: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const results = useQuery(trpc.surveys.results.queryOptions({ id: course.id }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.courses.update.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const lead = String(data.get("accessLeadTime") ?? "").trim();
    const rate = String(data.get("successRate") ?? "").trim();
    const parsed = ZPublicFields.safeParse({ accessLeadTime: lead || null, successRate: rate === "" ? null : Number(rate) });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    try {
      await update.mutateAsync({ id: course.id, ...parsed.data });
      setSaved(true);
      await onSaved();
    } catch {
      // Shown below.
    }
  }

  const r = results.data?.data;
  return (
    <div className="stack-lg">
      <section className="stack" aria-labelledby="surveys-title">
        <h2 id="surveys-title">{t("surveys.title")}</h2>
        <p className="muted">{t("surveys.intro")}</p>
        {results.isError ? <Alert kind="error">{errorMessage(results.error, t)}</Alert> : null}
        {results.isPending ? <p aria-busy="true">…</p> : null}
        {r && !r.hasSatisfactionQuestionnaire ? <Alert kind="info">{t("surveys.noQuestionnaire")}</Alert> : null}
        {r ? (
          <>
            <section className="card stack" aria-labelledby="survey-overall">
              <h3 id="survey-overall">{t("surveys.overall")}</h3>
              <Kpis f={r.overall} t={t} />
              <p className="muted">{t("surveys.scaleNote")}</p>
            </section>
            {r.byKind.map((k) => (
              <Breakdown key={k.kind} kind={k} t={t} />
            ))}
          </>
        ) : null}
      </section>
      <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="public-fields-title">
        <h2 id="public-fields-title">{t("surveys.publicTitle")}</h2>
        <p className="muted">{t("surveys.publicIntro")}</p>
        {course.status === "PUBLISHED" ? (
          <p>
            <a href={`/formations/${course.slug}`} target="_blank" rel="noopener">
              {t("surveys.publicLink")}
            </a>
          </p>
        ) : null}
        <div aria-live="polite">
          {saved ? <Alert kind="success">{t("surveys.saved")}</Alert> : null}
          {update.isError && !Object.keys(errors).length ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
        </div>
        <fieldset disabled={readOnly} className="stack">
          <TextField name="accessLeadTime" label={t("surveys.accessLeadTime")} hint={t("surveys.accessLeadTimeHint")} defaultValue={course.accessLeadTime ?? ""} maxLength={500} errors={errors.accessLeadTime} />
          <TextField
            name="successRate"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            label={t("surveys.successRate")}
            hint={t("surveys.successRateHint")}
            defaultValue={course.successRate ?? ""}
            errors={errors.successRate}
          />
        </fieldset>
        {readOnly ? null : (
          <div className="form-actions">
            <SubmitButton pending={update.isPending} label={t("surveys.save")} />
          </div>
        )}
      </form>
    </div>
  );
}
