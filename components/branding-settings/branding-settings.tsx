"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { useTenant } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { BrandMark } from "@/components/ui/brand-mark";
import { FieldFrame } from "@/components/ui/field-frame";
import { Loading } from "@/components/ui/skeleton";
import { SettingsPage, SettingsSaveBar, SettingsSection, SettingsStack, SettingsStatus, settingsFileRow, settingsImage } from "@/components/ui/settings-form";
import { TextField } from "@/components/ui/text-field";
import { brandStyle, checkBrandingContrast, pageLogoSrc } from "@/lib/branding";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZSetTenantLogoInput } from "@/server/contracts/tenants";
import styles from "./branding-settings.module.css";

const DEFAULT_COLOUR = "#1d4ed8";
const HEX = /^#[0-9a-fA-F]{6}$/;
const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TYPES = ZSetTenantLogoInput.shape.mimeType.options;
type LogoType = (typeof LOGO_TYPES)[number];

type Branding = { displayName: string | null; primaryColor: string | null; logoUrl: string | null };

/** /settings/branding: a tenant ADMIN sets the display name, the primary colour (WCAG AA checked here and by the server) and the logo. */
export function BrandingSettings() {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const allowed = me.role === "ADMIN";
  const query = useQuery({ ...trpc.tenants.branding.queryOptions({}), enabled: allowed });
  return (
    <SettingsPage title={t("brandingSettings.title")} intro={t("brandingSettings.intro")} forbidden={allowed ? undefined : t("brandingSettings.forbidden")}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <Alert kind="error">{errorMessage(query.error, t)}</Alert> : null}
      {/* Not remounted on refetch: the fields keep what was typed and the notices stay; the logo follows the query. */}
      {query.data ? <BrandingForm branding={query.data.data} /> : null}
    </SettingsPage>
  );
}

