"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { centsToInput, inputToCents } from "@/components/courses/money";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { NSF_CODE_LIST, NSF_CODES } from "@/server/contracts/nsf";
import { TRAINING_OBJECTIVES } from "@/server/contracts/bpf";
import styles from "./bpf.module.css";

/**
 * The BPF's hand-entered inputs, each in the card the "À compléter" links point to: the year's
 * charges (frame D, #bpf-charges), each trainer's engagement (frame E, #bpf-trainers), each
 * course's objective and NSF code (F-3 and F-4, #bpf-courses). The figures change at the next
 * generate.
 */
export function BpfInputs({ year }: { year: number }) {
  const { t } = useI18n();
  return (
    <section className={styles.stack} aria-labelledby="bpf-inputs">
      <h2 id="bpf-inputs">{t("bpf.inputsTitle", { year })}</h2>
      <p className="muted">{t("bpf.inputsIntro")}</p>
      <ChargesCard key={year} year={year} />
      <TrainersCard />
      <CoursesCard />
    </section>
  );
}

function ChargesCard({ year }: { year: number }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const charges = useQuery(trpc.bpf.charges.queryOptions({ year }));
  const [saved, setSaved] = useState(false);
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const save = useMutation(
    trpc.bpf.setCharges.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries(trpc.bpf.charges.pathFilter());
      },
    }),
  );
  const fields = { ...(save.isError ? errorInfo(save.error).fields : {}), ...local };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    const read = (name: string) => inputToCents(String(data.get(name) ?? ""));
    const values = { totalCents: read("total"), trainerSalariesCents: read("salaries"), trainingPurchasesCents: read("purchases") };
    const errors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(values)) if (v === null) errors[k] = [t("bpf.amountInvalid")];
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate({ year, totalCents: values.totalCents!, trainerSalariesCents: values.trainerSalariesCents!, trainingPurchasesCents: values.trainingPurchasesCents! });
  };
  const d = charges.data?.data;
  return (
    <div className="card" id="bpf-charges" tabIndex={-1}>
      <h3>{t("bpf.chargesTitle", { year })}</h3>
      {charges.isPending ? <Loading /> : null}
      {charges.isError ? <Alert kind="error">{errorMessage(charges.error, t)}</Alert> : null}
      {charges.isSuccess ? (
        <form className={styles.stack} onSubmit={onSubmit} noValidate key={d?.updatedAt ?? "none"}>
          {!d ? <p>{t("bpf.chargesNone")}</p> : null}
          {saved ? <Alert kind="success">{t("bpf.chargesSaved")}</Alert> : null}
          {save.isError && !Object.keys(errorInfo(save.error).fields).length ? <Alert kind="error">{errorMessage(save.error, t)}</Alert> : null}
          <TextField name="total" label={t("bpf.chargesTotal")} inputMode="decimal" defaultValue={d ? centsToInput(d.totalCents) : ""} required errors={fields.totalCents} />
          <TextField name="salaries" label={t("bpf.chargesSalaries")} inputMode="decimal" defaultValue={d ? centsToInput(d.trainerSalariesCents) : ""} required errors={fields.trainerSalariesCents} />
          <TextField name="purchases" label={t("bpf.chargesPurchases")} inputMode="decimal" defaultValue={d ? centsToInput(d.trainingPurchasesCents) : ""} required errors={fields.trainingPurchasesCents} />
          <div>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {t("bpf.save")}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function TrainersCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.bpf.trainers.queryOptions({}));
  const save = useMutation(trpc.bpf.setTrainer.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.bpf.trainers.pathFilter()) }));
  return (
    <div className="card" id="bpf-trainers" tabIndex={-1}>
      <h3>{t("bpf.trainersTitle")}</h3>
      <p className="muted">{t("bpf.trainersIntro")}</p>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {save.isError ? <Alert kind="error">{errorMessage(save.error, t)}</Alert> : null}
      {list.data ? (
        <ul className={styles.inputList}>
          {list.data.data.map((tr) => (
            <li key={tr.userId}>
              <SelectField
                name={`engagement-${tr.userId}`}
                label={tr.name}
                value={tr.engagement ?? ""}
                disabled={save.isPending}
                onChange={(e) => e.target.value && save.mutate({ userId: tr.userId, engagement: e.target.value as "INTERNAL" | "EXTERNAL" })}
                options={[
                  ...(tr.engagement ? [] : [{ value: "", label: t("bpf.notEntered") }]),
                  { value: "INTERNAL", label: t("bpf.engagementINTERNAL") },
                  { value: "EXTERNAL", label: t("bpf.engagementEXTERNAL") },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CoursesCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const list = useQuery(trpc.bpf.courses.queryOptions({}));
  return (
    <div className="card" id="bpf-courses" tabIndex={-1}>
      <h3>{t("bpf.coursesTitle")}</h3>
      <p className="muted">{t("bpf.coursesIntro")}</p>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data ? (
        <ul className={styles.inputList}>
          {list.data.data.map((c) => (
            <CourseRow key={c.id} course={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type CourseClass = { id: string; title: string; certificationNumber: string | null; trainingObjective: (typeof TRAINING_OBJECTIVES)[number] | null; rncpLevel: number | null; nsfCode: string | null };

function CourseRow({ course }: { course: CourseClass }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [objective, setObjective] = useState<string>(course.trainingObjective ?? "");
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.bpf.setCourse.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries(trpc.bpf.courses.pathFilter());
      },
    }),
  );
  const fields = save.isError ? errorInfo(save.error).fields : {};
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    const level = String(data.get("rncpLevel") ?? "");
    const nsf = String(data.get("nsfCode") ?? "");
    save.mutate({
      courseId: course.id,
      trainingObjective: (objective || null) as CourseClass["trainingObjective"],
      rncpLevel: objective === "RNCP" && level ? Number(level) : null,
      nsfCode: nsf || null,
    });
  };
  const fromCertification = !course.trainingObjective && course.certificationNumber ? t("bpf.fromCertification", { number: course.certificationNumber }) : null;
  return (
    <li>
      <form className={styles.courseForm} onSubmit={onSubmit} noValidate aria-label={course.title}>
        <p className={styles.courseTitle}>
          <strong>{course.title}</strong>
          {fromCertification ? <span className="muted"> · {fromCertification}</span> : null}
        </p>
        <SelectField
          name="trainingObjective"
          label={t("bpf.objective")}
          value={objective}
          onChange={(e) => setObjective(e.target.value)}
          errors={fields.trainingObjective}
          options={[{ value: "", label: t("bpf.notEntered") }, ...TRAINING_OBJECTIVES.map((o) => ({ value: o, label: t(`bpf.objective_${o}`) }))]}
        />
        {objective === "RNCP" ? (
          <SelectField
            name="rncpLevel"
            label={t("bpf.rncpLevel")}
            defaultValue={course.rncpLevel ? String(course.rncpLevel) : ""}
            errors={fields.rncpLevel}
            options={[{ value: "", label: t("bpf.notEntered") }, ...[2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), label: String(n) }))]}
          />
        ) : null}
        <SelectField
          name="nsfCode"
          label={t("bpf.nsfCode")}
          defaultValue={course.nsfCode ?? ""}
          errors={fields.nsfCode}
          options={[{ value: "", label: t("bpf.notEntered") }, ...NSF_CODE_LIST.map((code) => ({ value: code, label: `${code} — ${NSF_CODES[code]}` }))]}
        />
        <div className={styles.row}>
          <button type="submit" className="btn btn-secondary btn-sm" disabled={save.isPending}>
            {t("bpf.save")}
          </button>
          {saved ? <span role="status">{t("bpf.saved")}</span> : null}
          {save.isError && !Object.keys(fields).length ? <span role="alert">{errorMessage(save.error, t)}</span> : null}
        </div>
      </form>
    </li>
  );
}
