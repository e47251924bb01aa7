import type { InputHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  optionalLabel?: string;
};

/** Label, input, hint and errors wired together (aria-describedby, aria-invalid). */
export function TextField({ label, hint, errors, optionalLabel, className, ...input }: Props) {
  const extra = optionalLabel ? <span className="field-optional"> ({optionalLabel})</span> : null;
  return (
    <FieldFrame label={label} labelExtra={extra} hint={hint} errors={errors} className={className}>
      {(aria) => <input className="input" {...aria} {...input} />}
    </FieldFrame>
  );
}
