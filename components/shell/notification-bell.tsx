"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import type { TNotification } from "@/server/contracts/notifications";
import { formatDateTime } from "@/components/attendance/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./shell.module.css";

/** How often the header asks for the unread count: a CRITICAL complaint shows within this delay. */
const POLL_MS = 20_000;

/** The bell of the header: unread count (polled), the newest notifications, mark read on open of one, or all. */
export function NotificationBell() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const count = useQuery({ ...trpc.notifications.unreadCount.queryOptions({}), refetchInterval: POLL_MS });
  const list = useQuery({ ...trpc.notifications.list.queryOptions({ page: 1, perPage: 10 }), enabled: open });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  };
  const read = useMutation(trpc.notifications.read.mutationOptions({ onSuccess: refresh }));
  const readAll = useMutation(trpc.notifications.readAll.mutationOptions({ onSuccess: refresh }));
  const unread = count.data?.data.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  const text = (n: TNotification) => {
    if (n.kind === "quote.requested") return t("notifications.quoteRequested", { company: n.vars.company ?? "", course: n.vars.course ?? "", learners: Number(n.vars.learners ?? 0) });
    const due = n.vars.slaDueAt ? formatDateTime(n.vars.slaDueAt, locale, timeZone) : "";
    return t("notifications.complaintCritical", { subject: n.vars.subject ?? "", due });
  };

  return (
    <div className={styles.userMenu} ref={root}>
      <button
        type="button"
        className={styles.bellButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("notifications.bell", { count: unread })}
        onClick={() => setOpen((v) => !v)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 ? (
          <span className={styles.bellBadge} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className={`${styles.userMenuPanel} ${styles.bellPanel}`} id={panelId}>
          <div className={styles.bellHead}>
            <strong>{t("notifications.title")}</strong>
            {unread > 0 ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={readAll.isPending} onClick={() => readAll.mutate({})}>
                {t("notifications.readAll")}
              </button>
            ) : null}
          </div>
          {list.data && list.data.data.length === 0 ? <p className="muted">{t("notifications.empty")}</p> : null}
          <ul className={styles.bellList}>
            {(list.data?.data ?? []).map((n) => (
              <li key={n.id} data-unread={n.readAt ? undefined : "true"}>
                <a
                  href={n.link ?? "#"}
                  onClick={() => {
                    if (!n.readAt) read.mutate({ id: n.id });
                  }}
                >
                  {n.readAt ? null : <span className="visually-hidden">{t("notifications.unread")} </span>}
                  {text(n)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
