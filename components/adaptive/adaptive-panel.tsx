"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { ZAdaptivePath } from "@/server/contracts/adaptive-paths";
import { useConfirm } from "@/components/courses/builder/confirm-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { PathEditor } from "./path-editor";
import { PositioningForm } from "./positioning-form";
import styles from "./adaptive.module.css";

type Path = z.infer<typeof ZAdaptivePath>;
const LEARNER_PATH_COST = 30;

/**
 * The course builder's "Adaptive paths" tab (Qualiopi criterion 3): the positioning test, the
 * definitions concerning the course (score rules, module chains) with their editor, and the
 * learners' individual paths, generated per enrollment.
 */
export function AdaptivePanel({ courseId, readOnly }: { courseId: string; readOnly: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ variant: Path["variant"]; path?: Path } | null>(null);
  const list = useQuery(trpc.adaptivePaths.list.queryOptions({ courseId, page: 1, perPage: 100 }));
  const outline = useQuery(trpc.courseContent.listModules.queryOptions({ id: courseId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adaptivePaths.list.queryKey() });
  const remove = useMutation(trpc.adaptivePaths.delete.mutationOptions({ onSuccess: refresh }));
  const lessons = (outline.data?.data ?? []).flatMap((m) => m.lessons.map((l) => ({ id: l.id, title: `${m.title} › ${l.title}` })));
  const titleOf = (id: string) => lessons.find((l) => l.id === id)?.title ?? id;

  const onDelete = async (p: Path) => {
    if (await confirm({ title: p.name, message: t("adaptive.deleteConfirm"), confirmLabel: t("adaptive.delete"), danger: true })) remove.mutate({ id: p.id });
  };

  return (
    <div className={styles.panel}>
      <p className="muted">{t("adaptive.intro")}</p>
      <PositioningForm courseId={courseId} readOnly={readOnly} />

      <section className="card" aria-labelledby="adaptive-definitions">
        <h2 id="adaptive-definitions" className="card-title">
          {t("adaptive.definitionsTitle")}
        </h2>
        {list.isPending ? <Loading shape="cards" /> : null}
        {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
        {remove.isError ? <Alert kind="error">{errorMessage(remove.error, t)}</Alert> : null}
        {list.isSuccess && list.data.data.length === 0 ? <p className="muted">{t("adaptive.none")}</p> : null}
        <ul className={styles.list}>
          {(list.data?.data ?? []).map((p) => (
            <li key={p.id} className={styles.item}>
              <div>
                <h3 className={styles.itemTitle}>{p.name}</h3>
                <p className={styles.badges}>
                  <span className="badge">{t(`adaptive.variant_${p.variant}`)}</span>
                  {p.variant === "SCORE_RULES" ? (
                    <>
                      <span className="badge">{t("adaptive.summary", { rules: p.rules.length, extras: p.extraLessons.length })}</span>
                      <span className="badge">{t("adaptive.learnerPaths", { count: p.learnerPathsCount })}</span>
                    </>
                  ) : (
                    <span className="badge">{t("adaptive.chainSummary", { count: p.modules.length, audience: t(`adaptive.audience_${p.targetAudience}`) })}</span>
                  )}
                </p>
                {p.description ? <p className="muted">{p.description}</p> : null}
                {p.variant === "SCORE_RULES" ? (
                  <ul className={styles.rules}>
                    {p.rules.map((r) => (
                      <li key={`r-${r.lessonId}`}>
                        {t("adaptive.skipAbove")} {r.skipIfScoreAbove} : {titleOf(r.lessonId)}
                      </li>
                    ))}
                    {p.extraLessons.map((r) => (
                      <li key={`e-${r.lessonId}`}>
                        {t("adaptive.triggerAt")} {r.triggerScore} : {titleOf(r.lessonId)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              {readOnly ? null : (
                <div className={styles.actions}>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing({ variant: p.variant, path: p })}>
                    {t("adaptive.edit")}
                  </button>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void onDelete(p)} disabled={remove.isPending}>
                    {t("adaptive.delete")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
        {readOnly || editing ? null : (
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ variant: "SCORE_RULES" })}>
              {t("adaptive.newScoreRules")}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing({ variant: "MODULE_CHAIN" })}>
              {t("adaptive.newChain")}
            </button>
          </div>
        )}
        {editing ? (
          <PathEditor
            key={editing.path?.id ?? editing.variant}
            courseId={courseId}
            variant={editing.variant}
            path={editing.path}
            lessons={lessons}
            onDone={() => {
              setEditing(null);
              void refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </section>

      <LearnerPaths courseId={courseId} definitions={(list.data?.data ?? []).filter((p) => p.variant === "SCORE_RULES")} />
    </div>
  );
}

/** The course's enrollments, each with a button generating (or regenerating) its individual path. */
function LearnerPaths({ courseId, definitions }: { courseId: string; definitions: Path[] }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [definitionId, setDefinitionId] = useState("");
  const [done, setDone] = useState<Record<string, { score: number; skipped: number; extra: number }>>({});
  const enrollments = useQuery(trpc.enrollments.list.queryOptions({ courseId, page: 1, limit: 100 }));
  const generate = useMutation(
    trpc.adaptivePaths.generateLearnerPath.mutationOptions({
      onSuccess: async (res) => {
        setDone((d) => ({ ...d, [res.data.enrollmentId]: { score: res.data.positioningScore, skipped: res.data.skippedLessons.length, extra: res.data.extraLessons.length } }));
        await queryClient.invalidateQueries({ queryKey: trpc.adaptivePaths.list.queryKey() });
      },
    }),
  );
  if (definitions.length === 0) return null;
  return (
    <section className="card" aria-labelledby="adaptive-learners">
      <h2 id="adaptive-learners" className="card-title">
        {t("adaptive.learnersTitle")}
      </h2>
      <p className="muted">{t("adaptive.learnersIntro", { cost: LEARNER_PATH_COST })}</p>
      {definitions.length > 1 ? (
        <label className={styles.inline}>
          {t("adaptive.definitionsTitle")}{" "}
          <select className="select" value={definitionId} onChange={(e) => setDefinitionId(e.target.value)}>
            {definitions.map((d, i) => (
              <option key={d.id} value={i === 0 ? "" : d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
      {enrollments.isPending ? <Loading shape="cards" /> : null}
      {enrollments.isSuccess && enrollments.data.data.length === 0 ? <p className="muted">{t("adaptive.noLearners")}</p> : null}
      <ul className={styles.list}>
        {(enrollments.data?.data ?? []).map((e) => {
          const result = done[e.id];
          const running = generate.isPending && generate.variables?.id === e.id;
          return (
            <li key={e.id} className={styles.item}>
              <div>
                <strong>
                  {e.learner.firstName} {e.learner.lastName}
                </strong>
                <span className="muted"> · {e.progress.percentage} %</span>
                {result ? <p role="status">{t("adaptive.pathDone", result)}</p> : null}
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={generate.isPending}
                aria-busy={running}
                onClick={() => generate.mutate({ id: e.id, ...(definitionId ? { adaptivePathId: definitionId } : {}) })}
              >
                {running ? t("common.loading") : result ? t("adaptive.regeneratePath") : t("adaptive.generatePath")}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
