"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ZCreateTenantInput } from "@/server/contracts/tenants";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SubmitButton } from "@/components/ui/submit-button";

type Created = { name: string; slug: string };

/** tenants.create (platform administrators): name, optional slug, OF mode, auth mode, optional admin invitation. The list of every tenant is TenantsAdmin's. */
export function CreateTenantForm({ tenantUrlTemplate }: { tenantUrlTemplate: string }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const [created, setCreated] = useState<Created | null>(null);
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.tenants.create.mutationOptions({
      onError: (e) => setFields(errorInfo(e).fields),
      // The new tenant appears at the top of the list of every tenant (TenantsAdmin).
      onSuccess: () => queryClient.invalidateQueries(trpc.platform.listTenants.pathFilter()),
    }),
  );
  const urlOf = (slug: string) => tenantUrlTemplate.replace("{slug}", slug);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const v = formValues(form);
    const adminParts = [v.adminEmail, v.adminFirstName, v.adminLastName];
    if (adminParts.some(Boolean) && !adminParts.every(Boolean)) {
      setFields({ admin: [t("platform.adminIncomplete")] });
      return;
    }
    const parsed = ZCreateTenantInput.safeParse({
      name: v.name ?? "",
      ...(v.slug ? { slug: v.slug } : {}),
      ofMode: v.ofMode === "on",
      authMode: v.authMode,
      ...(v.adminEmail ? { admin: { email: v.adminEmail, firstName: v.adminFirstName, lastName: v.adminLastName } } : {}),
    });
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    try {
      const { data } = await mutation.mutateAsync(parsed.data);
      setCreated({ name: data.name, slug: data.slug });
      form.reset();
    } catch {
      // Shown from mutation.error below.
    }
  }

  const last = mutation.isSuccess ? created : null;
  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="create-tenant-title">
        <h2 id="create-tenant-title" className="card-title">
          {t("platform.createTitle")}
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate>
          {last ? (
            <Alert kind="success">
              {t("platform.created", { name: last.name })} <a href={urlOf(last.slug)}>{t("platform.open", { url: urlOf(last.slug) })}</a>
            </Alert>
          ) : null}
          {mutation.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
          {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
          <div className="form-row">
            <TextField name="name" label={t("platform.name")} required errors={fields.name} />
            <TextField name="slug" label={t("platform.slug")} optionalLabel={t("common.optional")} hint={t("platform.slugHint")} autoCapitalize="none" spellCheck={false} errors={fields.slug} />
          </div>
          <div className="form-row">
            <SelectField
              name="authMode"
              label={t("platform.authMode")}
              defaultValue="PASSWORD"
              options={[
                { value: "PASSWORD", label: t("platform.authPassword") },
                { value: "HEADLESS", label: t("platform.authHeadless") },
              ]}
              errors={fields.authMode}
            />
            <label className="checkbox">
              <input type="checkbox" name="ofMode" defaultChecked />
              <span>{t("platform.ofMode")}</span>
            </label>
          </div>
          <fieldset aria-describedby="admin-hint">
            <legend>{t("platform.adminLegend")}</legend>
            <p id="admin-hint" className="field-hint">
              {t("platform.adminHint")}
            </p>
            {fields.admin ? <p className="field-error">{fields.admin.join(" ")}</p> : null}
            <TextField name="adminEmail" type="email" label={t("platform.adminEmail")} autoComplete="off" errors={fields["admin.email"]} />
            <div className="form-row">
              <TextField name="adminFirstName" label={t("platform.adminFirstName")} autoComplete="off" errors={fields["admin.firstName"]} />
              <TextField name="adminLastName" label={t("platform.adminLastName")} autoComplete="off" errors={fields["admin.lastName"]} />
            </div>
          </fieldset>
          <div className="form-actions">
            <SubmitButton pending={mutation.isPending} label={t("platform.submit")} />
          </div>
        </form>
      </section>
    </div>
  );
}
