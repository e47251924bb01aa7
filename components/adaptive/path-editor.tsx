"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ADAPTIVE_AUDIENCES, UNLOCK_CONDITIONS, type ZAdaptivePath } from "@/server/contracts/adaptive-paths";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./adaptive.module.css";

type Path = z.infer<typeof ZAdaptivePath>;
type Audience = (typeof ADAPTIVE_AUDIENCES)[number];
type Unlock = (typeof UNLOCK_CONDITIONS)[number];
type Row = { lessonId: string; value: string };
type ChainRow = { courseId: string; order: string; mandatory: boolean; unlock: Unlock | "" };

/**
 * Create or edit one definition. Score rules pick lessons of this course (rules: skip when the
 * score is above; extra lessons: add when at or below); a module chain picks courses of the
 * catalogue in order. The server's field errors (`rules.0.lessonId`) show under their field.
 */
export function PathEditor({
  courseId,
  variant,
  path,
  lessons,
  onDone,
  onCancel,
}: {
  courseId: string;
  variant: Path["variant"];
  path?: Path;
  lessons: { id: string; title: string }[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [name, setName] = useState(path?.name ?? "");
  const [description, setDescription] = useState(path?.description ?? "");
  const [rules, setRules] = useState<Row[]>(path?.variant === "SCORE_RULES" ? path.rules.map((r) => ({ lessonId: r.lessonId, value: String(r.skipIfScoreAbove) })) : []);
  const [extras, setExtras] = useState<Row[]>(path?.variant === "SCORE_RULES" ? path.extraLessons.map((r) => ({ lessonId: r.lessonId, value: String(r.triggerScore) })) : []);
  const [audience, setAudience] = useState<Audience>(path?.variant === "MODULE_CHAIN" ? path.targetAudience : "BEGINNER");
  const [chain, setChain] = useState<ChainRow[]>(
    path?.variant === "MODULE_CHAIN"
      ? path.modules.map((m) => ({ courseId: m.courseId, order: String(m.order), mandatory: m.mandatory, unlock: m.unlockCondition ?? "" }))
      : [{ courseId, order: "1", mandatory: true, unlock: "" }],
  );
  const [prerequisite, setPrerequisite] = useState(path?.variant === "MODULE_CHAIN" ? (path.prerequisiteAssessmentId ?? "") : "");
  const catalogue = useQuery({ ...trpc.courses.list.queryOptions({ page: 1, perPage: 100 }), enabled: variant === "MODULE_CHAIN" });
  const questionnaires = useQuery({ ...trpc.courseContent.listQuestionnaires.queryOptions({ id: courseId }), enabled: variant === "MODULE_CHAIN" });
  const create = useMutation(trpc.adaptivePaths.create.mutationOptions({ onSuccess: onDone }));
  const update = useMutation(trpc.adaptivePaths.update.mutationOptions({ onSuccess: onDone }));
  const mutation = path ? update : create;
  const fields = mutation.isError ? errorInfo(mutation.error).fields : {};

  const lessonOptions = [{ value: "", label: "—" }, ...lessons.map((l) => ({ value: l.id, label: l.title }))];
  const courseOptions = [{ value: "", label: "—" }, ...(catalogue.data?.data ?? []).map((c) => ({ value: c.id, label: c.title }))];
  if (!courseOptions.some((o) => o.value === courseId)) courseOptions.push({ value: courseId, label: t("adaptive.course") });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const common = { name, description: description.trim() ? description : undefined };
    if (variant === "SCORE_RULES") {
      const body = {
        rules: rules.map((r) => ({ lessonId: r.lessonId, skipIfScoreAbove: Number(r.value) })),
        extraLessons: extras.map((r) => ({ lessonId: r.lessonId, triggerScore: Number(r.value) })),
      };
      if (path) update.mutate({ id: path.id, ...common, description: description.trim() ? description : null, ...body });
      else create.mutate({ ...common, baseCourseId: courseId, ...body });
    } else {
      const body = {
        targetAudience: audience,
        modules: chain.map((m) => ({ courseId: m.courseId, order: Number(m.order), mandatory: m.mandatory, ...(m.unlock ? { unlockCondition: m.unlock } : {}) })),
      };
      if (path) update.mutate({ id: path.id, ...common, description: description.trim() ? description : null, ...body, prerequisiteAssessmentId: prerequisite || null });
      else create.mutate({ ...common, ...body, ...(prerequisite ? { prerequisiteAssessmentId: prerequisite } : {}) });
    }
  };

  const rowsEditor = (kind: "rules" | "extraLessons", list: Row[], set: (rows: Row[]) => void) => (
    <fieldset className={styles.fieldset}>
      <legend>{t(kind === "rules" ? "adaptive.rules" : "adaptive.extras")}</legend>
      <p className="muted">{t(kind === "rules" ? "adaptive.rulesHelp" : "adaptive.extrasHelp")}</p>
      {list.map((row, i) => (
        <div key={i} className={styles.row}>
          <SelectField
            name={`${kind}.${i}.lessonId`}
            label={t("adaptive.lesson")}
            value={row.lessonId}
            options={lessonOptions}
            errors={fields[`${kind}.${i}.lessonId`]}
            onChange={(e) => set(list.map((r, j) => (j === i ? { ...r, lessonId: e.target.value } : r)))}
            required
          />
          <TextField
            name={`${kind}.${i}.value`}
            type="number"
            min={0}
            max={100}
            label={t(kind === "rules" ? "adaptive.skipAbove" : "adaptive.triggerAt")}
            value={row.value}
            errors={fields[`${kind}.${i}.${kind === "rules" ? "skipIfScoreAbove" : "triggerScore"}`]}
            onChange={(e) => set(list.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
            required
          />
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => set(list.filter((_, j) => j !== i))}>
            {t("adaptive.remove")}
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => set([...list, { lessonId: "", value: kind === "rules" ? "70" : "40" }])}>
        {t(kind === "rules" ? "adaptive.addRule" : "adaptive.addExtra")}
      </button>
    </fieldset>
  );

  return (
    <form className={`card ${styles.form}`} onSubmit={onSubmit} aria-label={path ? path.name : t(variant === "SCORE_RULES" ? "adaptive.newScoreRules" : "adaptive.newChain")}>
      <h3>{path ? path.name : t(variant === "SCORE_RULES" ? "adaptive.newScoreRules" : "adaptive.newChain")}</h3>
      <TextField name="name" label={t("adaptive.name")} value={name} onChange={(e) => setName(e.target.value)} errors={fields.name} required maxLength={200} />
      <TextareaField name="description" label={t("adaptive.description")} value={description} onChange={(e) => setDescription(e.target.value)} errors={fields.description} rows={2} />
      {variant === "SCORE_RULES" ? (
        <>
          {fields.baseCourseId ? <Alert kind="error">{fields.baseCourseId.join(" ")}</Alert> : null}
          {rowsEditor("rules", rules, setRules)}
          {rowsEditor("extraLessons", extras, setExtras)}
        </>
      ) : (
        <>
          <SelectField
            name="targetAudience"
            label={t("adaptive.targetAudience")}
            value={audience}
            onChange={(e) => setAudience(e.target.value as Audience)}
            options={ADAPTIVE_AUDIENCES.map((a) => ({ value: a, label: t(`adaptive.audience_${a}`) }))}
          />
          <fieldset className={styles.fieldset}>
            <legend>{t("adaptive.chainCourses")}</legend>
            {chain.map((m, i) => (
              <div key={i} className={styles.row}>
                <SelectField
                  name={`modules.${i}.courseId`}
                  label={t("adaptive.course")}
                  value={m.courseId}
                  options={courseOptions}
                  errors={fields[`modules.${i}.courseId`]}
                  onChange={(e) => setChain(chain.map((r, j) => (j === i ? { ...r, courseId: e.target.value } : r)))}
                  required
                />
                <TextField name={`modules.${i}.order`} type="number" min={0} label={t("adaptive.order")} value={m.order} onChange={(e) => setChain(chain.map((r, j) => (j === i ? { ...r, order: e.target.value } : r)))} required />
                <SelectField
                  name={`modules.${i}.unlockCondition`}
                  label={t("adaptive.unlock")}
                  value={m.unlock}
                  options={[{ value: "", label: t("adaptive.unlock_NONE") }, ...UNLOCK_CONDITIONS.map((u) => ({ value: u, label: t(`adaptive.unlock_${u}`) }))]}
                  onChange={(e) => setChain(chain.map((r, j) => (j === i ? { ...r, unlock: e.target.value as Unlock | "" } : r)))}
                />
                <label className={styles.check}>
                  <input type="checkbox" checked={m.mandatory} onChange={(e) => setChain(chain.map((r, j) => (j === i ? { ...r, mandatory: e.target.checked } : r)))} /> {t("adaptive.mandatory")}
                </label>
                <button type="button" className="btn btn-secondary btn-sm" disabled={chain.length === 1} onClick={() => setChain(chain.filter((_, j) => j !== i))}>
                  {t("adaptive.remove")}
                </button>
              </div>
            ))}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setChain([...chain, { courseId: "", order: String(chain.length + 1), mandatory: false, unlock: "" }])}>
              {t("adaptive.addCourse")}
            </button>
          </fieldset>
          <SelectField
            name="prerequisiteAssessmentId"
            label={t("adaptive.prerequisite")}
            value={prerequisite}
            errors={fields.prerequisiteAssessmentId}
            onChange={(e) => setPrerequisite(e.target.value)}
            options={[{ value: "", label: t("adaptive.prerequisiteNone") }, ...(questionnaires.data?.data ?? []).map((q) => ({ value: q.id, label: q.title }))]}
          />
        </>
      )}
      {mutation.isError ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <div className="form-actions">
        <SubmitButton pending={mutation.isPending} label={path ? t("adaptive.saveChanges") : t("adaptive.create")} />
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
