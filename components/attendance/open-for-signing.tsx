"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./attendance.module.css";
import { formatTime, methodKey } from "./format";
import { SessionCard } from "./session-card";
import { useNow } from "./use-now";
import { Loading } from "@/components/ui/skeleton";

/**
 * The sessions the learner can sign right now, signed or not: the server's list
 * (attendanceSigning.openNow, its signing window rule; a session over several days included), each
 * with the caller's signature of what is to sign now.
 */
export function OpenForSigning() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const now = useNow(30_000);
  const list = useQuery({ ...trpc.attendanceSigning.openNow.queryOptions({}), refetchInterval: 60_000 });

  if (list.isPending) {
    return <Loading shape="cards" />;
  }
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  const open = list.data.data;
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
      {open.map(({ session: s, signature }) => {
        const signed = signature ? (
          <div className={styles.signedNote}>
            <p>
              <span aria-hidden="true">✓ </span>
              {t("attMy.signedAt", { time: formatTime(signature.signedAt, locale, timeZone), method: t(methodKey(signature.method)) })}
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
