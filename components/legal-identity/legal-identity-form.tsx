"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { FieldFrame } from "@/components/ui/field-frame";
import { SelectField } from "@/components/ui/select-field";
import { SettingsPage, SettingsSaveBar, SettingsSection, SettingsStack, SettingsStatus, settingsFileRow, settingsFull, settingsImage } from "@/components/ui/settings-form";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import { FACTURX_PROFILES, VAT_REGIMES, type TLegalIdentity, type TUpdateLegalIdentityInput, type TVatRegime, type TFacturxProfile } from "@/server/contracts/legal-identity";
import styles from "./legal-identity.module.css";

/** The free-text fields of the form (everything but the selects and the payment terms). */
const TEXT_FIELDS = [
  "legalName",
  "legalForm",
  "siren",
  "siret",
  "rcs",
  "shareCapital",
  "nafCode",
  "nda",
  "ndaRegion",
  "addressLine1",
  "addressLine2",
  "postalCode",
  "city",
  "country",
  "email",
  "phone",
  "vatNumber",
  "iban",
  "bic",
  "invoicePrefix",
  "directorName",
  "directorRole",
  "signatoryName",
  "signatoryRole",
] as const;
type TextKey = (typeof TEXT_FIELDS)[number];
type Draft = Record<TextKey, string> & { vatRegime: TVatRegime; facturxProfile: TFacturxProfile; paymentTermsDays: string; signatureImage: string; vatOnDebits: boolean };

const draftOf = (v: TLegalIdentity): Draft => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, v[k] ?? ""])) as Record<TextKey, string>),
  vatRegime: v.vatRegime,
  facturxProfile: v.facturxProfile,
  paymentTermsDays: String(v.paymentTermsDays),
  signatureImage: v.signatureImage ?? "",
  vatOnDebits: v.vatOnDebits,
});

/** Only the fields that changed are sent; an emptied field is sent as null (cleared). */
function patchOf(d: Draft, saved: Draft): TUpdateLegalIdentityInput {
  const patch: Record<string, unknown> = {};
  for (const k of TEXT_FIELDS) {
    if (d[k] === saved[k]) continue;
    const v = d[k].trim();
    patch[k] = k === "invoicePrefix" || k === "country" ? v : v || null;
  }
  if (d.vatRegime !== saved.vatRegime) patch.vatRegime = d.vatRegime;
  if (d.facturxProfile !== saved.facturxProfile) patch.facturxProfile = d.facturxProfile;
  if (d.vatOnDebits !== saved.vatOnDebits) patch.vatOnDebits = d.vatOnDebits;
  if (d.paymentTermsDays !== saved.paymentTermsDays) patch.paymentTermsDays = Number(d.paymentTermsDays);
  if (d.signatureImage !== saved.signatureImage) patch.signatureImage = d.signatureImage || null;
  return patch as TUpdateLegalIdentityInput;
}

/** /settings/legal: ADMIN edits the organisation's legal identity; a FINANCIER reads it. */
export function LegalIdentitySettings() {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const allowed = me.role === "ADMIN" || me.role === "FINANCIER";
  const query = useQuery({ ...trpc.legalIdentity.get.queryOptions({}), enabled: allowed });
  // Kept here: a save remounts the form (keyed by updatedAt) with the values as stored.
  const [saved, setSaved] = useState(false);
  return (
    <SettingsPage title={t("legalIdentity.title")} intro={t("legalIdentity.intro")} forbidden={allowed ? undefined : t("legalIdentity.forbidden")}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <Alert kind="error">{errorMessage(query.error, t)}</Alert> : null}
      <SettingsStatus message={saved ? t("legalIdentity.saved") : null} />
      {query.data ? (
        <LegalIdentityForm key={query.data.data.updatedAt ?? "defaults"} identity={query.data.data} readOnly={me.role !== "ADMIN"} onSaved={() => setSaved(true)} onEdit={() => setSaved(false)} />
      ) : null}
    </SettingsPage>
  );
}

