"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n, useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { formatTime } from "./format";
import { SessionCard } from "./session-card";
import type { UpcomingSession } from "./types";
import { useNow } from "./use-now";
import { Loading } from "@/components/ui/skeleton";

/** The learner's live sessions now and to come (enrollments.upcomingSessions), each with Sign and Join. */
export function MySessions() {
  const t = useT();
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.enrollments.upcomingSessions.queryOptions({ limit: 50 }), refetchInterval: 60_000 });
  const now = useNow(30_000);
  // What is open for signing now, with the learner's signature of the slot to sign (or of the session).
  const open = useQuery({ ...trpc.attendanceSigning.openNow.queryOptions({}), refetchInterval: 60_000 });
  const signedAt = new Map((open.data?.data ?? []).flatMap((o) => (o.signature ? [[o.session.id, o.signature.signedAt] as const] : [])));

  if (list.isPending) {
    return <Loading shape="cards" />;
  }
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  const all = list.data.data;
  if (all.length === 0) {
    return (
      <EmptyState
        title={t("attMy.emptyTitle")}
        action={
          <Link className="btn btn-secondary" href="/">
            {t("nav.myCourses")}
          </Link>
        }
      >
        <p>{t("attMy.emptyBody")}</p>
      </EmptyState>
    );
  }
  const live = all.filter((s) => s.status === "LIVE");
  const upcoming = all.filter((s) => s.status !== "LIVE");
  return (
    <div className="stack-lg">
      {live.length ? <Group title={t("attMy.liveNow")} items={live} now={now} signedAt={signedAt} /> : null}
      {upcoming.length ? <Group title={t("attMy.upcoming")} items={upcoming} now={now} signedAt={signedAt} /> : null}
    </div>
  );
}

/** Instead of "Signer ma présence" once the learner signed what is to sign now: "Signé à 14:02" and the proof. */
function Signed({ sessionId, at }: { sessionId: string; at: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <div className={styles.signedNote} data-testid="signed-at">
      <p>
        <span aria-hidden="true">✓ </span>
        {t("attNow.signedAt", { time: formatTime(at, locale, timeZone) })}
      </p>
      <Link href={`/sessions/${sessionId}/sign`}>{t("attSign.seeProof")}</Link>
    </div>
  );
}

function Group({ title, items, now, signedAt }: { title: string; items: UpcomingSession[]; now: number; signedAt: Map<string, string> }) {
  return (
    <section aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul className={styles.sessionCards}>
        {items.map((s) => (
          <li key={s.sessionId}>
            <SessionCard
              session={{ ...s, id: s.sessionId }}
              now={now}
              signed={signedAt.has(s.sessionId) ? <Signed sessionId={s.sessionId} at={signedAt.get(s.sessionId)!} /> : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
