"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { SignaturePad } from "@/components/attendance/signature-pad";
import { useSignaturePad } from "@/components/attendance/use-signature-pad";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./conventions.module.css";

/**
 * The public signing page of a convention (no account): what is signed (parties, dates, amount,
 * SHA-256, the PDF to read), then the signer's name, a drawn signature (the attendance signature
 * pad) or a typed one, the approval box, and the signed state with the signed PDF.
 */
export function SignConvention({ token }: { token: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const timeZone = useTenantTimeZone();
  const view = useQuery({ ...trpc.conventions.signView.queryOptions({ token }), retry: false, refetchOnWindowFocus: false, enabled: token.length >= 20 });
  const sign = useMutation(trpc.conventions.sign.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.conventions.signView.queryKey({ token }) }) }));
  const pad = useSignaturePad();
  const [name, setName] = useState("");
  const [method, setMethod] = useState<"DRAWN" | "TYPED">("DRAWN");
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const money = (cents: number) => new Intl.NumberFormat(locale === "en" ? "en-GB" : "fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);
  const date = (iso: string) => new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", { timeZone, dateStyle: "long", timeStyle: "short" }).format(new Date(iso));

  const invalid = (
    <div role="status" className="stack">
      <h1>{t("convSign.invalidTitle")}</h1>
      <p>{t("convSign.invalidBody")}</p>
    </div>
  );
  if (token.length < 20) return invalid;
  if (view.isPending) return <p aria-busy="true">{t("convSign.loading")}</p>;
  if (view.isError) return errorInfo(view.error).code === "CONVENTION_SIGN_TOKEN_INVALID" ? invalid : <Alert kind="error">{errorMessage(view.error, t)}</Alert>;
  const c = view.data.data;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (name.trim().length < 2) return setProblem(t("convSign.nameRequired"));
    const drawing = method === "DRAWN" ? pad.capture() : null;
    if (method === "DRAWN" && !drawing) return setProblem(t("convSign.drawRequired"));
    if (!accepted) return setProblem(t("convSign.acceptRequired"));
    sign.mutate({ token, signerName: name.trim(), method, accept: true, ...(drawing ?? {}) });
  }

  return (
    <div className="stack">
      <h1>{c.status === "SIGNED" ? t("convSign.signedTitle") : t("convSign.title")}</h1>
      {c.status === "SIGNED" ? (
        <Alert kind="success">{t("convSign.signedBody", { name: c.signerName ?? "", date: c.signedAt ? date(c.signedAt) : "" })}</Alert>
      ) : (
        <p>{t("convSign.intro", { organisation: c.organisation })}</p>
      )}
      <dl className={styles.summary}>
        <dt>{t("convSign.document")}</dt>
        <dd>
          {c.title} — {t("convSign.version", { n: c.version })}
        </dd>
        <dt>{t("convSign.course")}</dt>
        <dd>{c.courseTitle}</dd>
        <dt>{t("convSign.client")}</dt>
        <dd>{c.clientName}</dd>
        <dt>{t("convSign.dates")}</dt>
        <dd>{c.startDate && c.endDate ? `${c.startDate} – ${c.endDate}` : "—"}</dd>
        <dt>{t("convSign.duration")}</dt>
        <dd>{c.duration}</dd>
        <dt>{t("convSign.trainees")}</dt>
        <dd>{c.trainees.join(", ")}</dd>
        <dt>{t("convSign.total")}</dt>
        <dd>{money(c.totalTtcCents)}</dd>
        <dt>{t("convSign.hash")}</dt>
        <dd>
          <code>{c.sha256}</code>
        </dd>
      </dl>
      <p>
        <a className={`btn ${c.status === "SIGNED" ? "btn-primary" : "btn-secondary"} btn-block`} href={c.pdfUrl} target="_blank" rel="noopener" data-testid="convention-pdf">
          {c.status === "SIGNED" ? t("convSign.downloadSigned") : t("convSign.read")}
        </a>
      </p>

      {c.status === "SENT" ? (
        <form className="stack" onSubmit={onSubmit} noValidate>
          {problem ? <Alert kind="error">{problem}</Alert> : null}
          {sign.error ? <Alert kind="error">{errorMessage(sign.error, t)}</Alert> : null}
          <div className="field">
            <label htmlFor={`${ids}-name`}>{t("convSign.signerName")}</label>
            <input className="input" id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required maxLength={120} />
          </div>
          <fieldset className={styles.methods}>
            <legend>{t("convSign.method")}</legend>
            <label>
              <input type="radio" name="method" value="DRAWN" checked={method === "DRAWN"} onChange={() => setMethod("DRAWN")} /> {t("convSign.drawn")}
            </label>
            <label>
              <input type="radio" name="method" value="TYPED" checked={method === "TYPED"} onChange={() => setMethod("TYPED")} /> {t("convSign.typed")}
            </label>
          </fieldset>
          {method === "DRAWN" ? (
            <SignaturePad pad={pad} label={t("convSign.padLabel")} disabled={sign.isPending} />
          ) : (
            <div>
              <p className="field-hint">{t("convSign.typedPreview")}</p>
              <p className={styles.typed} aria-live="polite">
                {name}
              </p>
            </div>
          )}
          <label className={styles.check}>
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
            <span>{t("convSign.accept")}</span>
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={sign.isPending}>
            {sign.isPending ? t("convSign.submitting") : t("convSign.submit")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
