import type { SelectHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  errors?: string[];
  hint?: string;
};

export function SelectField({ label, options, errors, hint, className, ...select }: Props) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} className={className}>
      {(aria) => (
        <select className="select" {...aria} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
