"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FUNDING_SOURCES, NEEDS_LEVELS, type TFundingSource, type TNeedsLevel } from "@/server/contracts/needs";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { AnalysisResult } from "./analysis-result";
import styles from "./needs.module.css";

/** The needs-analysis form: company, optional enrollment, objectives, levels, context, funding; shows the recommendations and gap analysis once submitted. */
export function AnalysisForm() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const companies = useQuery(trpc.needs.listCompanies.queryOptions({ page: 1, perPage: 100 }));
  const enrollments = useQuery(trpc.enrollments.list.queryOptions({ page: 1, limit: 100 }));
  const [companyId, setCompanyId] = useState("");
  const [enrollmentId, setEnrollmentId] = useState("");
  const [objectives, setObjectives] = useState<string[]>([""]);
  const [currentLevel, setCurrentLevel] = useState<TNeedsLevel>("BEGINNER");
  const [targetLevel, setTargetLevel] = useState<TNeedsLevel>("INTERMEDIATE");
  const [context, setContext] = useState("");
  const [funding, setFunding] = useState<TFundingSource | "">("");
  const create = useMutation(
    trpc.needs.createAnalysis.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.needs.listAnalyses.pathFilter()),
    }),
  );
  const fields = create.error ? errorInfo(create.error).fields : {};
  const objectiveErrors = (i: number) => fields[`objectives.${i}`];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({
      companyId,
      enrollmentId: enrollmentId || undefined,
      objectives: objectives.map((o) => o.trim()).filter(Boolean),
      currentLevel,
      targetLevel,
      context,
      fundingSource: funding || undefined,
    });
  };
  const levelOptions = NEEDS_LEVELS.map((v) => ({ value: v, label: t(`needs.level_${v}`) }));
  const companyList = companies.data?.data ?? [];
  return (
    <div className={styles.stack}>
      <form className={`card ${styles.stack}`} onSubmit={onSubmit} aria-label={t("needs.tabNew")}>
        {companies.isSuccess && companyList.length === 0 ? <Alert kind="info">{t("needs.needCompany")}</Alert> : null}
        {create.isError ? <Alert kind="error">{errorMessage(create.error, t)}</Alert> : null}
        <div className={styles.grid2}>
          <SelectField
            name="companyId"
            label={t("needs.company")}
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
            required
            errors={fields.companyId}
            options={[{ value: "", label: t("needs.chooseCompany") }, ...companyList.map((c) => ({ value: c.id, label: c.kind === "OPCO" ? `${c.name} (${t("needs.kindOpco")})` : c.name }))]}
          />
          <SelectField
            name="enrollmentId"
            label={t("needs.enrollment")}
            value={enrollmentId}
            onChange={(e) => setEnrollmentId(e.target.value)}
            errors={fields.enrollmentId}
            options={[
              { value: "", label: t("needs.noEnrollment") },
              ...(enrollments.data?.data ?? []).map((en) => ({ value: en.id, label: `${en.learner.firstName} ${en.learner.lastName} — ${en.course.title}` })),
            ]}
          />
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t("needs.objectives")}</legend>
          {fields.objectives ? <Alert kind="error">{fields.objectives.join(" ")}</Alert> : null}
          {objectives.map((o, i) => (
            <div key={i} className={styles.objective}>
              <TextField
                name={`objective-${i}`}
                label={t("needs.objective", { n: i + 1 })}
                value={o}
                maxLength={300}
                required={i === 0}
                errors={objectiveErrors(i)}
                onChange={(e) => setObjectives(objectives.map((x, j) => (j === i ? e.target.value : x)))}
              />
              {objectives.length > 1 ? (
                <button type="button" className="btn btn-secondary btn-sm" aria-label={t("needs.removeObjective", { n: i + 1 })} onClick={() => setObjectives(objectives.filter((_, j) => j !== i))}>
                  ✕
                </button>
              ) : null}
            </div>
          ))}
          {objectives.length < 20 ? (
            <div>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setObjectives([...objectives, ""])}>
                {t("needs.addObjective")}
              </button>
            </div>
          ) : null}
        </fieldset>
        <div className={styles.grid2}>
          <SelectField name="currentLevel" label={t("needs.currentLevel")} value={currentLevel} onChange={(e) => setCurrentLevel(e.target.value as TNeedsLevel)} options={levelOptions} errors={fields.currentLevel} />
          <SelectField name="targetLevel" label={t("needs.targetLevel")} value={targetLevel} onChange={(e) => setTargetLevel(e.target.value as TNeedsLevel)} options={levelOptions} errors={fields.targetLevel} />
        </div>
        <TextareaField name="context" label={t("needs.context")} hint={t("needs.contextHint")} value={context} onChange={(e) => setContext(e.target.value)} required maxLength={5000} rows={4} errors={fields.context} />
        <SelectField
          name="fundingSource"
          label={t("needs.funding")}
          value={funding}
          onChange={(e) => setFunding(e.target.value as TFundingSource | "")}
          errors={fields.fundingSource}
          options={[{ value: "", label: t("needs.fundingNone") }, ...FUNDING_SOURCES.map((v) => ({ value: v, label: t(`needs.funding_${v}`) }))]}
        />
        <div className="form-actions">
          <SubmitButton pending={create.isPending} label={t("needs.analyse")} disabled={!companyId || !objectives.some((o) => o.trim()) || !context.trim()} />
        </div>
      </form>
      {create.data ? (
        <section className="card" aria-live="polite" aria-labelledby="needs-result">
          <h2 id="needs-result">{t("needs.result")}</h2>
          <AnalysisResult recommendations={create.data.data.recommendations} gapAnalysis={create.data.data.gapAnalysis} />
        </section>
      ) : null}
    </div>
  );
}
