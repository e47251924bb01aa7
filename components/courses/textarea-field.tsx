import { useId, type TextareaHTMLAttributes } from "react";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  badge?: string;
  fieldId?: string;
};

/** Label, textarea, hint and errors wired together; `fieldId` lets a checklist link focus it. */
export function TextareaField({ label, hint, errors, badge, fieldId, className, ...textarea }: Props) {
  const generated = useId();
  const id = fieldId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {badge ? <span className="badge badge-indicator">{badge}</span> : null}
      </label>
      <textarea
        id={id}
        className="input input-prose"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...textarea}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
