"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import shared from "../shared.module.css";
import styles from "../outline.module.css";

/** Adds a module at the end of the course. */
export function AddModuleForm({ courseId, onAdded }: { courseId: string; onAdded: (title: string) => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const id = useId();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(trpc.courseContent.createModule.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = title.trim();
    if (!value) return setError(t("errors.required"));
    setError(null);
    try {
      await create.mutateAsync({ id: courseId, title: value });
      setTitle("");
      await onAdded(value);
    } catch (e) {
      setError(errorMessage(e, t));
    }
  }

  return (
    <form className={`${shared.addForm} ${styles.addModule}`} onSubmit={onSubmit} noValidate aria-label={t("creatorOutline.addModule")}>
      <div className="field">
        <label htmlFor={id}>{t("creatorOutline.newModuleTitle")}</label>
        <div className="inline-controls">
          <input id={id} className="input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t("creatorOutline.addModule")}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
