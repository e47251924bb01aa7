"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { MAIL_PROVIDERS, type TMailConfig, type TMailProvider } from "@/server/contracts/mail-config";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, type FieldErrors } from "@/lib/form-errors";
import { useI18n, useT } from "@/lib/i18n/client";
import { formatDate } from "@/components/learn/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { TechnicalError } from "@/components/ui/technical-error";
import { useTRPC } from "@/lib/trpc";
import styles from "./mail-settings.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

const OAUTH: Partial<Record<TMailProvider, "google" | "microsoft">> = { GOOGLE: "google", MICROSOFT: "microsoft" };

/** "Paramètres e-mail": ADMIN the tenant-level configuration, CREATOR their own (mailConfig.*). */
export function MailSettings() {
  const t = useT();
  const me = useMe();
  const allowed = me.role === "ADMIN" || me.role === "CREATOR";
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.mailConfig.get.queryOptions({}), enabled: allowed });
  // The editor starts afresh only after a deletion: saving a first configuration keeps it mounted, with its "saved" message.
  const [generation, setGeneration] = useState(0);
  if (!allowed) {
    return (
      <>
        <h1>{t("mailSettings.title")}</h1>
        <Alert kind="error">{t("mailSettings.forbidden")}</Alert>
      </>
    );
  }
  const isTenant = me.role === "ADMIN";
  return (
    <>
      <div className="page-header">
        <h1>{t("mailSettings.title")}</h1>
      </div>
      <div className="stack">
        <OAuthOutcome />
        <p className="muted">{isTenant ? t("mailSettings.introTenant") : t("mailSettings.introCreator")}</p>
        <Alert kind="info">{isTenant ? t("mailSettings.fallbackTenant") : t("mailSettings.fallback")}</Alert>
        {query.isPending ? <Loading /> : query.isError ? <Alert kind="error">{errorMessage(query.error, t)}</Alert> : <ConfigEditor key={generation} config={query.data.data} onRemoved={() => setGeneration((g) => g + 1)} />}
      </div>
    </>
  );
}

/** The result of the OAuth round trip (?mail=connected or ?mail=error&reason=...). */
function OAuthOutcome() {
  const t = useT();
  const params = useSearchParams();
  const outcome = params.get("mail");
  if (outcome === "connected") return <Alert kind="success">{t("mailSettings.oauthConnected", { provider: params.get("provider") === "microsoft" ? "Microsoft" : "Google" })}</Alert>;
  if (outcome === "error") return <Alert kind="error">{t("mailSettings.oauthError", { reason: params.get("reason") ?? "?" })}</Alert>;
  return null;
}

