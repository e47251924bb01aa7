import { useId, type ReactNode } from "react";

/** What a form control needs to be tied to its label, hint and errors. */
type FieldAria = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type Props = {
  label: string;
  /** Shown inside the label after its text (an "optional" mark, a badge). */
  labelExtra?: ReactNode;
  hint?: string;
  errors?: string[];
  className?: string;
  /** A fixed id (a checklist link focuses it); else a generated one. */
  fieldId?: string;
  /** More lines under the hint (a live counter); their ids go in `describedBy`. */
  after?: ReactNode;
  describedBy?: string[];
  children: (aria: FieldAria) => ReactNode;
};

/**
 * The one field layout: label, control, hint and errors wired together (aria-describedby,
 * aria-invalid). TextField, TextareaField and SelectField only choose the control.
 */
export function FieldFrame({ label, labelExtra, hint, errors, className, fieldId, after, describedBy, children }: Props) {
  const generated = useId();
  const id = fieldId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const described = [errorId, hintId, ...(describedBy ?? [])].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {labelExtra}
      </label>
      {children({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": described })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {after}
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
