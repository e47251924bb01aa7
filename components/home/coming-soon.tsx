import { EmptyState } from "@/components/ui/empty-state";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";

/** A section that is not built yet, saying plainly what it will hold. */
export function ComingSoon({ t, title, description, lead }: { t: Translate; title: MessageKey; description: MessageKey; lead?: string }) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t(title)}</h1>
          {lead ? <p>{lead}</p> : null}
        </div>
      </div>
      <EmptyState title={t("comingSoon.intro")} badge={t("comingSoon.badge")}>
        <p>
          {t("comingSoon.willContain")} {t(description)}
        </p>
      </EmptyState>
    </>
  );
}
