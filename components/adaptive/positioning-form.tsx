"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./adaptive.module.css";

const POSITIONING_COST = 25;
const STEPS = ["adaptive.stepCredits", "adaptive.stepWriting", "adaptive.stepSaving"] as const;

/** Shows which step of a running generation the user is waiting on (time-based: the request is one call). */
function useSteps(running: boolean) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!running) {
      setStep(0);
      return;
    }
    const timers = [window.setTimeout(() => setStep(1), 400), window.setTimeout(() => setStep(2), 1500)];
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [running]);
  return step;
}

/** The positioning-quiz generation form (25 credits), with its steps while it runs and a link to the result. */
export function PositioningForm({ courseId, readOnly }: { courseId: string; readOnly: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [count, setCount] = useState("10");
  const [mix, setMix] = useState({ easy: "40", medium: "40", hard: "20" });
  const [topics, setTopics] = useState("");
  const generate = useMutation(
    trpc.adaptivePaths.generatePositioningQuiz.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(),
    }),
  );
  const step = useSteps(generate.isPending);
  const total = Number(mix.easy || 0) + Number(mix.medium || 0) + Number(mix.hard || 0);
  const fields = generate.isError ? errorInfo(generate.error).fields : {};

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    generate.mutate({
      courseId,
      questionCount: Number(count),
      difficultyMix: { easy: Number(mix.easy || 0) / 100, medium: Number(mix.medium || 0) / 100, hard: Number(mix.hard || 0) / 100 },
      topics: topics
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean),
    });
  };

  return (
    <section className="card" aria-labelledby="positioning-title">
      <h2 id="positioning-title" className="card-title">
        {t("adaptive.positioningTitle")}
      </h2>
      <p className="muted">{t("adaptive.positioningIntro", { cost: POSITIONING_COST })}</p>
      <form onSubmit={onSubmit} className={styles.form} aria-busy={generate.isPending}>
        <div className={styles.grid}>
          <TextField name="questionCount" type="number" min={1} max={50} label={t("adaptive.questionCount")} value={count} onChange={(e) => setCount(e.target.value)} errors={fields.questionCount} required />
          {(["easy", "medium", "hard"] as const).map((k) => (
            <TextField key={k} name={k} type="number" min={0} max={100} label={t(`adaptive.${k}`)} value={mix[k]} onChange={(e) => setMix({ ...mix, [k]: e.target.value })} />
          ))}
        </div>
        <p className={total === 100 ? "muted" : styles.warning} aria-live="polite">
          {t("adaptive.mixTotal", { total })}
        </p>
        {fields.difficultyMix ? <Alert kind="error">{fields.difficultyMix.join(" ")}</Alert> : null}
        <TextareaField name="topics" label={t("adaptive.topics")} value={topics} onChange={(e) => setTopics(e.target.value)} rows={3} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={readOnly || generate.isPending || total !== 100}>
            {t("adaptive.generate", { cost: POSITIONING_COST })}
          </button>
        </div>
      </form>
      {generate.isPending ? (
        <ol className={styles.steps} role="status" aria-live="polite">
          {STEPS.map((key, i) => (
            <li key={key} data-state={i < step ? "done" : i === step ? "current" : "todo"} aria-current={i === step ? "step" : undefined}>
              {t(key)}
            </li>
          ))}
        </ol>
      ) : null}
      {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
      {generate.isSuccess ? (
        <Alert kind="success">
          {t("adaptive.generated", { count: generate.data.data.questionCount, credits: generate.data.data.creditsConsumed })}{" "}
          <a href={`/courses/${courseId}?tab=quizzes#${generate.data.data.questionnaireId}`}>{t("adaptive.openQuestionnaire")}</a>
        </Alert>
      ) : null}
    </section>
  );
}
