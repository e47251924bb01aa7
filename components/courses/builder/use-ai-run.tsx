"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { useConfirm } from "./confirm-context";

export type AiOp = "faq" | "seo" | "variant" | "enrich" | "all";
type Outcome = { kind: "success" | "error"; node: ReactNode };

/**
 * Runs a paid AI helper: asks for a confirmation naming its cost and the balance, runs it, keeps
 * its outcome (402, credits short, said plainly) and refreshes the estimates and the credits.
 */
export function useAiRun({ cost, balance, names }: { cost: Record<AiOp, number | null>; balance: number | null; names: Record<AiOp, string> }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [outcomes, setOutcomes] = useState<Partial<Record<AiOp, Outcome>>>({});

  async function run(op: AiOp, action: () => Promise<ReactNode>) {
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

  const outcome = (op: AiOp) => {
    const o = outcomes[op];
    return o ? <Alert kind={o.kind}>{o.node}</Alert> : null;
  };

  const succeeded = (op: AiOp, node: ReactNode) => setOutcomes((o) => ({ ...o, [op]: { kind: "success", node } }));

  return { run, outcome, succeeded };
}