function LegalIdentityForm({ identity, readOnly, onSaved, onEdit }: { identity: TLegalIdentity; readOnly: boolean; onSaved: () => void; onEdit: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = draftOf(identity);
  const [d, setD] = useState<Draft>(saved);
  const save = useMutation(
    trpc.legalIdentity.update.mutationOptions({
      onSuccess: async (res) => {
        onSaved();
        queryClient.setQueryData(trpc.legalIdentity.get.queryKey({}), res);
      },
    }),
  );
  const fields = save.error ? errorInfo(save.error).fields : {};
  const hasFieldErrors = Object.keys(fields).length > 0;
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    onEdit();
    setD({ ...d, [k]: e.target.value });
  };
  const text = (k: TextKey, extra: { hint?: string; inputMode?: "numeric" | "email" | "tel"; type?: string; autoComplete?: string; maxLength?: number } = {}) => (
    <TextField name={k} label={t(`legalIdentity.${k}` as MessageKey)} value={d[k]} onChange={set(k)} errors={fields[k]} readOnly={readOnly} {...extra} />
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(patchOf(d, saved));
  };
  const example = `${d.invoicePrefix || "FAC"}-${new Date().getFullYear()}-000001`;
  const missing = identity.completeness.map((f) => t(`legalIdentity.${f}` as MessageKey)).join(", ");
  return (
    <SettingsStack onSubmit={onSubmit} describedBy="legal-completeness">
      {readOnly ? <Alert kind="info">{t("legalIdentity.readOnly")}</Alert> : null}
      <div id="legal-completeness">
        {identity.completeness.length ? <Alert kind="info">{t("legalIdentity.incomplete", { fields: missing })}</Alert> : <Alert kind="success">{t("legalIdentity.complete")}</Alert>}
      </div>
      {save.isError ? <Alert kind="error">{hasFieldErrors ? t("legalIdentity.fieldErrors") : errorMessage(save.error, t)}</Alert> : null}

      <SettingsSection grid title={t("legalIdentity.sectionIdentity")} id="legal-identity">
        {text("legalName", { autoComplete: "organization" })}
        {text("legalForm", { hint: t("legalIdentity.legalFormHint") })}
        {text("siren", { hint: t("legalIdentity.sirenHint"), inputMode: "numeric" })}
        {text("siret", { hint: t("legalIdentity.siretHint"), inputMode: "numeric" })}
        {text("rcs", { hint: t("legalIdentity.rcsHint") })}
        {text("shareCapital")}
        {text("nafCode", { hint: t("legalIdentity.nafHint") })}
        {text("nda", { hint: t("legalIdentity.ndaHint"), inputMode: "numeric" })}
        {text("ndaRegion")}
      </SettingsSection>

      <SettingsSection grid title={t("legalIdentity.sectionAddress")} id="legal-address">
        {text("addressLine1", { autoComplete: "address-line1" })}
        {text("addressLine2", { autoComplete: "address-line2" })}
        {text("postalCode", { autoComplete: "postal-code" })}
        {text("city", { autoComplete: "address-level2" })}
        {text("country", { maxLength: 2, autoComplete: "country" })}
        {text("email", { type: "email", autoComplete: "email" })}
        {text("phone", { type: "tel", autoComplete: "tel" })}
      </SettingsSection>

      <SettingsSection grid title={t("legalIdentity.sectionVat")} id="legal-vat">
        <SelectField
          name="vatRegime"
          label={t("legalIdentity.vatRegime")}
          value={d.vatRegime}
          onChange={set("vatRegime")}
          errors={fields.vatRegime}
          disabled={readOnly}
          options={VAT_REGIMES.map((r) => ({ value: r, label: t(`legalIdentity.vatRegime_${r}`) }))}
        />
        {text("vatNumber", { hint: t("legalIdentity.vatNumberHint") })}
        {identity.vatExemptionMention && d.vatRegime === "EXEMPT_261_4_4A" ? (
          <p className={`muted ${settingsFull}`}>{t("legalIdentity.mention", { mention: identity.vatExemptionMention })}</p>
        ) : null}
        <div className={`field ${settingsFull}`}>
          <label className="checkbox">
            <input
              type="checkbox"
              name="vatOnDebits"
              checked={d.vatOnDebits}
              disabled={readOnly}
              onChange={(e) => {
                onEdit();
                setD({ ...d, vatOnDebits: e.target.checked });
              }}
              aria-describedby="vat-on-debits-hint"
            />
            <span>{t("legalIdentity.vatOnDebits")}</span>
          </label>
          <p id="vat-on-debits-hint" className="field-hint">
            {t("legalIdentity.vatOnDebitsHint")}
          </p>
          {fields.vatOnDebits ? <p className="field-error">{fields.vatOnDebits.join(" ")}</p> : null}
        </div>
        {text("iban", { autoComplete: "off" })}
        {text("bic", { autoComplete: "off" })}
        {text("invoicePrefix", { hint: t("legalIdentity.invoicePrefixHint", { example }), maxLength: 10 })}
        <TextField
          name="paymentTermsDays"
          type="number"
          min={0}
          max={90}
          inputMode="numeric"
          label={t("legalIdentity.paymentTermsDays")}
          hint={t("legalIdentity.paymentTermsHint")}
          value={d.paymentTermsDays}
          onChange={set("paymentTermsDays")}
          errors={fields.paymentTermsDays}
          readOnly={readOnly}
        />
        <SelectField
          name="facturxProfile"
          label={t("legalIdentity.facturxProfile")}
          value={d.facturxProfile}
          onChange={set("facturxProfile")}
          errors={fields.facturxProfile}
          disabled={readOnly}
          options={FACTURX_PROFILES.map((p) => ({ value: p, label: p }))}
        />
      </SettingsSection>

      <SettingsSection grid title={t("legalIdentity.sectionDirector")} id="legal-director">
        {text("directorName", { autoComplete: "name" })}
        {text("directorRole")}
      </SettingsSection>

      <SettingsSection grid title={t("legalIdentity.sectionSignatory")} id="legal-signatory">
        <p className={`muted ${settingsFull}`}>{t("legalIdentity.signatoryIntro")}</p>
        {text("signatoryName", { autoComplete: "name" })}
        {text("signatoryRole")}
        <SignatureImageField
          value={d.signatureImage}
          readOnly={readOnly}
          errors={fields.signatureImage}
          onChange={(v) => {
            onEdit();
            setD({ ...d, signatureImage: v });
          }}
        />
      </SettingsSection>

      {readOnly ? null : <SettingsSaveBar pending={save.isPending} label={t("legalIdentity.save")} />}
    </SettingsStack>
  );
}

