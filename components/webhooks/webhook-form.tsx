"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { WEBHOOK_EVENT_NAMES, ZCreateWebhookInput, type TWebhook, type TWebhookCreated } from "@/server/contracts/webhooks";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./webhooks.module.css";

type Props = { open: boolean; webhook?: TWebhook; onClose: () => void; onCreated: (w: TWebhookCreated) => void; onUpdated: () => void };

/** Register (webhooks.create) or edit (webhooks.update) a webhook: URL, description, events among the 14. */
export function WebhookFormDialog({ open, webhook, onClose, onCreated, onUpdated }: Props) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={webhook ? t("webhooks.editTitle") : t("webhooks.registerTitle")} wide>
      {open ? <WebhookForm webhook={webhook} onCancel={onClose} onCreated={onCreated} onUpdated={onUpdated} /> : null}
    </Dialog>
  );
}

function WebhookForm({ webhook, onCancel, onCreated, onUpdated }: Omit<Props, "open" | "onClose"> & { onCancel: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const onError = (e: unknown) => setFields(errorInfo(e).fields);
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onError }));
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onError }));
  const mutation = webhook ? update : create;
  const all = events.length === WEBHOOK_EVENT_NAMES.length;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events };
    const parsed = ZCreateWebhookInput.safeParse(values);
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, ...parsed.data });
        onUpdated();
      } else {
        const { data } = await create.mutateAsync(parsed.data);
        onCreated(data);
      }
    } catch {
      // Shown below.
    }
  }

  const clearEventsError = () => setFields(({ events: _gone, ...rest }) => rest);
  const toggle = (name: string, on: boolean) => {
    clearEventsError();
    setEvents((cur) => (on ? [...new Set([...cur, name])] : cur.filter((n) => n !== name)));
  };
  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {mutation.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <TextField name="url" type="url" inputMode="url" label={t("webhooks.url")} hint={t("webhooks.urlHint")} defaultValue={webhook?.url} required autoComplete="off" errors={fields.url} />
      <TextField name="description" label={t("webhooks.description")} optionalLabel={t("common.optional")} defaultValue={webhook?.description} maxLength={500} errors={fields.description} />
      <fieldset aria-describedby={fields.events ? "webhook-events-error" : undefined}>
        <legend>{t("webhooks.events")}</legend>
        <label className={`checkbox ${styles.allEvents}`}>
          <input type="checkbox" checked={all} onChange={(e) => {
              clearEventsError();
              setEvents(e.target.checked ? [...WEBHOOK_EVENT_NAMES] : []);
            }} />
          <span>{t("webhooks.allEvents")}</span>
        </label>
        <div className={styles.eventGrid}>
          {WEBHOOK_EVENT_NAMES.map((name) => (
            <label key={name} className="checkbox">
              <input type="checkbox" name="events" value={name} checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
              <span>
                {t(`webhookEvents.${name}`)} <code className={styles.eventCode}>{name}</code>
              </span>
            </label>
          ))}
        </div>
        {fields.events ? (
          <p id="webhook-events-error" className="field-error">
            {fields.events.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <DialogFormActions onCancel={onCancel} submitLabel={webhook ? t("common.save") : t("webhooks.submitRegister")} busy={mutation.isPending} />
    </form>
  );
}
