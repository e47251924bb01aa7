"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "../ai.module.css";

/** Jobs whose end was already reported: the course is refreshed once per job, even if this component remounts. */
const reported = new Set<string>();

/**
 * The progress of a background AI job (GET /ai/jobs/{id}) while the creator waits: polled every
 * second until it is COMPLETED or FAILED, then `onFinished` refreshes the course.
 */
export function AiJobProgress({ jobId, onFinished }: { jobId: string; onFinished: () => void | Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const job = useQuery({
    ...trpc.ai.job.queryOptions({ id: jobId }),
    refetchInterval: (q) => {
      const state = q.state.data?.data.state;
      return state === "COMPLETED" || state === "FAILED" ? false : 1000;
    },
  });
  const data = job.data?.data;
  const finished = data?.state === "COMPLETED" || data?.state === "FAILED";
  useEffect(() => {
    if (!finished || reported.has(jobId)) return;
    reported.add(jobId);
    void onFinished();
  }, [finished, jobId, onFinished]);

  if (!data) return <p className="muted">{t("creatorAi.jobLoading")}</p>;
  const label = t(`creatorAi.job${data.state}`, { written: data.lessonsWritten, total: data.lessonsTotal });
  return (
    <div className={styles.aiJob}>
      <progress max={Math.max(data.lessonsTotal, 1)} value={data.lessonsWritten} aria-label={t("creatorAi.jobProgressLabel")} />
      <p role="status" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
