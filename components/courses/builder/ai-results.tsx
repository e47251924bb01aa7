"use client";

import { useState } from "react";
import type { TFaqItem, TSeoFields } from "@/server/contracts/ai";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import shared from "../shared.module.css";
import styles from "../ai.module.css";

/** The questions and answers the FAQ helper wrote. */
export function FaqResult({ items }: { items: TFaqItem[] }) {
  const t = useT();
  return (
    <>
      <p className={shared.alertTitle}>{t("creatorAi.faqDone", { count: items.length })}</p>
      <dl className={styles.faqList}>
        {items.map((item, i) => (
          <div key={i}>
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The SEO fields the helper proposed, with the button that writes them into the course. */
export function SeoResult({ fields, onApply }: { fields: TSeoFields; onApply: (fields: TSeoFields) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p className={shared.alertTitle}>{t("creatorAi.seoDone")}</p>
      <dl className={styles.seoList}>
        <dt>{t("creatorAi.metaTitle")}</dt>
        <dd>{fields.metaTitle}</dd>
        <dt>{t("creatorAi.metaDescription")}</dt>
        <dd>{fields.metaDescription}</dd>
        <dt>{t("creatorAi.keywords")}</dt>
        <dd>{fields.keywords.join(", ")}</dd>
      </dl>
      {error ? <p className="field-error">{error}</p> : null}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          onApply(fields)
            .catch((e: unknown) => setError(errorMessage(e, t)))
            .finally(() => setBusy(false));
        }}
      >
        {t("creatorAi.seoApply")}
      </button>
    </>
  );
}
