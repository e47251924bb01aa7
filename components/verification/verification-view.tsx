import type { TVerification } from "@/server/contracts/verification";
import type { MessageKey } from "@/messages/types";
import type { Translate } from "@/lib/i18n/translate";
import { Alert } from "@/components/ui/alert";
import { FileCheck } from "./file-check";
import styles from "./verification.module.css";

/** The public verification of one issued document: what it prints, its hash, the chain of a sheet, and the file check. */
export function VerificationView({ v, t, locale, timeZone }: { v: TVerification; t: Translate; locale: string; timeZone: string }) {
  const dateTime = (iso: string) => new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(iso));
  const d = v.document;
  return (
    <>
      <h1 className={styles.title}>{t("docVerify.pageTitle")}</h1>
      <p className={styles.intro}>{t("docVerify.intro")}</p>
      <div className={styles.banner} role="status">
        <span aria-hidden="true">✓</span>
        <span>{t("docVerify.authentic", { issuer: v.issuer.name })}</span>
      </div>
      {v.newerIssuedAt ? <Alert kind="info">{t("docVerify.newer", { date: dateTime(v.newerIssuedAt) })}</Alert> : null}
      <dl className={styles.facts}>
        <dt>{t("docVerify.code")}</dt>
        <dd className={styles.code} data-testid="verify-code">
          {v.code}
        </dd>
        <dt>{t("docVerify.type")}</dt>
        <dd>{t(`docVerify.type_${d.type}` as MessageKey)}</dd>
        <dt>{t("docVerify.title")}</dt>
        <dd>{d.title}</dd>
        {d.reference ? (
          <>
            <dt>{t("docVerify.reference")}</dt>
            <dd>{d.reference}</dd>
          </>
        ) : null}
        {d.names.length ? (
          <>
            <dt>{t("docVerify.names")}</dt>
            <dd>{d.names.join(", ")}</dd>
          </>
        ) : null}
        <dt>{t("docVerify.issuedAt")}</dt>
        <dd>{dateTime(d.issuedAt)}</dd>
        <dt>{t("docVerify.issuer")}</dt>
        <dd>{v.issuer.name}</dd>
        {v.issuer.legalName ? (
          <>
            <dt>{t("docVerify.legalName")}</dt>
            <dd>{v.issuer.legalName}</dd>
          </>
        ) : null}
        {v.issuer.activityNumber ? (
          <>
            <dt>{t("docVerify.activityNumber")}</dt>
            <dd>{v.issuer.activityNumber}</dd>
          </>
        ) : null}
        {v.issuer.siret ? (
          <>
            <dt>{t("docVerify.siret")}</dt>
            <dd>{v.issuer.siret}</dd>
          </>
        ) : null}
        <dt>{t("docVerify.sha256")}</dt>
        <dd className={styles.mono} data-testid="verify-sha256">
          {v.sha256}
        </dd>
        <dt>{t("docVerify.size")}</dt>
        <dd>{t("docVerify.sizeValue", { size: v.sizeBytes })}</dd>
      </dl>
      {v.attendance ? (
        <section className={styles.section} aria-labelledby="chain-title">
          <h2 id="chain-title">{t("docVerify.chainTitle")}</h2>
          {v.attendance.chain.valid ? (
            <Alert kind="success">{t("docVerify.chainValid", { checked: v.attendance.chain.checked })}</Alert>
          ) : (
            <Alert kind="error">{t("docVerify.chainBroken")}</Alert>
          )}
          <p>{t("docVerify.chainAtIssue", { records: v.attendance.recordsAtIssue })}</p>
          {v.attendance.chainHashAtIssue ? (
            <p>
              {t("docVerify.chainHashAtIssue")} : <span className={styles.mono}>{v.attendance.chainHashAtIssue}</span>
            </p>
          ) : null}
        </section>
      ) : null}
      <FileCheck issuedSha256={v.sha256} />
      <p className={styles.privacy}>{t("docVerify.privacy")}</p>
    </>
  );
}
