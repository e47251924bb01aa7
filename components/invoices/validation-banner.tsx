"use client";

import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import type { TFacturxValidation } from "@/server/contracts/invoices";
import styles from "./invoices.module.css";

/**
 * The Factur-X verdict on a draft (POST /billing/invoices/{id}/validate): conformant, or the rules
 * to fix with their French explanation (the official text in English), warnings apart.
 */
export function ValidationBanner({ pending, verdict, error, onRetry }: { pending: boolean; verdict: TFacturxValidation | undefined; error: unknown; onRetry: () => void }) {
  const { t, locale } = useI18n();
  if (pending) return <Alert kind="info">{t("invoices.validationPending")}</Alert>;
  if (error) return <Alert kind="error">{errorMessage(error, t)}</Alert>;
  if (!verdict) return null;
  const blocking = verdict.failures.filter((f) => f.flag !== "warning");
  const warnings = verdict.failures.filter((f) => f.flag === "warning");
  const text = (f: TFacturxValidation["failures"][number]) => (locale === "fr" ? f.explanation : f.message);
  const list = (failures: TFacturxValidation["failures"]) => (
    <ul>
      {failures.map((f, i) => (
        <li key={`${f.source}-${f.rule}-${i}`}>
          <strong>{t("invoices.validationRule", { rule: f.rule })}</strong> ({f.source}) : {text(f)}
        </li>
      ))}
    </ul>
  );
  return (
    <div className={styles.validation} data-testid="facturx-validation">
      {verdict.conformant ? (
        <Alert kind="success">{t("invoices.validationConformant")}</Alert>
      ) : (
        <Alert kind="error">
          <p>{t("invoices.validationFailed", { count: new Set(blocking.map((f) => f.rule)).size })}</p>
          {list(blocking)}
        </Alert>
      )}
      {warnings.length ? (
        <details>
          <summary>{t("invoices.validationWarnings", { count: warnings.length })}</summary>
          {list(warnings)}
        </details>
      ) : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        {t("invoices.revalidate")}
      </button>
    </div>
  );
}
