"use client";

import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "./search-toolbar.module.css";

type Props = {
  /** The search landmark's name and the box's label. */
  label: string;
  placeholder?: string;
  /** The words in the URL; the box follows them when they change (back button, a link). */
  value: string | undefined;
  /** Called with the trimmed words (undefined when empty), on Enter or the button. */
  onSearch: (q: string | undefined) => void;
  className?: string;
  /** Filters applied at once (selects), after the box. */
  children?: ReactNode;
};

/** A list's toolbar: a search box submitted with Enter or its button, then the list's filters. */
export function SearchToolbar({ label, placeholder, value, onSearch, className, children }: Props) {
  const t = useT();
  const searchId = useId();
  const [q, setQ] = useState(value ?? "");
  useEffect(() => setQ(value ?? ""), [value]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(q.trim() || undefined);
  }

  return (
    <form className={className ? `toolbar ${className}` : "toolbar"} role="search" onSubmit={onSubmit} aria-label={label}>
      <div className={`field ${styles.fieldSearch}`}>
        <label htmlFor={searchId}>{label}</label>
        <div className="inline-controls">
          <input id={searchId} className="input" type="search" name="q" value={q} placeholder={placeholder} onChange={(e) => setQ(e.target.value)} />
          <button type="submit" className="btn btn-secondary">
            {t("common.search")}
          </button>
        </div>
      </div>
      {children}
    </form>
  );
}
