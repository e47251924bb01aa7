"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TSurvey, TSurveyQuestion } from "@/server/contracts/surveys";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useTenantTimeZone } from "@/components/tenant-context";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n, useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import styles from "./surveys.module.css";

type Answer = { questionId: string; choiceIds?: string[]; text?: string };

/** The error states of a survey link, worded from the error code. */
const STATES: Record<string, [MessageKey, MessageKey]> = {
  SURVEY_TOKEN_EXPIRED: ["surveyForm.expiredTitle", "surveyForm.expiredBody"],
  SURVEY_ALREADY_ANSWERED: ["surveyForm.answeredTitle", "surveyForm.answeredBody"],
  SURVEY_TOKEN_INVALID: ["surveyForm.invalidTitle", "surveyForm.invalidBody"],
  SURVEY_NOT_FOUND: ["surveyForm.notFoundTitle", "surveyForm.notFoundBody"],
};

function StateMessage({ code, fallback }: { code: string | null; fallback?: string }) {
  const t = useT();
  const [title, body] = (code && STATES[code]) || STATES.SURVEY_NOT_FOUND!;
  return (
    <div role="status" className="stack">
      <h1>{t(title)}</h1>
      <p>{code && STATES[code] ? t(body) : (fallback ?? t(body))}</p>
    </div>
  );
}

/** The public survey (no sign-in): one fieldset per question, radios and checkboxes with labels, large targets for a phone. */
export function SurveyForm({ token }: { token: string }) {
  const t = useT();
  const trpc = useTRPC();
  const survey = useQuery({ ...trpc.surveys.get.queryOptions({ token }), retry: false, refetchOnWindowFocus: false, enabled: token.length >= 10 });
  if (token.length < 10) return <StateMessage code="SURVEY_TOKEN_INVALID" />;
  if (survey.isPending) return <p aria-busy="true">{t("surveyForm.loading")}</p>;
  if (survey.isError) return <StateMessage code={errorInfo(survey.error).code} fallback={errorMessage(survey.error, t)} />;
  return <Questions token={token} survey={survey.data.data} />;
}

function Questions({ token, survey }: { token: string; survey: TSurvey }) {
  const t = useT();
  const { locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const respond = useMutation(trpc.surveys.respond.mutationOptions());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const answers: Answer[] = [];
    const unanswered = new Set<string>();
    for (const q of survey.questions) {
      if (q.kind === "FREE_TEXT") {
        const text = String(data.get(q.id) ?? "").trim();
        if (text) answers.push({ questionId: q.id, text });
        continue;
      }
      const choiceIds = data.getAll(q.id).map(String);
      if (choiceIds.length) answers.push({ questionId: q.id, choiceIds });
      else if (q.required) unanswered.add(q.id);
    }
    setMissing(unanswered);
    if (unanswered.size) {
      document.getElementById(`q-${[...unanswered][0]}`)?.focus();
      return;
    }
    respond.mutate({ token, answers });
  }

  /** An answer clears its question's "required" error at once. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!missing.has(name)) return;
    const next = new Set(missing);
    next.delete(name);
    setMissing(next);
  }

  if (respond.isSuccess) {
    return (
      <div role="status" className="stack">
        <h1>{t("surveyForm.thanksTitle")}</h1>
        <p>{t("surveyForm.thanksBody")}</p>
      </div>
    );
  }
  const code = respond.isError ? errorInfo(respond.error).code : null;
  if (code && STATES[code]) return <StateMessage code={code} />;

  const expires = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", { timeZone, day: "numeric", month: "long", year: "numeric" }).format(new Date(survey.expiresAt));
  return (
    <form className="form" onSubmit={onSubmit} onChange={onChange} noValidate aria-labelledby="survey-title">
      <div className="stack">
        <h1 id="survey-title">{survey.title}</h1>
        <p>{t("surveyForm.hello", { name: survey.firstName })}</p>
        <p>{t(survey.kind === "FOLLOW_UP" ? "surveyForm.introFollowUp" : "surveyForm.introEnd", { course: survey.courseTitle })}</p>
        <p className="muted">{t("surveyForm.requiredNote")}</p>
      </div>
      {missing.size ? <Alert kind="error">{t("surveyForm.fixErrors")}</Alert> : null}
      {respond.isError ? <Alert kind="error">{errorMessage(respond.error, t)}</Alert> : null}
      {survey.questions.map((q, i) => (
        <QuestionField key={q.id} index={i + 1} question={q} missing={missing.has(q.id)} />
      ))}
      <p className="muted">{t("surveyForm.expiresOn", { date: expires })}</p>
      <SubmitButton pending={respond.isPending} label={t("surveyForm.submit")} />
    </form>
  );
}

function QuestionField({ question: q, index, missing }: { question: TSurveyQuestion; index: number; missing: boolean }) {
  const t = useT();
  const errorId = `q-${q.id}-error`;
  const legend = (
    <legend id={`q-${q.id}`} tabIndex={-1}>
      {index}. {q.prompt}
      {q.required ? (
        <span aria-hidden="true"> *</span>
      ) : (
        <span className="muted"> ({t("surveyForm.optional")})</span>
      )}
      {q.required ? <span className="visually-hidden"> ({t("surveyForm.required")})</span> : null}
    </legend>
  );
  if (q.kind === "FREE_TEXT") {
    return (
      <fieldset className={styles.question}>
        {legend}
        <textarea className={styles.textarea} name={q.id} aria-labelledby={`q-${q.id}`} maxLength={5000} rows={4} placeholder={t("surveyForm.textPlaceholder")} />
      </fieldset>
    );
  }
  const type = q.kind === "MULTIPLE_CHOICE" ? "checkbox" : "radio";
  return (
    <fieldset
      className={`${styles.question} ${missing ? styles.questionError : ""}`}
      aria-invalid={missing || undefined}
      aria-describedby={missing ? errorId : undefined}
    >
      {legend}
      <div className={q.rating ? styles.rating : styles.choices}>
        {q.choices.map((c) => (
          <label key={c.id} className={styles.choice}>
            <input type={type} name={q.id} value={c.id} />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {q.rating ? (
        <div className={styles.scale} aria-hidden="true">
          <span>
            {q.rating.min} = {t("surveyForm.ratingLow")}
          </span>
          <span>
            {q.rating.max} = {t("surveyForm.ratingHigh")}
          </span>
        </div>
      ) : null}
      {missing ? (
        <p id={errorId} className={styles.fieldError}>
          {t("surveyForm.answerRequired")}
        </p>
      ) : null}
    </fieldset>
  );
}
