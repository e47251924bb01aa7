"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import type { TSeoFields } from "@/server/contracts/ai";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { CourseDetail } from "../course-types";
import { AiActionCard } from "./ai-action-card";
import { AiJobProgress } from "./ai-job-progress";
import { FaqResult, SeoResult } from "./ai-results";
import { VariantOptions, type AiAudience } from "./ai-variant-options";
import { useAiRun, type AiOp } from "./use-ai-run";
import styles from "../ai.module.css";

/**
 * The AI helpers. Each shows its cost (GET /ai/estimates) and the tenant's balance, asks for a
 * confirmation naming both, then runs; 402 (credits short) is said plainly.
 */
export function AiPanel({ course, readOnly, onChanged }: { course: CourseDetail; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const id = useId();
  const estimates = useQuery(trpc.ai.estimates.queryOptions({ courseId: course.id }));
  const faq = useMutation(trpc.ai.generateFaq.mutationOptions());
  const seo = useMutation(trpc.ai.generateSeo.mutationOptions());
  const variant = useMutation(trpc.ai.createVariant.mutationOptions());
  const enrich = useMutation(trpc.ai.enrichDraft.mutationOptions());
  const all = useMutation(trpc.ai.generateAllContent.mutationOptions());
  const update = useMutation(trpc.courses.update.mutationOptions());
  const [audience, setAudience] = useState<AiAudience>("BEGINNER");
  const [instructions, setInstructions] = useState("");
  const [onlyEmpty, setOnlyEmpty] = useState(true);
  const [allJobId, setAllJobId] = useState<string | null>(null);

  const balance = estimates.data?.data.balance ?? null;
  const costs = estimates.data?.data.costs;
  const cost: Record<AiOp, number | null> = {
    faq: costs?.generateFaq ?? null,
    seo: costs?.generateSeo ?? null,
    variant: costs?.createVariant ?? null,
    enrich: costs?.enrichDraft ?? null,
    all: costs ? (onlyEmpty ? costs.generateAllContentOnlyEmpty : costs.generateAllContentAll) : null,
  };
  const names: Record<AiOp, string> = {
    faq: t("creatorAi.faqName"),
    seo: t("creatorAi.seoName"),
    variant: t("creatorAi.variantName"),
    enrich: t("creatorAi.enrichName"),
    all: t("creatorAi.allName"),
  };
  const { run, outcome, succeeded } = useAiRun({ cost, balance, names });

  async function applySeo(fields: TSeoFields) {
    await update.mutateAsync({ id: course.id, seoMetadata: { ...course.seoMetadata, metaTitle: fields.metaTitle, metaDescription: fields.metaDescription, keywords: fields.keywords } });
    succeeded("seo", t("creatorAi.seoApplied"));
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
          <VariantOptions id={id} audience={audience} instructions={instructions} disabled={disabled} onAudience={setAudience} onInstructions={setInstructions} />
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
