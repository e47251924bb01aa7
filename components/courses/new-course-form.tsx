"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CourseDetailsFields } from "./course-details-fields";
import { readDetails } from "./course-details-values";
import styles from "./shared.module.css";

const EMPTY = { title: "", description: "", price: 0, currency: "EUR", duration: null, level: null, format: "ELEARNING", language: "fr", tags: [] };

/** POST /courses with the descriptive fields, then the builder of the new DRAFT. */
export function NewCourseForm() {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation(trpc.courses.create.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readDetails(event.currentTarget, t);
    if ("errors" in read) return setErrors(read.errors);
    setErrors({});
    try {
      const { data } = await create.mutateAsync(read.values);
      router.push(`/courses/${data.id}`);
    } catch {
      // Shown below.
    }
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <>
      <p className="breadcrumb">
        <Link href="/courses">← {t("creatorNew.back")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{t("creatorNew.title")}</h1>
          <p>{t("creatorNew.intro")}</p>
        </div>
      </div>
      <form className={`form card ${styles.builderCard}`} onSubmit={onSubmit} noValidate aria-label={t("creatorNew.title")}>
        {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
        {create.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(create.error, t)}</Alert> : null}
        <CourseDetailsFields defaults={EMPTY} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? t("creatorNew.creating") : t("creatorNew.submit")}
          </button>
          <Link href="/courses" className="btn btn-secondary">
            {t("common.cancel")}
          </Link>
        </div>
      </form>
    </>
  );
}
