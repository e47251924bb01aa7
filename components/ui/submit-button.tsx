"use client";

import { useT } from "@/lib/i18n/client";

/** A form's primary submit button: disabled while its mutation runs, and saying so. */
export function SubmitButton({ pending, label, disabled = false }: { pending: boolean; label: string; disabled?: boolean }) {
  const t = useT();
  return (
    <button type="submit" className="btn btn-primary" disabled={pending || disabled}>
      {pending ? t("common.saving") : label}
    </button>
  );
}
