"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { errorMessage } from "@/lib/api-error";
import { LOCALES, toLocale } from "@/lib/i18n/config";
import { useI18n, useSetLocale } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SubmitButton } from "@/components/ui/submit-button";

/** Notification preferences and language (users.updatePreferences); the language also switches the UI. */
export function PreferencesForm() {
  const { t, locale } = useI18n();
  const setLocale = useSetLocale();
  const trpc = useTRPC();
  const me = useMe();
  const [notifications, setNotifications] = useState(me.preferences.notifications);
  const [language, setLanguage] = useState(toLocale(me.locale));
  const mutation = useMutation(
    trpc.users.updatePreferences.mutationOptions({
      onSuccess: ({ data }) => {
        const saved = toLocale(data.locale);
        if (saved !== locale) setLocale(saved);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate({ notifications, locale: language });
  }

  const toggle = (key: keyof typeof notifications, label: string) => (
    <label className="checkbox">
      <input type="checkbox" checked={notifications[key]} onChange={(e) => setNotifications((n) => ({ ...n, [key]: e.target.checked }))} />
      <span>{label}</span>
    </label>
  );

  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="card-title">
        {t("profile.preferences")}
      </h2>
      <form className="form" onSubmit={onSubmit}>
        {mutation.isSuccess ? <Alert kind="success">{t("common.saved")}</Alert> : null}
        {mutation.isError ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
        <fieldset>
          <legend>{t("profile.notifications")}</legend>
          {toggle("email", t("profile.notifyEmail"))}
          {toggle("push", t("profile.notifyPush"))}
          {toggle("weeklyDigest", t("profile.notifyDigest"))}
        </fieldset>
        <SelectField
          name="locale"
          label={t("profile.language")}
          value={language}
          onChange={(e) => setLanguage(toLocale(e.target.value))}
          options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
        <div className="form-actions">
          <SubmitButton pending={mutation.isPending} label={t("profile.savePreferences")} />
        </div>
      </form>
    </section>
  );
}