function StatusCard({ config }: { config: TMailConfig }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const oauth = OAUTH[config.provider];
  return (
    <section className="card" aria-labelledby="mail-status-title">
      <h2 id="mail-status-title" className="card-title">
        {t("mailSettings.status")}
      </h2>
      <ul className={styles.status}>
        <li>
          <span className={`badge ${config.verified ? styles.ok : styles.warn}`}>{config.verified ? t("mailSettings.verified") : t("mailSettings.notVerified")}</span>
          {config.verifiedAt ? <span className="muted"> {t("mailSettings.verifiedAt", { date: formatDate(config.verifiedAt, locale, timeZone, true) })}</span> : null}
        </li>
        <li>{t(`mailProviders.${config.provider}`)}{config.fromEmail ? ` — ${config.fromEmail}` : ""}</li>
        <li>{oauth ? (config.oauthConnected ? t("mailSettings.connected") : t("mailSettings.notConnected")) : config.hasCredentials ? t("mailSettings.credentialsStored") : t("mailSettings.noCredentials")}</li>
        {config.lastError ? (
          <li className={styles.error}>
            {t("mailSettings.lastError")} <TechnicalError cause={config.lastErrorCause ?? "MAIL_PROVIDER_ERROR"} detail={config.lastError} />
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function ConfigEditor({ config, onRemoved }: { config: TMailConfig | null; onRemoved: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<TMailProvider>(config?.provider ?? "SMTP");
  const [fields, setFields] = useState<FieldErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** Secrets are write-only: emptied once saved (the status card says they are stored). */
  const clearSecrets = () => {
    for (const name of ["smtpPassword", "apiKey"]) {
      const input = form.current?.elements.namedItem(name) as HTMLInputElement | null;
      if (input) input.value = "";
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.mailConfig.get.queryKey() });

  const save = useMutation(
    trpc.mailConfig.upsert.mutationOptions({
      onError: (e) => setFields(errorInfo(e).fields),
      onSuccess: () => {
        clearSecrets();
        void refresh();
      },
    }),
  );
  const test = useMutation(trpc.mailConfig.test.mutationOptions({ onSettled: () => void refresh() }));
  const remove = useMutation(trpc.mailConfig.delete.mutationOptions({ onSuccess: () => { setConfirmDelete(false); void refresh().then(onRemoved); } }));
  const authorize = useMutation(trpc.mailConfig.authorize.mutationOptions({ onSuccess: (r) => window.location.assign(r.data.authorizeUrl) }));

  const oauth = OAUTH[provider];
  const savedProvider = config?.provider === provider;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const v = formValues(event.currentTarget);
    setFields({});
    test.reset();
    const secure = (event.currentTarget.elements.namedItem("smtpSecure") as HTMLInputElement | null)?.checked ?? false;
    save.mutate({
      provider,
      fromName: v.fromName ?? "",
      ...(v.fromEmail ? { fromEmail: v.fromEmail } : {}),
      ...(provider === "SMTP"
        ? { smtp: { host: v.smtpHost ?? "", port: Number(v.smtpPort) || 0, secure, ...(v.smtpUser ? { user: v.smtpUser } : {}), ...(v.smtpPassword ? { password: v.smtpPassword } : {}) } }
        : {}),
      ...(provider === "RESEND" && v.apiKey ? { apiKey: v.apiKey } : {}),
    });
  }
  const err = (k: string) => fields[k] ?? fields[`smtp.${k}`];

  return (
    <>
      {config ? <StatusCard config={config} /> : <p>{t("mailSettings.none")}</p>}
      <section className="card" aria-labelledby="mail-form-title">
        <h2 id="mail-form-title" className="card-title">
          {t("mailSettings.formTitle")}
        </h2>
        <form ref={form} className="form" onSubmit={onSubmit} noValidate>
          {save.isSuccess ? <Alert kind="success">{t("mailSettings.saved")}</Alert> : null}
          {save.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(save.error, t)}</Alert> : null}
          <SelectField
            name="provider"
            label={t("mailSettings.provider")}
            value={provider}
            onChange={(e) => setProvider(e.target.value as TMailProvider)}
            options={MAIL_PROVIDERS.map((p) => ({ value: p, label: t(`mailProviders.${p}`) }))}
            errors={fields.provider}
          />
          <div className="form-row">
            <TextField name="fromName" label={t("mailSettings.fromName")} defaultValue={config?.fromName ?? ""} optionalLabel={t("common.optional")} errors={fields.fromName} />
            <TextField
              name="fromEmail"
              type="email"
              label={t("mailSettings.fromEmail")}
              defaultValue={config?.fromEmail ?? ""}
              hint={oauth ? t("mailSettings.fromEmailOAuth") : undefined}
              optionalLabel={oauth ? t("common.optional") : undefined}
              errors={fields.fromEmail}
              autoComplete="email"
            />
          </div>
          {provider === "SMTP" ? (
            <>
              <div className="form-row">
                <TextField name="smtpHost" label={t("mailSettings.smtpHost")} defaultValue={config?.smtp?.host ?? ""} errors={err("host")} required />
                <TextField name="smtpPort" type="number" inputMode="numeric" label={t("mailSettings.smtpPort")} defaultValue={String(config?.smtp?.port ?? 587)} errors={err("port")} required />
              </div>
              <label className={styles.checkbox}>
                <input type="checkbox" name="smtpSecure" defaultChecked={config?.smtp?.secure ?? false} /> {t("mailSettings.smtpSecure")}
              </label>
              <div className="form-row">
                <TextField name="smtpUser" label={t("mailSettings.smtpUser")} defaultValue={config?.smtp?.user ?? ""} optionalLabel={t("common.optional")} errors={err("user")} autoComplete="off" />
                <TextField
                  name="smtpPassword"
                  type="password"
                  label={t("mailSettings.smtpPassword")}
                  hint={savedProvider && config?.hasCredentials ? t("mailSettings.secretKept") : undefined}
                  optionalLabel={t("common.optional")}
                  errors={err("password")}
                  autoComplete="new-password"
                />
              </div>
            </>
          ) : null}
          {provider === "RESEND" ? (
            <TextField name="apiKey" type="password" label={t("mailSettings.apiKey")} hint={savedProvider && config?.hasCredentials ? t("mailSettings.secretKept") : undefined} errors={fields.apiKey} autoComplete="off" />
          ) : null}
          {oauth ? <p className="muted">{t("mailSettings.connectHint")}</p> : null}
          <div className="form-actions">
            <SubmitButton pending={save.isPending} label={t("mailSettings.save")} />
            {oauth && savedProvider ? (
              <button type="button" className="btn btn-secondary" disabled={authorize.isPending} onClick={() => authorize.mutate({ provider: oauth })}>
                {authorize.isPending ? t("mailSettings.connecting") : config?.oauthConnected ? t("mailSettings.reconnect") : oauth === "google" ? t("mailSettings.connectGoogle") : t("mailSettings.connectMicrosoft")}
              </button>
            ) : null}
          </div>
          {authorize.isError ? <Alert kind="error">{errorMessage(authorize.error, t)}</Alert> : null}
        </form>
      </section>
      {config ? (
        <section className="card" aria-labelledby="mail-actions-title">
          <h2 id="mail-actions-title" className="card-title">
            {t("mailSettings.test")}
          </h2>
          <div className="stack">
          {test.isSuccess ? <Alert kind="success">{t("mailSettings.testSent")}</Alert> : null}
          {test.isError ? (
            <Alert kind="error">
              {config.lastError && errorInfo(test.error).code === "MAIL_TEST_FAILED" ? (
                <>
                  {t("mailSettings.testFailed")} <TechnicalError cause={config.lastErrorCause ?? "MAIL_PROVIDER_ERROR"} detail={config.lastError} />
                </>
              ) : (
                errorMessage(test.error, t)
              )}
            </Alert>
          ) : null}
          {remove.isError ? <Alert kind="error">{errorMessage(remove.error, t)}</Alert> : null}
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" disabled={test.isPending} onClick={() => test.mutate({ id: config.id })}>
              {test.isPending ? t("mailSettings.testing") : t("mailSettings.test")}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
              {t("mailSettings.delete")}
            </button>
          </div>
          </div>
          <ConfirmDialog
            open={confirmDelete}
            title={t("mailSettings.deleteConfirmTitle")}
            message={t("mailSettings.deleteConfirm")}
            confirmLabel={t("mailSettings.delete")}
            danger
            busy={remove.isPending}
            onConfirm={() => remove.mutate({ id: config.id })}
            onCancel={() => setConfirmDelete(false)}
          />
        </section>
      ) : null}
    </>
  );
}
