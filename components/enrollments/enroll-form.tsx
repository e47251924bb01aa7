"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { categoryOptions, financingOptions, type FinancingSource, type TraineeCategory } from "./bpf-options";
import { MemberPicker, type PickedMember } from "./member-picker";
import { useCourseOptions } from "./use-course-options";
import { DialogFormActions } from "@/components/ui/dialog";

export type EnrollDone = { learner: string; course: string };

/** One enrollment (enrollments.create, FREE): a published course, a member, the optional BPF fields. */
export function EnrollForm({ onDone, onCancel }: { onDone: (done: EnrollDone) => void; onCancel: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const { courses } = useCourseOptions(false);
  const [courseId, setCourseId] = useState("");
  const [member, setMember] = useState<PickedMember | null>(null);
  const [category, setCategory] = useState("");
  const [financing, setFinancing] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useMutation(trpc.enrollments.create.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Record<string, string[]> = {};
    if (!courseId) next.courseId = [t("errors.required")];
    if (!member) next.userId = [t("errors.required")];
    setErrors(next);
    if (next.courseId || next.userId) return;
    try {
      await create.mutateAsync({
        courseId,
        userId: member!.id,
        paymentMethod: "FREE",
        ...(category ? { traineeCategory: category as TraineeCategory } : {}),
        ...(financing ? { financingSource: financing as FinancingSource } : {}),
      });
      onDone({ learner: member!.name || member!.email, course: courses.find((c) => c.id === courseId)?.title ?? "" });
    } catch (e) {
      setErrors(errorInfo(e).fields);
    }
  }

  const status = errorInfo(create.error).status;
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <SelectField
        name="courseId"
        label={t("learnEnroll.course")}
        value={courseId}
        errors={errors.courseId}
        onChange={(e) => setCourseId(e.target.value)}
        options={[{ value: "", label: t("learnEnroll.chooseCourse") }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
      />
      <MemberPicker value={member} onChange={setMember} errors={errors.userId} />
      <div className="form-row">
        <SelectField name="traineeCategory" label={t("learnEnroll.traineeCategory")} value={category} onChange={(e) => setCategory(e.target.value)} options={categoryOptions(t)} />
        <SelectField name="financingSource" label={t("learnEnroll.financingSource")} value={financing} onChange={(e) => setFinancing(e.target.value)} options={financingOptions(t)} />
      </div>
      <div aria-live="polite">{create.isError ? <Alert kind="error">{status === 409 ? t("learnEnroll.alreadyEnrolled") : errorMessage(create.error, t)}</Alert> : null}</div>
      <DialogFormActions onCancel={onCancel} submitLabel={t("learnEnroll.submit")} busy={create.isPending} busyLabel={t("learnEnroll.submitting")} />
    </form>
  );
}
