"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { COMPLAINT_CATEGORIES, COMPLAINT_CHANNELS, COMPLAINT_SEVERITIES, DEFAULT_COMPLAINT_SEVERITY, ZCreateComplaintInput } from "@/server/contracts/complaints";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

const RECEIVED_CHANNELS = COMPLAINT_CHANNELS.filter((c) => c !== "WEB");
const ZRecordInput = ZCreateComplaintInput.pick({ channel: true, receivedAt: true, complainantUserId: true, name: true, email: true, phone: true, subject: true, category: true, severity: true, description: true });

/**
 * ADMIN: records a complaint received by phone, e-mail, letter or in person (POST /complaints with
 * channel): the day received, the complainant typed or one of the tenant's learners, the severity.
 * `onRecorded` gets the new complaint's id and the message to show (its reference).
 */
export function ComplaintRecord({ onClose, onRecorded }: { onClose: () => void; onRecorded: (id: string, message: string) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<FieldErrors>({});
  const learners = useQuery(trpc.users.list.queryOptions({ page: 1, limit: 100, role: "LEARNER", status: "ACTIVE" }));
  const record = useMutation(
    trpc.complaints.create.mutationOptions({
      onError: (e) => setFields(errorInfo(e).fields),
      onSuccess: async (res, input) => {
        await queryClient.invalidateQueries({ queryKey: trpc.complaints.list.queryKey() });
        const { id, reference, acknowledged } = res.data;
        onRecorded(id, acknowledged && input.email ? t("quality.recordedAck", { reference, email: input.email }) : t("quality.recorded", { reference }));
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRecordInput.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    record.mutate(parsed.data);
  }

  return (
    <Dialog open onClose={onClose} wide title={t("quality.recordTitle")}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="muted">{t("quality.recordIntro")}</p>
        {record.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(record.error, t)}</Alert> : null}
        <SelectField name="channel" label={t("quality.channel")} defaultValue="PHONE" options={RECEIVED_CHANNELS.map((c) => ({ value: c, label: t(`quality.channel_${c}`) }))} errors={fields.channel} />
        <TextField name="receivedAt" type="date" label={t("quality.receivedAt")} optionalLabel={t("common.optional")} errors={fields.receivedAt} />
        <SelectField
          name="complainantUserId"
          label={t("quality.complainantLearner")}
          options={[{ value: "", label: t("quality.complainantTyped") }, ...(learners.data?.data ?? []).map((u) => ({ value: u.id, label: `${`${u.firstName} ${u.lastName}`.trim() || u.email} (${u.email})` }))]}
          errors={fields.complainantUserId}
        />
        <TextField name="name" label={t("quality.complainantName")} autoComplete="off" optionalLabel={t("common.optional")} errors={fields.name} />
        <TextField name="email" type="email" label={t("quality.complainantEmail")} autoComplete="off" optionalLabel={t("common.optional")} errors={fields.email} />
        <TextField name="phone" type="tel" label={t("quality.complainantPhone")} autoComplete="off" optionalLabel={t("common.optional")} errors={fields.phone} />
        <TextField name="subject" label={t("complaintForm.subject")} maxLength={200} required errors={fields.subject} />
        <SelectField name="category" label={t("complaintForm.category")} options={COMPLAINT_CATEGORIES.map((v) => ({ value: v, label: t(`quality.category_${v}`) }))} errors={fields.category} />
        <SelectField
          name="severity"
          label={t("quality.severity")}
          defaultValue={DEFAULT_COMPLAINT_SEVERITY}
          hint={t("quality.severityHint")}
          options={COMPLAINT_SEVERITIES.map((v) => ({ value: v, label: t(`quality.severity_${v}`) }))}
          errors={fields.severity}
        />
        <TextareaField name="description" label={t("complaintForm.description")} rows={5} maxLength={5000} required errors={fields.description} />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={record.isPending}>
            {t("quality.recordSubmit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
