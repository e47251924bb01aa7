"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type ReactNode } from "react";
import { AI_AUDIENCES, type TFaqItem, type TSeoFields } from "@/server/contracts/ai";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { CourseDetail } from "../course-types";
import { AiActionCard } from "./ai-action-card";
import { AiJobProgress } from "./ai-job-progress";
import { useConfirm } from "./confirm-context";
import styles from "../courses.module.css";

type Op = "faq" | "seo" | "variant" | "enrich" | "all";
type Outcome = { kind: "success" | "error"; node: ReactNode };

/**
 * The AI helpers. Each shows its cost (GET /ai/estimates) and the tenant's balance, asks for a
 * confirmation naming both, then runs; 402 (credits short) is said plainly.
 */
export function AiPanel({ course, readOnly, onChanged }: { course: CourseDetail; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const id = useId();
  const estimates = useQuery(trpc.ai.estimates.queryOptions({ courseId: course.id }));
  const faq = useMutation(trpc.ai.generateFaq.mutationOptions());
  const seo = useMutation(trpc.ai.generateSeo.mutationOptions());
  const variant = useMutation(trpc.ai.createVariant.mutationOptions());
  const enrich = useMutation(trpc.ai.enrichDraft.mutationOptions());
  const all = useMutation(trpc.ai.generateAllContent.mutationOptions());
  const update = useMutation(trpc.courses.update.mutationOptions());
  const [audience, setAudience] = useState<(typeof AI_AUDIENCES)[number]>("BEGINNER");
  const [instructions, setInstructions] = useState("");
  const [onlyEmpty, setOnlyEmpty] = useState(true);
  const [outcomes, setOutcomes] = useState<Partial<Record<Op, Outcome>>>({});
  const [allJobId, setAllJobId] = useState<string | null>(null);

  const balance = estimates.data?.data.balance ?? null;
  const costs = estimates.data?.data.costs;
  const cost: Record<Op, number | null> = {
    faq: costs?.generateFaq ?? null,
    seo: costs?.generateSeo ?? null,
    variant: costs?.createVariant ?? null,
    enrich: costs?.enrichDraft ?? null,
    all: costs ? (onlyEmpty ? costs.generateAllContentOnlyEmpty : costs.generateAllContentAll) : null,
  };
  const names: Record<Op, string> = {
    faq: t("creatorAi.faqName"),
    seo: t("creatorAi.seoName"),
    variant: t("creatorAi.variantName"),
    enrich: t("creatorAi.enrichName"),
    all: t("creatorAi.allName"),
  };

  async function run(op: Op, action: () => Promise<ReactNode>) {
    const price = cost[op];
    if (price === null || balance === null) return;
    const ok = await confirm({
      title: t("creatorAi.confirmTitle", { name: names[op] }),
      message: t("creatorAi.confirmMessage", { cost: price, balance, after: balance - price }),
      confirmLabel: t("creatorAi.confirmRun", { cost: price }),
    });
    if (!ok) return;
    setOutcomes((o) => ({ ...o, [op]: undefined }));
    try {
      const node = await action();
      setOutcomes((o) => ({ ...o, [op]: { kind: "success", node } }));
    } catch (e) {
      const text = errorInfo(e).status === 402 ? t("creatorAi.paymentRequired") : errorMessage(e, t);
      setOutcomes((o) => ({ ...o, [op]: { kind: "error", node: text } }));
    } finally {
      await queryClient.invalidateQueries(trpc.ai.estimates.pathFilter());
      await queryClient.invalidateQueries(trpc.ai.credits.pathFilter());
    }
  }

  const outcome = (op: Op) => {
    const o = outcomes[op];
    return o ? <Alert kind={o.kind}>{o.node}</Alert> : null;
  };

  async function applySeo(fields: TSeoFields) {
    await update.mutateAsync({ id: course.id, seoMetadata: { ...course.seoMetadata, metaTitle: fields.metaTitle, metaDescription: fields.metaDescription, keywords: fields.keywords } });
    setOutcomes((o) => ({ ...o, seo: { kind: "success", node: t("creatorAi.seoApplied") } }));
    await onChanged();
  }

  if (estimates.isError) return <Alert kind="error">{errorMessage(estimates.error, t)}</Alert>;
  const disabled = readOnly || estimates.isPending;
  return (
    <section className="stack" aria-labelledby="ai-title">
      <div className="panel-head">
        <div>
          <h2 id="ai-title">{t("creatorAi.title")}</h2>
          <p className="muted">{t("creatorAi.intro")}</p>
        </div>
        <p className={styles.aiBalance} role="status">
          {balance === null ? t("creatorAi.balanceLoading") : t("creatorAi.balance", { balance })}
        </p>
      </div>
      <div className={styles.aiGrid}>
        <AiActionCard
          id={`${id}-faq`}
          name={names.faq}
          body={t("creatorAi.faqBody")}
          cost={cost.faq}
          balance={balance}
          busy={faq.isPending}
          disabled={disabled}
          onRun={() => void run("faq", async () => <FaqResult items={(await faq.mutateAsync({ id: course.id })).data} />)}
          result={outcome("faq")}
        />
        <AiActionCard
          id={`${id}-seo`}
          name={names.seo}
          body={t("creatorAi.seoBody")}
          cost={cost.seo}
          balance={balance}
          busy={seo.isPending}
          disabled={disabled}
          onRun={() => void run("seo", async () => <SeoResult fields={(await seo.mutateAsync({ id: course.id })).data} onApply={applySeo} />)}
          result={outcome("seo")}
        />
        <AiActionCard
          id={`${id}-variant`}
          name={names.variant}
          body={t("creatorAi.variantBody")}
          cost={cost.variant}
          balance={balance}
          busy={variant.isPending}
          disabled={disabled}
          onRun={() =>
            void run("variant", async () => {
              const { data } = await variant.mutateAsync({ id: course.id, targetAudience: audience, ...(instructions.trim() ? { instructions: instructions.trim() } : {}) });
              return (
                <>
                  {t("creatorAi.variantDone", { title: data.title })} <Link href={`/courses/${data.id}`}>{t("creatorAi.openVariant")}</Link>
                </>
              );
            })
          }
          result={outcome("variant")}
        >
          <div className="form-row">
            <div className="field">
              <label htmlFor={`${id}-audience`}>{t("creatorAi.variantAudience")}</label>
              <select id={`${id}-audience`} className="select" value={audience} onChange={(e) => setAudience(e.target.value as typeof audience)} disabled={disabled}>
                {AI_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {t(`creatorEnums.${a}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-instructions`}>{t("creatorAi.variantInstructions")}</label>
            <textarea id={`${id}-instructions`} className="input input-prose" rows={2} maxLength={2000} value={instructions} onChange={(e) => setInstructions(e.target.value)} disabled={disabled} />
          </div>
        </AiActionCard>
        <AiActionCard
          id={`${id}-enrich`}
          name={names.enrich}
          body={t("creatorAi.enrichBody")}
          cost={cost.enrich}
          balance={balance}
          busy={enrich.isPending}
          disabled={disabled}
          onRun={() =>
            void run("enrich", async () => {
              const { data } = await enrich.mutateAsync({ courseId: course.id });
              await onChanged();
              return t("creatorAi.enrichDone", { lessons: data.lessonsGenerated, questionnaires: data.questionnairesGenerated, credits: data.creditsConsumed });
            })
          }
          result={outcome("enrich")}
        />
        <AiActionCard
          id={`${id}-all`}
          name={names.all}
          body={t("creatorAi.allBody")}
          cost={cost.all}
          balance={balance}
          busy={all.isPending}
          disabled={disabled}
          onRun={() =>
            void run("all", async () => {
              const { data } = await all.mutateAsync({ courseId: course.id, onlyEmpty });
              setAllJobId(data.jobId);
              await onChanged();
              return t("creatorAi.allDone", { enqueued: data.enqueued, skipped: data.skipped, cost: data.totalCost });
            })
          }
          result={
            <>
              {outcome("all")}
              {allJobId ? <AiJobProgress key={allJobId} jobId={allJobId} onFinished={onChanged} /> : null}
            </>
          }
        >
          <label className="checkbox">
            <input type="checkbox" checked={onlyEmpty} onChange={(e) => setOnlyEmpty(e.target.checked)} disabled={disabled} />
            <span>{t("creatorAi.onlyEmpty")}</span>
          </label>
        </AiActionCard>
      </div>
    </section>
  );
}

function FaqResult({ items }: { items: TFaqItem[] }) {
  const t = useT();
  return (
    <>
      <p className={styles.alertTitle}>{t("creatorAi.faqDone", { count: items.length })}</p>
      <dl className={styles.faqList}>
        {items.map((item, i) => (
          <div key={i}>
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function SeoResult({ fields, onApply }: { fields: TSeoFields; onApply: (fields: TSeoFields) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p className={styles.alertTitle}>{t("creatorAi.seoDone")}</p>
      <dl className={styles.seoList}>
        <dt>{t("creatorAi.metaTitle")}</dt>
        <dd>{fields.metaTitle}</dd>
        <dt>{t("creatorAi.metaDescription")}</dt>
        <dd>{fields.metaDescription}</dd>
        <dt>{t("creatorAi.keywords")}</dt>
        <dd>{fields.keywords.join(", ")}</dd>
      </dl>
      {error ? <p className="field-error">{error}</p> : null}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          onApply(fields)
            .catch((e: unknown) => setError(errorMessage(e, t)))
            .finally(() => setBusy(false));
        }}
      >
        {t("creatorAi.seoApply")}
      </button>
    </>
  );
}
