"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZTemplateCategory, ZTemplateFieldType, type TTemplate, type TTemplateCategory } from "@/server/contracts/templates";
import { canManageTemplates } from "./templates-view";
import styles from "./documents.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

const BODY_ID = "template-body";

type FieldDraft = { key: string; label: string; type: "TEXT" | "NUMBER" | "DATE" | "BOOLEAN"; required: boolean };

/** One template: SYSTEM ones read-only with "Dupliquer pour modifier"; CUSTOM ones edited (body, variable picker, fields), previewed as PDF, exported, duplicated. */
export function TemplateEditor({ id }: { id: string }) {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const allowed = canManageTemplates(me.role ?? "");
  const query = useQuery({ ...trpc.templates.get.queryOptions({ id }), enabled: allowed });
  if (!allowed) return <Alert kind="error">{t("tplList.forbidden")}</Alert>;
  if (query.isPending) return <Loading shape="cards" />;
  if (query.isError) return <Alert kind="error">{errorMessage(query.error, t)}</Alert>;
  return <Editor key={query.data.data.id} template={query.data.data} />;
}

function Editor({ template }: { template: TTemplate }) {
  const t = useT();
  const trpc = useTRPC();
  const client = useQueryClient();
  const router = useRouter();
  const isSystem = template.kind === "SYSTEM";
  const [name, setName] = useState(template.name);
  const [category, setCategory] = useState<TTemplateCategory>(template.category);
  const [isActive, setIsActive] = useState(template.isActive);
  const [body, setBody] = useState(template.body);
  const [saved, setSaved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useMutation(trpc.templates.update.mutationOptions());
  const duplicate = useMutation(trpc.templates.duplicate.mutationOptions());
  const remove = useMutation(trpc.templates.delete.mutationOptions());
  const preview = usePreview(template.id);
  const failed = [update, duplicate, remove].find((m) => m.isError);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const res = await update.mutateAsync({ id: template.id, name, category, isActive, body }).catch(() => null);
    if (res) {
      setSaved(true);
      await client.invalidateQueries({ queryKey: trpc.templates.get.queryKey({ id: template.id }) });
    }
  }
  async function copy() {
    const res = await duplicate.mutateAsync({ id: template.id }).catch(() => null);
    if (res) router.push(`/templates/${res.data.id}`);
  }
  async function destroy() {
    const ok = await remove.mutateAsync({ id: template.id }).then(() => true).catch(() => false);
    setConfirmDelete(false);
    if (ok) router.push("/templates");
  }
  function insert(key: string) {
    const el = document.getElementById(BODY_ID) as HTMLTextAreaElement | null;
    const token = `{{${key}}}`;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = `${body.slice(0, start)}${token}${body.slice(end)}`;
    setBody(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div className="stack-lg">
      <p>
        <Link href="/templates">← {t("tplEdit.back")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{template.name}</h1>
          <p className="muted">
            {t(`tplEnums.${template.category}`)} · {t(`tplEnums.${template.kind}`)} · {t("tplEdit.documentCount", { count: template.documentCount })}
          </p>
        </div>
      </div>
      {isSystem ? <Alert kind="info">{t("tplEdit.systemNotice")}</Alert> : null}
      <div className={styles.actions}>
        <button type="button" className={isSystem ? "btn btn-primary" : "btn btn-secondary"} onClick={copy} disabled={duplicate.isPending}>
          {isSystem ? t("tplEdit.duplicateToEdit") : t("tplEdit.duplicate")}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => preview.run(isSystem ? undefined : body)} disabled={preview.busy}>
          {preview.busy ? t("tplEdit.previewing") : t("tplEdit.preview")}
        </button>
        <a className="btn btn-secondary" href={`/api/v1/templates/export/${template.id}`} download>
          {t("tplEdit.export")}
        </a>
        {isSystem ? null : (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
            {t("tplEdit.delete")}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {preview.error ? <Alert kind="error">{preview.error}</Alert> : null}
        {preview.url ? (
          <p>
            <a href={preview.url} target="_blank" rel="noopener">
              {t("tplEdit.previewLink")}
            </a>
          </p>
        ) : null}
        {failed ? <Alert kind="error">{errorMessage(failed.error, t)}</Alert> : null}
        {saved ? <Alert kind="success">{t("common.saved")}</Alert> : null}
      </div>
      <div className={styles.editorGrid}>
        {isSystem ? (
          <section aria-labelledby="tpl-body">
            <h2 id="tpl-body" className="section-title">
              {t("tplEdit.body")}
            </h2>
            <pre className={styles.readOnlyBody}>{template.body}</pre>
          </section>
        ) : (
          <form className="stack" onSubmit={save} aria-label={t("tplEdit.body")}>
            <TextField name="name" label={t("tplEdit.name")} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
            <SelectField name="category" label={t("tplEdit.category")} value={category} onChange={(e) => setCategory(e.target.value as TTemplateCategory)} options={ZTemplateCategory.options.map((c) => ({ value: c, label: t(`tplEnums.${c}`) }))} />
            <label className={styles.check}>
              <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
              {t("tplEdit.isActive")}
            </label>
            <TextareaField
              fieldId={BODY_ID}
              name="body"
              label={t("tplEdit.body")}
              hint={t("tplEdit.bodyHint", { sample: "{{variable}}" })}
              value={body}
              required
              rows={18}
              inputClassName={styles.body}
              onChange={(e) => setBody(e.target.value)}
            />
            <div className="form-actions">
              <SubmitButton pending={update.isPending} label={t("common.save")} />
            </div>
          </form>
        )}
        <aside className="stack">
          <VariablePicker category={isSystem ? template.category : category} onInsert={isSystem ? undefined : insert} />
        </aside>
      </div>
      <FieldsEditor template={template} readOnly={isSystem} />
      <ConfirmDialog open={confirmDelete} title={t("tplEdit.deleteTitle")} message={t("tplEdit.deleteBody")} confirmLabel={t("tplEdit.delete")} danger busy={remove.isPending} onConfirm={destroy} onCancel={() => setConfirmDelete(false)} />
    </div>
  );
}

/** POST /templates/{id}/preview through fetch (the session cookie and the sub-domain carry identity and tenant): the PDF opens in a new tab. */
function usePreview(id: string) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  async function run(body?: string) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/v1/templates/${encodeURIComponent(id)}/preview`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body === undefined ? {} : { body }),
      });
      if (!res.ok) {
        const problem = (await res.json().catch(() => null)) as { message?: string } | null;
        setError(problem?.message ?? t("errors.generic"));
        return;
      }
      const blob = await res.blob();
      const next = URL.createObjectURL(blob);
      setUrl(next);
      window.open(next, "_blank", "noopener");
    } catch {
      setError(t("errors.network"));
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, url, error };
}

function VariablePicker({ category, onInsert }: { category: TTemplateCategory; onInsert?: (key: string) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const catalog = useQuery(trpc.templates.catalog.queryOptions({ category }));
  const [picked, setPicked] = useState("");
  if (catalog.isPending) return <Loading shape="table" rows={4} />;
  if (catalog.isError) return <Alert kind="error">{errorMessage(catalog.error, t)}</Alert>;
  const variables = catalog.data.data.variables;
  const current = picked || variables[0]?.key || "";
  return (
    <section aria-labelledby="tpl-vars" className="card">
      <h2 id="tpl-vars" className="section-title">
        {t("tplEdit.variables")}
      </h2>
      {onInsert ? (
        <div className={styles.picker}>
          <SelectField name="variable" label={t("tplEdit.variablePicker")} value={current} onChange={(e) => setPicked(e.target.value)} options={variables.map((v) => ({ value: v.key, label: v.label }))} />
          <button type="button" className="btn btn-secondary" onClick={() => onInsert(current)}>
            {t("tplEdit.insert")}
          </button>
        </div>
      ) : null}
      <ul className={styles.variables}>
        {variables.map((v) => (
          <li key={v.key}>
            <code>{`{{${v.key}}}`}</code> — {v.label}
            <br />
            <span className="muted">{t("tplEdit.example", { example: v.example })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FieldsEditor({ template, readOnly }: { template: TTemplate; readOnly: boolean }) {
  const t = useT();
  const trpc = useTRPC();
  const client = useQueryClient();
  const [fields, setFields] = useState<FieldDraft[]>(template.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required })));
  const [saved, setSaved] = useState(false);
  const replace = useMutation(trpc.templates.replaceFields.mutationOptions());
  const change = (i: number, next: Partial<FieldDraft>) => setFields((all) => all.map((f, j) => (j === i ? { ...f, ...next } : f)));
  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const res = await replace.mutateAsync({ id: template.id, fields }).catch(() => null);
    if (res) {
      setSaved(true);
      await client.invalidateQueries({ queryKey: trpc.templates.get.queryKey({ id: template.id }) });
    }
  }
  return (
    <section aria-labelledby="tpl-fields" className="card">
      <h2 id="tpl-fields" className="section-title">
        {t("tplEdit.fields")}
      </h2>
      <p className="muted">{t("tplEdit.fieldsIntro", { sample: "{{clé}}" })}</p>
      {readOnly ? (
        fields.length ? (
          <ul>
            {fields.map((f) => (
              <li key={f.key}>
                <code>{f.key}</code> — {f.label} ({t(`tplEnums.${f.type}`)})
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("tplEdit.noFields")}</p>
        )
      ) : (
        <form onSubmit={save}>
          {fields.length === 0 ? <p>{t("tplEdit.noFields")}</p> : null}
          {fields.map((f, i) => (
            <fieldset key={i} className={styles.fieldRow}>
              <legend className="visually-hidden">{`${t("tplEdit.fields")} ${i + 1}`}</legend>
              <TextField name={`fields.${i}.key`} label={t("tplEdit.fieldKey")} value={f.key} required pattern="[a-zA-Z][a-zA-Z0-9_.]{0,63}" onChange={(e) => change(i, { key: e.target.value })} />
              <TextField name={`fields.${i}.label`} label={t("tplEdit.fieldLabel")} value={f.label} required onChange={(e) => change(i, { label: e.target.value })} />
              <SelectField name={`fields.${i}.type`} label={t("tplEdit.fieldType")} value={f.type} onChange={(e) => change(i, { type: e.target.value as FieldDraft["type"] })} options={ZTemplateFieldType.options.map((ty) => ({ value: ty, label: t(`tplEnums.${ty}`) }))} />
              <label className={styles.check}>
                <input type="checkbox" checked={f.required} onChange={(e) => change(i, { required: e.target.checked })} />
                {t("tplEdit.fieldRequired")}
              </label>
              <button type="button" className="btn btn-secondary btn-sm" aria-label={t("tplEdit.removeField", { n: i + 1 })} onClick={() => setFields((all) => all.filter((_, j) => j !== i))}>
                ✕
              </button>
            </fieldset>
          ))}
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setFields((all) => [...all, { key: "", label: "", type: "TEXT", required: false }])}>
              {t("tplEdit.addField")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={replace.isPending}>
              {t("tplEdit.saveFields")}
            </button>
          </div>
          <div aria-live="polite">
            {replace.isError ? <Alert kind="error">{errorMessage(replace.error, t)}</Alert> : null}
            {saved ? <Alert kind="success">{t("tplEdit.fieldsSaved")}</Alert> : null}
          </div>
        </form>
      )}
    </section>
  );
}
