"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { TTenant } from "@/server/contracts/tenants";
import { ZPlatformUpdateTenantInput } from "@/server/contracts/platform";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SubmitButton } from "@/components/ui/submit-button";

/** platform.updateTenant in a modal: name, display name and main colour. The form mounts at each opening, so it starts from the tenant's values. */
export function EditTenantDialog({ tenant, onClose, onSaved }: { tenant: TTenant | null; onClose: () => void; onSaved: (t: TTenant) => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (tenant && !dialog.open) dialog.showModal();
    if (!tenant && dialog.open) dialog.close();
  }, [tenant]);
  return (
    <dialog ref={ref} className="dialog dialog-wide" aria-labelledby="edit-tenant-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="edit-tenant-title">{t("platformTenants.editTitle")}</h2>
      {tenant ? <EditTenantForm key={tenant.id} tenant={tenant} onCancel={onClose} onSaved={onSaved} /> : null}
    </dialog>
  );
}

function EditTenantForm({ tenant, onCancel, onSaved }: { tenant: TTenant; onCancel: () => void; onSaved: (t: TTenant) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.platform.updateTenant.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const v = formValues(event.currentTarget);
    const parsed = ZPlatformUpdateTenantInput.safeParse({
      id: tenant.id,
      name: v.name ?? "",
      branding: { displayName: v.displayName?.trim() || null, primaryColor: v.primaryColor?.trim() || null },
    });
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    try {
      onSaved((await mutation.mutateAsync(parsed.data)).data);
    } catch {
      // Shown below.
    }
  }
  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {mutation.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
      <TextField name="name" label={t("platformTenants.name")} defaultValue={tenant.name} required errors={fields.name} />
      <TextField
        name="displayName"
        label={t("platformTenants.displayName")}
        hint={t("platformTenants.displayNameHint")}
        defaultValue={tenant.branding.displayName ?? ""}
        errors={fields["branding.displayName"]}
      />
      <TextField
        name="primaryColor"
        label={t("platformTenants.primaryColor")}
        hint={t("platformTenants.primaryColorHint")}
        defaultValue={tenant.branding.primaryColor ?? ""}
        autoCapitalize="none"
        spellCheck={false}
        errors={fields["branding.primaryColor"]}
      />
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <SubmitButton pending={mutation.isPending} label={t("common.save")} />
      </div>
    </form>
  );
}
