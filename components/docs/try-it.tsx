"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { exampleOf, type OpenApiDocument, type OperationEntry } from "./openapi";
import styles from "./docs.module.css";

export type Credentials = { tenant: string; token: string };
type Result = { status: number; statusText: string; body: string; ms: number };

/** Sends one request to the API from the browser and shows the answer. */
export function TryIt({ entry, doc, credentials, baseUrl }: { entry: OperationEntry; doc: OpenApiDocument; credentials: Credentials; baseUrl: string }) {
  const t = useT();
  const formId = useId();
  const params = (entry.op.parameters ?? []).filter((p) => p.in === "path" || p.in === "query");
  const bodySchema = entry.op.requestBody?.content?.["application/json"]?.schema;
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => (bodySchema ? JSON.stringify(exampleOf(bodySchema, doc), null, 2) : ""));
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    let path = entry.path;
    const query = new URLSearchParams();
    for (const p of params) {
      const v = values[p.name]?.trim();
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(v ?? ""));
      else if (v) query.set(p.name, v);
    }
    if (bodySchema && body.trim()) {
      try {
        JSON.parse(body);
      } catch {
        setError(t("docs.invalidJson"));
        return;
      }
    }
    const headers: Record<string, string> = { Accept: "application/json" };
    if (bodySchema) headers["Content-Type"] = "application/json";
    if (credentials.tenant.trim()) headers["X-Tenant-ID"] = credentials.tenant.trim();
    if (credentials.token.trim()) headers.Authorization = `Bearer ${credentials.token.trim()}`;
    setBusy(true);
    const started = performance.now();
    try {
      const qs = query.toString();
      const res = await fetch(`${baseUrl}${path}${qs ? `?${qs}` : ""}`, {
        method: entry.method.toUpperCase(),
        headers,
        body: bodySchema && body.trim() ? body : undefined,
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as is.
      }
      setResult({ status: res.status, statusText: res.statusText, body: pretty, ms: Math.round(performance.now() - started) });
    } catch {
      setError(t("errors.network"));
    }
    setBusy(false);
  }

  return (
    <form className="form" onSubmit={send} aria-label={`${t("docs.tryIt")}: ${entry.method.toUpperCase()} ${entry.path}`}>
      {params.map((p) => (
        <div className="field" key={`${p.in}-${p.name}`}>
          <label htmlFor={`${formId}-${p.name}`}>
            {p.name} <span className="field-optional">({p.in}{p.required ? `, ${t("docs.required")}` : ""})</span>
          </label>
          <input
            id={`${formId}-${p.name}`}
            className="input"
            required={p.required}
            value={values[p.name] ?? ""}
            placeholder={p.schema?.default !== undefined ? String(p.schema.default) : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
          />
        </div>
      ))}
      {bodySchema ? (
        <div className="field">
          <label htmlFor={`${formId}-body`}>{t("docs.requestBody")} (JSON)</label>
          <textarea id={`${formId}-body`} className="input" value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
        </div>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? t("docs.sending") : t("docs.send")}
        </button>
      </div>
      {result ? (
        <div className="field" aria-live="polite">
          <span className="field-label">
            {t("docs.response")}: {result.status} {result.statusText} · {result.ms} ms
          </span>
          <pre className={styles.code}>{result.body || "(empty)"}</pre>
        </div>
      ) : null}
    </form>
  );
}
