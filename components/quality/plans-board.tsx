"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PLAN_STATUSES, PLAN_TRIGGERS } from "@/server/contracts/improvement-plans";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { PlanDetail } from "./plan-detail";
import styles from "./quality.module.css";

type Trigger = (typeof PLAN_TRIGGERS)[number];

/** Improvement plans as a board by status; each plan opens on its actions (add, complete), its moves and its closure with a report. */
export function PlansBoard({ initialOpenId = null }: { initialOpenId?: string | null }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [trigger, setTrigger] = useState<Trigger>("AUDIT");
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const list = useQuery(trpc.improvementPlans.list.queryOptions({ page: 1, perPage: 100 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.improvementPlans.list.queryKey() });
  const create = useMutation(
    trpc.improvementPlans.create.mutationOptions({
      onSuccess: async () => {
        setTitle("");
        await refresh();
      },
    }),
  );

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title, trigger });
  };
  if (list.isPending) return <Loading shape="cards" />;
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  return (
    <>
      <form className={`card ${styles.row}`} onSubmit={onCreate} aria-label={t("quality.newPlan")}>
        <TextField name="title" label={t("quality.planTitle")} value={title} onChange={(e) => setTitle(e.target.value)} required />
        <SelectField
          name="trigger"
          label={t("quality.trigger")}
          value={trigger}
          onChange={(e) => setTrigger(e.target.value as Trigger)}
          options={PLAN_TRIGGERS.map((v) => ({ value: v, label: t(`quality.trigger_${v}`) }))}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !title.trim()}>
          {t("quality.create")}
        </button>
      </form>
      {create.isError ? <Alert kind="error">{errorMessage(create.error, t)}</Alert> : null}
      <div className={styles.board} aria-label={t("quality.plansLabel")}>
        {PLAN_STATUSES.map((s) => {
          const plans = list.data.data.filter((p) => p.status === s);
          return (
            <section key={s} className={styles.column} data-testid={`plans-${s}`}>
              <h2>
                {t(`quality.planStatus_${s}`)} ({plans.length})
              </h2>
              {plans.length === 0 ? <p className="muted">{t("quality.noPlans")}</p> : null}
              <ul className={styles.cards}>
                {plans.map((p) => (
                  <li key={p.id} className={`card ${styles.card}`}>
                    <h3>{p.title}</h3>
                    <div className={styles.badges}>
                      <span className="badge">{t(`quality.trigger_${p.trigger}`)}</span>
                      <span className="badge">{t("quality.actions", { done: p.actionsCompleted, count: p.actionsCount })}</span>
                    </div>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpenId(p.id)}>
                      {t("quality.open")}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {openId ? <PlanDetail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} /> : null}
    </>
  );
}
