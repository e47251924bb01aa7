"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { TSessionDetail } from "@/server/contracts/sessions";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./sessions.module.css";

type Pending = "end" | "cancel" | null;

/** A moderator's buttons: start, end (confirmed), live screen, edit, cancel (confirmed; e-mails go out). */
export function SessionActions({ session, onNotice }: { session: TSessionDetail; onNotice: (text: string) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.sessions.pathFilter()), queryClient.invalidateQueries(trpc.qualiopiAttendance.pathFilter())]);
  const start = useMutation(trpc.sessions.start.mutationOptions());
  const end = useMutation(trpc.sessions.end.mutationOptions());
  const cancel = useMutation(trpc.sessions.cancel.mutationOptions());
  const failed = [start, end, cancel].find((m) => m.isError);

  function reset() {
    for (const m of [start, end, cancel]) m.reset();
  }
  async function run(action: "start" | "end" | "cancel") {
    reset();
    try {
      const mutation = { start, end, cancel }[action];
      await mutation.mutateAsync({ id: session.id });
      onNotice(t(action === "start" ? "sessionsDetail.started" : action === "end" ? "sessionsDetail.ended" : "sessionsDetail.cancelled"));
      await refresh();
    } catch {
      // Shown below.
    } finally {
      setPending(null);
    }
  }

  const scheduled = session.status === "SCHEDULED";
  const live = session.status === "LIVE";
  const busy = start.isPending || end.isPending || cancel.isPending;
  return (
    <>
      <div className={styles.sessionActions} role="group" aria-label={t("sessionsDetail.actions")}>
        {scheduled ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run("start")}>
            {start.isPending ? t("sessionsDetail.starting") : t("sessionsDetail.start")}
          </button>
        ) : null}
        {live ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => { reset(); setPending("end"); }}>
            {t("sessionsDetail.end")}
          </button>
        ) : null}
        {scheduled || live ? (
          <Link className="btn btn-secondary" href={`/sessions/${session.id}/live`}>
            {t("sessionsDetail.openLive")}
          </Link>
        ) : null}
        <Link className="btn btn-secondary" href={`/sessions/${session.id}/attendance`}>
          {t("sessionsDetail.attendanceLink")}
        </Link>
        {scheduled ? (
          <Link className="btn btn-secondary" href={`/sessions/${session.id}/edit`}>
            {t("sessionsDetail.edit")}
          </Link>
        ) : null}
        {scheduled ? (
          <button type="button" className="btn btn-secondary btn-danger-text" disabled={busy} onClick={() => { reset(); setPending("cancel"); }}>
            {t("sessionsDetail.cancel")}
          </button>
        ) : null}
      </div>
      {failed ? <Alert kind="error">{errorMessage(failed.error, t)}</Alert> : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending === "end" ? t("sessionsDetail.endTitle") : t("sessionsDetail.cancelTitle")}
        message={pending === "end" ? t("sessionsDetail.endMessage") : t("sessionsDetail.cancelMessage", { title: session.title })}
        confirmLabel={pending === "end" ? t("sessionsDetail.endConfirm") : t("sessionsDetail.cancelConfirm")}
        cancelLabel={pending === "end" ? t("sessionsDetail.endKeep") : t("sessionsDetail.cancelKeep")}
        danger={pending === "cancel"}
        busy={busy}
        onConfirm={() => void run(pending === "end" ? "end" : "cancel")}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
