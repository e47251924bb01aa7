import type { Translate } from "@/lib/i18n/translate";

/** "12 / 20" (registered / places), or "12" when there is no cap; the full sentence for screen readers. */
export function Capacity({ registered, max, t }: { registered: number; max: number | null; t: Translate }) {
  const full = max !== null && registered >= max;
  const label = max === null ? t("sessionsList.registeredNoCap", { count: registered }) : t("sessionsList.registeredOf", { count: registered, max });
  return (
    <span className={full ? "session-capacity session-capacity-full" : "session-capacity"} title={label}>
      <span aria-hidden="true">{max === null ? registered : `${registered} / ${max}`}</span>
      <span className="visually-hidden">{label}</span>
      {full ? <span className="badge session-full-badge">{t("sessionsList.full")}</span> : null}
    </span>
  );
}