function BrandingForm({ branding }: { branding: Branding }) {
  const t = useT();
  const trpc = useTRPC();
  const tenant = useTenant();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(branding.displayName ?? "");
  const [colour, setColour] = useState(branding.primaryColor ?? DEFAULT_COLOUR);
  const [notice, setNotice] = useState<string | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.tenants.branding.queryKey({}) });
    // The header, colours and logo come from the tenant layout (server): read it again.
    router.refresh();
  };
  const save = useMutation(trpc.tenants.update.mutationOptions({ onSuccess: async () => { setNotice(t("brandingSettings.saved")); await refresh(); } }));
  const setLogo = useMutation(trpc.tenants.setLogo.mutationOptions({ onSuccess: async () => { setNotice(t("brandingSettings.logoSaved")); await refresh(); } }));
  const removeLogo = useMutation(trpc.tenants.removeLogo.mutationOptions({ onSuccess: async () => { setNotice(t("brandingSettings.logoRemoved")); await refresh(); } }));

  const validHex = HEX.test(colour);
  const check = validHex ? checkBrandingContrast(colour) : null;
  const saveError = save.error ? errorInfo(save.error) : null;
  const serverFields = saveError?.fields ?? {};
  // The server's refusal of the colour (already in the user's language) goes under the colour field.
  const contrastRefused = saveError?.code === "BRANDING_CONTRAST_TOO_LOW";
  const colourErrors = [...(validHex ? [] : [t("brandingSettings.invalidColor")]), ...(contrastRefused ? [errorMessage(save.error, t)] : [])];
  const name = displayName.trim() || tenant.name;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!validHex) return;
    save.mutate({ id: tenant.id, branding: { displayName: displayName.trim() || null, primaryColor: colour.toLowerCase() } });
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    setNotice(null);
    setLogoProblem(null);
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setLogoProblem(t("brandingSettings.logoType"));
    if (file.size > LOGO_MAX_BYTES) return setLogoProblem(t("brandingSettings.logoTooLarge"));
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      setLogo.mutate({ mimeType: file.type as LogoType, dataBase64: url.slice(url.indexOf(",") + 1) });
    };
    reader.readAsDataURL(file);
  };
  const logoError = logoProblem ?? (setLogo.isError ? errorMessage(setLogo.error, t) : removeLogo.isError ? errorMessage(removeLogo.error, t) : null);

  return (
    <SettingsStack>
      <SettingsStatus message={notice} />
      <SettingsSection id="branding-identity" title={t("brandingSettings.sectionIdentity")} onSubmit={onSubmit}>
        {save.isError && !contrastRefused ? <Alert kind="error">{errorMessage(save.error, t)}</Alert> : null}
        <TextField
          name="displayName"
          label={t("brandingSettings.displayName")}
          hint={t("brandingSettings.displayNameHint")}
          value={displayName}
          maxLength={120}
          autoComplete="organization"
          onChange={(e) => setDisplayName(e.target.value)}
          errors={serverFields["branding.displayName"]}
        />
        <FieldFrame
          label={t("brandingSettings.primaryColor")}
          hint={t("brandingSettings.primaryColorHint")}
          errors={colourErrors.length ? colourErrors : undefined}
          fieldId="primaryColor"
          describedBy={["branding-contrast"]}
          after={
            <p id="branding-contrast" className={check?.ok ? styles.ok : styles.low} aria-live="polite">
              {check ? t(check.ok ? "brandingSettings.contrastOk" : "brandingSettings.contrastLow", { ratio: check.ratio, required: check.required }) : null}
            </p>
          }
        >
          {(aria) => (
            <div className={styles.colorRow}>
              <input type="color" aria-label={t("brandingSettings.colorPicker")} value={validHex ? colour.toLowerCase() : DEFAULT_COLOUR} onChange={(e) => setColour(e.target.value)} />
              <input className="input" {...aria} name="primaryColor" value={colour} maxLength={7} spellCheck={false} autoComplete="off" onChange={(e) => setColour(e.target.value.trim())} />
            </div>
          )}
        </FieldFrame>

        <section aria-labelledby="branding-preview">
          <h3 id="branding-preview" className="section-title">
            {t("brandingSettings.preview")}
          </h3>
          <div className={styles.preview} style={brandStyle(validHex ? colour : null)} data-testid="branding-preview">
            <div className={styles.previewBar}>
              <BrandMark name={name} logoUrl={branding.logoUrl} small />
              <span>{name}</span>
            </div>
            <div className={styles.previewBody}>
              <span className="btn btn-primary" aria-hidden="true">
                {t("brandingSettings.previewButton")}
              </span>
              <p>
                {t("brandingSettings.previewText")}{" "}
                <a href="#branding-preview" onClick={(e) => e.preventDefault()}>
                  {t("brandingSettings.previewLink")}
                </a>
                .
              </p>
            </div>
          </div>
        </section>

        <SettingsSaveBar pending={save.isPending} label={t("brandingSettings.save")} disabled={!validHex} />
      </SettingsSection>

      <SettingsSection id="branding-logo" title={t("brandingSettings.sectionLogo")}>
        <FieldFrame
          label={t("brandingSettings.logo")}
          hint={t("brandingSettings.logoHint")}
          errors={logoError ? [logoError] : undefined}
          fieldId="logo"
          after={branding.logoUrl ? <img src={pageLogoSrc(branding.logoUrl)} alt={t("brandingSettings.logoAlt")} className={`${settingsImage} ${styles.logo}`} /> : <p className="muted">{t("brandingSettings.logoNone")}</p>}
        >
          {(aria) => (
            <div className={settingsFileRow}>
              <input {...aria} name="logo" type="file" accept={LOGO_TYPES.join(",")} disabled={setLogo.isPending} onChange={onFile} />
              {branding.logoUrl ? (
                <button type="button" className="btn btn-secondary" disabled={removeLogo.isPending} onClick={() => removeLogo.mutate({})}>
                  {t("brandingSettings.logoRemove")}
                </button>
              ) : null}
            </div>
          )}
        </FieldFrame>
      </SettingsSection>
    </SettingsStack>
  );
}
