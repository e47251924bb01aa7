"use client";

import { useId, useMemo, useState } from "react";
import { useT } from "@/lib/i18n/client";
import { renderMarkdown } from "./markdown";
import styles from "./lesson-editor.module.css";

type Props = {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  rows?: number;
  required?: boolean;
};

/**
 * A markdown textarea with a Write / Preview switch. The textarea stays in the form while the
 * preview shows (hidden), so a FormData read still sees it. The preview is sanitised HTML.
 */
export function MarkdownEditor({ name, label, hint, errors, value, defaultValue, onChange, rows = 10, required }: Props) {
  const t = useT();
  const id = useId();
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = value ?? own;
  const [mode, setMode] = useState<"write" | "preview">("write");
  const html = useMemo(() => (mode === "preview" ? renderMarkdown(text) : ""), [mode, text]);
  const hintId = `${id}-hint`;
  const errorId = errors?.length ? `${id}-error` : undefined;

  return (
    <div className="field md-editor">
      <div className={styles.mdEditorHead}>
        <label htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
        <div className="segmented" role="group" aria-label={label}>
          <button type="button" aria-pressed={mode === "write"} onClick={() => setMode("write")}>
            {t("creatorLesson.write")}
          </button>
          <button type="button" aria-pressed={mode === "preview"} onClick={() => setMode("preview")}>
            {t("creatorLesson.preview")}
          </button>
        </div>
      </div>
      <textarea
        id={id}
        name={name}
        className={`input ${styles.mdTextarea}`}
        rows={rows}
        value={text}
        required={required}
        hidden={mode === "preview"}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ")}
        onChange={(e) => {
          setOwn(e.target.value);
          onChange?.(e.target.value);
        }}
      />
      {mode === "preview" ? (
        <div className={`${styles.mdPreview} ${styles.prose}`} aria-labelledby={`${id}-label`} role="region" tabIndex={0}>
          {text.trim() ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p className="muted">{t("creatorLesson.emptyPreview")}</p>}
        </div>
      ) : null}
      <p id={hintId} className="field-hint">
        {hint ?? t("creatorLesson.markdownHint")}
      </p>
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
