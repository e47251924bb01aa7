"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { TConvention } from "@/server/contracts/conventions";
import { useMe } from "@/components/shell/me-context";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import styles from "./conventions.module.css";

const euros = (cents: number, locale: string) => new Intl.NumberFormat(locale === "en" ? "en-GB" : "fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

/**
 * The training agreement of one enrollment (staff): generate (choosing the paying client), read
 * its summary, send the DRAFT for signature, and every version with its status, SHA-256 and PDFs
 * (signed PDF once signed). ADMIN and the course's CREATOR act; FINANCIER reads.
 */
export function ConventionPanel({ enrollmentId }: { enrollmentId: string }) {
  const { t, locale } = useI18n();
  const me = useMe();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const timeZone = useTenantTimeZone();
  const canManage = me.role === "ADMIN" || me.role === "CREATOR";
  const canPickClient = me.role === "ADMIN";
  const list = useQuery(trpc.conventions.list.queryOptions({ enrollmentId, page: 1, limit: 1 }));
  const clients = useQuery({ ...trpc.billingClients.list.queryOptions({ page: 1, perPage: 100 }), enabled: canPickClient });
  const [clientId, setClientId] = useState("");
  const [to, setTo] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.conventions.list.queryKey() });
  const generate = useMutation(trpc.conventions.generate.mutationOptions({ onSuccess: () => void refresh() }));
  const send = useMutation(trpc.conventions.send.mutationOptions({ onSuccess: () => void refresh() }));
  const clientFieldId = useId();
  const toFieldId = useId();
  const date = (iso: string) => new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const convention: TConvention | undefined = list.data?.data[0];
  const current = convention?.versions[0];
  const error = generate.error ?? send.error;

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={`${clientFieldId}-h`}>
      <h2 id={`${clientFieldId}-h`}>{t("conv.title")}</h2>
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {list.isPending ? <p aria-busy="true">…</p> : null}

      {list.data && !convention ? <p className="muted">{t("conv.none")}</p> : null}

      {convention && current ? (
        <>
          <p>
            <strong>{t(`conv.kind${convention.kind}` as MessageKey)}</strong> — {convention.summary.clientName} ({t(`conv.payer${convention.payer}` as MessageKey)}){" "}
            <span className={`badge ${styles[`status${current.status}`] ?? ""}`} data-testid="convention-status">
              {t(`conv.status${current.status}` as MessageKey)}
            </span>
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t("conv.dates")}</dt>
              <dd>{convention.summary.startDate && convention.summary.endDate ? t("conv.datesValue", { start: convention.summary.startDate, end: convention.summary.endDate }) : t("conv.datesUnknown")}</dd>
            </div>
            <div>
              <dt>{t("conv.duration")}</dt>
              <dd>{convention.summary.duration}</dd>
            </div>
            <div>
              <dt>{t("conv.trainees")}</dt>
              <dd>{convention.summary.trainees.join(", ")}</dd>
            </div>
            <div>
              <dt>{t("conv.total")}</dt>
              <dd>{euros(convention.summary.totalTtcCents, locale)}</dd>
            </div>
          </dl>
          {convention.summary.generatedAfterStart ? <Alert kind="info">{t("conv.lateWarning")}</Alert> : null}
        </>
      ) : null}

      {canManage && list.data ? (
        <div className={styles.actions}>
          {canPickClient && (!convention || current?.status !== "SIGNED") ? (
            <div className="field">
              <label htmlFor={clientFieldId}>{t("conv.client")}</label>
              <select className="select" id={clientFieldId} value={clientId} onChange={(e) => setClientId(e.target.value)}>
                <option value="">{convention ? convention.summary.clientName : t("conv.clientAuto")}</option>
                {(clients.data?.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={generate.isPending}
            onClick={() => {
              setNotice(null);
              send.reset();
              generate.mutate({ id: enrollmentId, ...(clientId ? { clientId } : {}) });
            }}
          >
            {generate.isPending ? t("conv.generating") : !convention ? t("conv.generate") : current?.status === "DRAFT" ? t("conv.regenerateDraft") : t("conv.newVersion")}
          </button>
          {current?.status === "DRAFT" ? (
            <form
              className={styles.sendForm}
              onSubmit={(e) => {
                e.preventDefault();
                setNotice(null);
                generate.reset();
                send.mutate({ id: convention!.id, ...(to.trim() ? { to: to.trim() } : {}) }, { onSuccess: () => setNotice(t("conv.sentOk")) });
              }}
            >
              <div className="field">
                <label htmlFor={toFieldId}>{t("conv.recipient")}</label>
                <input className="input" id={toFieldId} type="email" value={to} onChange={(e) => setTo(e.target.value)} aria-describedby={`${toFieldId}-hint`} autoComplete="email" />
                <p id={`${toFieldId}-hint`} className="field-hint">
                  {t("conv.recipientHint")}
                </p>
              </div>
              <button type="submit" className="btn btn-primary" disabled={send.isPending}>
                {send.isPending ? t("conv.sending") : t("conv.send")}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}

      {convention ? (
        <>
          <h3>{t("conv.versions")}</h3>
          <ul className={styles.versions}>
            {convention.versions.map((v) => (
              <li key={v.version} className={styles.version} data-testid={`convention-version-${v.version}`}>
                <div className={styles.versionHead}>
                  <strong>
                    {t("conv.version")} {v.version}
                  </strong>
                  <span className={`badge ${styles[`status${v.status}`] ?? ""}`}>{t(`conv.status${v.status}` as MessageKey)}</span>
                  <span className="muted">
                    {t("conv.generatedAt")} {date(v.generatedAt)}
                  </span>
                </div>
                {v.sentAt && v.sentTo ? <p className="muted">{t("conv.sentTo", { to: v.sentTo, date: date(v.sentAt) })}</p> : null}
                {v.signedAt && v.signerName ? <p>{t("conv.signedBy", { name: v.signerName, date: date(v.signedAt) })}</p> : null}
                <p className={styles.hash}>
                  <span className="muted">{t("conv.hash")} : </span>
                  <code>{v.sha256}</code>
                </p>
                {v.signedSha256 ? (
                  <p className={styles.hash}>
                    <span className="muted">{t("conv.signedHash")} : </span>
                    <code>{v.signedSha256}</code>
                  </p>
                ) : null}
                <p className={styles.links}>
                  <a className="btn btn-secondary btn-sm" href={v.pdfUrl} download>
                    {t("conv.download", { n: v.version })}
                  </a>
                  {v.signedPdfUrl ? (
                    <a className="btn btn-primary btn-sm" href={v.signedPdfUrl} download>
                      {t("conv.downloadSigned", { n: v.version })}
                    </a>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
