import { useId, type SelectHTMLAttributes } from "react";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  errors?: string[];
};

export function SelectField({ label, options, errors, className, ...select }: Props) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