/** The signature image: a PNG or JPEG chosen from a file, kept as a data URL (sent only when changed). */
function SignatureImageField({ value, readOnly, errors, onChange }: { value: string; readOnly: boolean; errors?: string[]; onChange: (v: string) => void }) {
  const t = useT();
  const [tooLarge, setTooLarge] = useState(false);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setTooLarge(file.size > 200_000);
    if (file.size > 200_000) return;
    const reader = new FileReader();
    reader.onload = () => onChange(typeof reader.result === "string" ? reader.result : "");
    reader.readAsDataURL(file);
  };
  const problems = [...(tooLarge ? [t("legalIdentity.signatureImageTooLarge")] : []), ...(errors ?? [])];
  return (
    <FieldFrame
      label={t("legalIdentity.signatureImage")}
      hint={t("legalIdentity.signatureImageHint")}
      errors={problems.length ? problems : undefined}
      className={settingsFull}
      fieldId="signatureImage"
      after={
        value ? (
          <img src={value} alt={t("legalIdentity.signatureImageAlt")} className={`${settingsImage} ${styles.signature}`} />
        ) : (
          <p className="muted">{t("legalIdentity.signatureImageNone")}</p>
        )
      }
    >
      {(aria) => (
        <div className={settingsFileRow}>
          <input {...aria} name="signatureImage" type="file" accept="image/png,image/jpeg" disabled={readOnly} onChange={onFile} />
          {value && !readOnly ? (
            <button type="button" className="btn btn-secondary" onClick={() => onChange("")}>
              {t("legalIdentity.signatureImageRemove")}
            </button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

