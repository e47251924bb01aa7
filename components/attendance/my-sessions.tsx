"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
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
      {live.length ? <Group title={t("attMy.liveNow")} items={live} now={now} /> : null}
      {upcoming.length ? <Group title={t("attMy.upcoming")} items={upcoming} now={now} /> : null}
    </div>
  );
}

function Group({ title, items, now }: { title: string; items: UpcomingSession[]; now: number }) {
  return (
    <section aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <ul className={styles.sessionCards}>
        {items.map((s) => (
          <li key={s.sessionId}>
            <SessionCard session={{ ...s, id: s.sessionId }} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
