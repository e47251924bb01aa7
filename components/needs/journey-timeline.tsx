"use client";

import { useQuery } from "@tanstack/react-query";
import type { TTimelineEvent } from "@/server/contracts/needs";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import type { Translate } from "@/lib/i18n/translate";
import { useTRPC } from "@/lib/trpc";
import { formatDateTimeYear } from "./format";
import styles from "./needs.module.css";

/** The signing methods, worded by sessionsAttendance.method_<METHOD>. */
const SIGNING_METHODS = ["QR", "QR_CODE", "PIN", "CANVAS", "AUTO", "OVERRIDE"] as const;
const LEVELS = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;
const isLevel = (v: unknown): v is (typeof LEVELS)[number] => typeof v === "string" && (LEVELS as readonly string[]).includes(v);

/** The detail line of an event, worded from its metadata (the API's description is English). */
function detail(e: TTimelineEvent, t: Translate): string | null {
  const m = e.metadata ?? {};
  switch (e.type) {
    case "NEEDS_ANALYSIS_COMPLETED":
      return isLevel(m.currentLevel) && isLevel(m.targetLevel) ? t("needs.detailLevels", { from: t(`needs.level_${m.currentLevel}`), to: t(`needs.level_${m.targetLevel}`) }) : null;
    case "PRE_QUESTIONNAIRE_COMPLETED":
    case "POST_QUESTIONNAIRE_COMPLETED":
      return typeof m.percentage === "number" ? t("needs.detailScore", { value: m.percentage }) : null;
    case "SESSION_ATTENDED":
      return typeof m.minutes === "number" ? t("needs.detailMinutes", { minutes: m.minutes }) : null;
    case "EMARGEMENT_SIGNED":
      return typeof m.method === "string" && (SIGNING_METHODS as readonly string[]).includes(m.method) ? t("needs.detailMethod", { method: t(`sessionsAttendance.method_${m.method as (typeof SIGNING_METHODS)[number]}`) }) : null;
    default:
      return null;
  }
}

/** The learner journey (PAF timeline) of an enrollment, oldest first: for the learner, an ADMIN or the course's owner. */
export function JourneyTimeline({ enrollmentId, headingLevel = 2 }: { enrollmentId: string; headingLevel?: 2 | 3 }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const timeZone = useTenantTimeZone();
  const q = useQuery(trpc.needs.timeline.queryOptions({ id: enrollmentId }));
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card" aria-labelledby={`journey-${enrollmentId}`}>
      <Heading id={`journey-${enrollmentId}`}>{t("needs.journey")}</Heading>
      <p className="muted">{t("needs.journeyIntro")}</p>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <Alert kind="error">{errorMessage(q.error, t)}</Alert> : null}
      {q.data && q.data.data.events.length === 0 ? <p>{t("needs.journeyEmpty")}</p> : null}
      {q.data && q.data.data.events.length > 0 ? (
        <ol className={styles.timeline} data-testid="journey-timeline">
          {q.data.data.events.map((e, i) => {
            const more = detail(e, t);
            return (
              <li key={`${e.type}-${e.date}-${i}`} className={styles.event}>
                <time dateTime={e.date}>{formatDateTimeYear(e.date, locale, timeZone)}</time>
                <strong>{t(`needs.event_${e.type}`)}</strong>
                {more ? <span>{more}</span> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
