import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  badge?: string;
  /** A fixed id, so a checklist link can focus the field. */
  fieldId?: string;
  /** Lines under the hint (a character count), described by `describedBy`. */
  after?: ReactNode;
  describedBy?: string[];
  /** Extra classes on the textarea itself. */
  inputClassName?: string;
};

/** Label, textarea, hint and errors wired together: the one multi-line text field. */
export function TextareaField({ label, hint, errors, badge, fieldId, className, after, describedBy, inputClassName, ...textarea }: Props) {
  const extra = badge ? <span className="badge badge-indicator">{badge}</span> : null;
  return (
    <FieldFrame label={label} labelExtra={extra} hint={hint} errors={errors} className={className} fieldId={fieldId} after={after} describedBy={describedBy}>
      {(aria) => <textarea className={inputClassName ? `input input-prose ${inputClassName}` : "input input-prose"} {...aria} {...textarea} />}
    </FieldFrame>
  );
}
