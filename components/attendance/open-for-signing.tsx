"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { formatTime, isSigningOpen, methodKey } from "./format";
import { SessionCard } from "./session-card";
import { useNow } from "./use-now";
import { Loading } from "@/components/ui/skeleton";

const OWN = new Set(["QR", "QR_CODE", "PIN", "CANVAS"]);
/** Sessions last at most 24 h and stay open 2 h after their end: older starts cannot be open. */
const LOOKBACK_MS = 26 * 3600_000;
const LOOKAHEAD_MS = 30 * 60_000;

/** Sessions the learner can sign right now (window: 30 min before the start to 2 h after the end), signed or not. */
export function OpenForSigning() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [anchor] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const now = useNow(30_000);
  const list = useQuery(
    trpc.sessions.list.queryOptions({ fromDate: new Date(anchor - LOOKBACK_MS).toISOString(), toDate: new Date(anchor + LOOKAHEAD_MS).toISOString(), limit: 100 }),
  );
  const open = (list.data?.data ?? []).filter((s) => isSigningOpen(s, now));
  const records = useQueries({ queries: open.map((s) => trpc.attendance.sessionRecords.queryOptions({ sessionId: s.id })) });

  if (list.isPending) {
    return <Loading shape="cards" />;
  }
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  if (open.length === 0) {
    return (
      <EmptyState
        title={t("attMy.noneOpenTitle")}
        action={
          <Link className="btn btn-secondary" href="/my-sessions">
            {t("attMy.title")}
          </Link>
        }
      >
        <p>{t("attMy.noneOpenBody")}</p>
      </EmptyState>
    );
  }
  return (
    <ul className={styles.sessionCards}>
      {open.map((s, i) => {
        const own = records[i]?.data?.data.find((r) => OWN.has(r.method) && !r.slotId);
        const signed = own ? (
          <div className={styles.signedNote}>
            <p>
              <span aria-hidden="true">✓ </span>
              {t("attMy.signedAt", { time: formatTime(own.signedAt, locale, timeZone), method: t(methodKey(own.method)) })}
            </p>
            <Link href={`/sessions/${s.id}/sign`}>{t("attSign.seeProof")}</Link>
          </div>
        ) : undefined;
        return (
          <li key={s.id}>
            <SessionCard session={s} now={now} signed={signed} />
          </li>
        );
      })}
    </ul>
  );
}
