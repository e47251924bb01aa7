"use client";

import type { TTechnicalCause } from "@/server/contracts/technical-causes";
import { useT } from "@/lib/i18n/client";

/**
 * A technical failure in plain language, worded from its cause code (technicalCauses.<code>),
 * with the raw detail (the transport's or the receiver's own text) folded below it.
 */
export function TechnicalError({ cause, detail, statusCode }: { cause: TTechnicalCause; detail: string | null; statusCode?: number | null }) {
  const t = useT();
  return (
    <span className="technical-error" data-cause={cause}>
      <span>{t(`technicalCauses.${cause}`, { status: statusCode ?? 0 })}</span>
      {detail ? (
        <details>
          <summary>{t("technicalCauses.detail")}</summary>
          <code>{detail}</code>
        </details>
      ) : null}
    </span>
  );
}
