"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { QUOTE_MAX_LEARNERS, ZQuoteRequestInput } from "@/server/contracts/needs";
import { Alert } from "@/components/ui/alert";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useI18n, useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./catalogue.module.css";

/** The form's fields: the contract's, the number of learners typed as text. */
const ZQuoteForm = ZQuoteRequestInput.omit({ slug: true, locale: true }).extend({ learners: z.coerce.number().pipe(ZQuoteRequestInput.shape.learners) });

/**
 * The two actions of a public course page: "S'inscrire" (the course page of the app, where a free
 * course is enrolled and a paid one goes to the checkout; signed out: the sign-in first, then back)
 * and "Demander un devis" (POST /public/courses/{slug}/quote-requests, no sign-in).
 */
export function CourseActions({ slug, enrolHref }: { slug: string; enrolHref: string }) {
  const t = useT();
  const [quoting, setQuoting] = useState(false);
  return (
    <section aria-labelledby="actions-title" className={`card stack ${styles.courseActions}`}>
      <h2 id="actions-title">{t("quoteRequest.actionsTitle")}</h2>
      <div className={styles.courseActionsButtons}>
        <Link className="btn btn-primary" href={enrolHref}>
          {t("quoteRequest.enrol")}
        </Link>
        <button type="button" className="btn btn-secondary" aria-expanded={quoting} aria-controls="quote-form" onClick={() => setQuoting((v) => !v)}>
          {t("quoteRequest.open")}
        </button>
      </div>
      {quoting ? <QuoteRequestForm slug={slug} /> : null}
    </section>
  );
}

function QuoteRequestForm({ slug }: { slug: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.surveys.requestQuote.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZQuoteForm.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    mutation.mutate({ slug, ...parsed.data, locale });
  }

  if (mutation.isSuccess) {
    return (
      <Alert kind="success">
        <span data-testid="quote-sent">{t("quoteRequest.sent")}</span>
      </Alert>
    );
  }
  return (
    <form id="quote-form" className="form" onSubmit={onSubmit} noValidate aria-label={t("quoteRequest.formTitle")}>
      <p className="muted">{t("quoteRequest.intro")}</p>
      {mutation.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <TextField name="companyName" label={t("quoteRequest.companyName")} autoComplete="organization" maxLength={200} required errors={fields.companyName} />
      <TextField name="contactName" label={t("quoteRequest.contactName")} autoComplete="name" maxLength={200} required errors={fields.contactName} />
      <TextField name="email" type="email" inputMode="email" label={t("quoteRequest.email")} autoComplete="email" required errors={fields.email} />
      <TextField name="phone" type="tel" inputMode="tel" label={t("quoteRequest.phone")} autoComplete="tel" maxLength={40} optionalLabel={t("common.optional")} errors={fields.phone} />
      <TextField name="learners" type="number" inputMode="numeric" min={1} max={QUOTE_MAX_LEARNERS} label={t("quoteRequest.learners")} required errors={fields.learners} />
      <TextareaField name="message" label={t("quoteRequest.message")} hint={t("quoteRequest.messageHint")} rows={5} maxLength={4000} required errors={fields.message} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending}>
        {t("quoteRequest.submit")}
      </button>
    </form>
  );
}
