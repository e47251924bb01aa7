"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { CourseDetail } from "../course-types";
import { CourseStatusBadge } from "../status-badge";
import { useConfirm } from "./confirm-context";
import { publicationErrors, publishErrorText } from "./publication-labels";
import shared from "../shared.module.css";
import styles from "../builder.module.css";

type Notice = { kind: "success" | "error"; text: string; link?: { href: string; label: string }; list?: { field: string; text: string }[] };

/** Title, status and the lifecycle actions: publish (blockers listed on 422), unpublish or restore, duplicate, archive. */
export function BuilderHeader({ course, isAdmin, onChanged, onGoTo }: { course: CourseDetail; isAdmin: boolean; onChanged: () => Promise<void>; onGoTo: (field: string) => void }) {
  const t = useT();
  const trpc = useTRPC();
  const [notice, setNotice] = useState<Notice | null>(null);
  const confirm = useConfirm();
  const publish = useMutation(trpc.courses.publish.mutationOptions());
  const update = useMutation(trpc.courses.update.mutationOptions());
  const duplicate = useMutation(trpc.courses.duplicate.mutationOptions());
  const archive = useMutation(trpc.courses.archive.mutationOptions());
  const busy = publish.isPending || update.isPending || duplicate.isPending || archive.isPending;

  async function run(action: () => Promise<Notice>) {
    setNotice(null);
    try {
      setNotice(await action());
    } catch (error) {
      const list = errorInfo(error).status === 422 ? publicationErrors(error) : null;
      if (list?.length) setNotice({ kind: "error", text: t("creatorBuilder.publishFailed"), list: list.map((m) => publishErrorText(m, t)) });
      else setNotice({ kind: "error", text: errorMessage(error, t) });
    } finally {
      await onChanged();
    }
  }

  const onPublish = () => run(async () => (await publish.mutateAsync({ id: course.id }), { kind: "success", text: t("creatorBuilder.published") }));
  const onToDraft = () =>
    run(async () => {
      await update.mutateAsync({ id: course.id, status: "DRAFT" });
      return { kind: "success", text: course.status === "ARCHIVED" ? t("creatorBuilder.restored") : t("creatorBuilder.unpublished") };
    });
  const onDuplicate = () =>
    run(async () => {
      const { data } = await duplicate.mutateAsync({ id: course.id });
      return { kind: "success", text: t("creatorBuilder.duplicated", { title: data.title }), link: { href: `/courses/${data.id}`, label: t("creatorBuilder.openCopy") } };
    });
  async function onArchive() {
    const ok = await confirm({
      title: t("creatorBuilder.archiveTitle"),
      message: t("creatorBuilder.archiveMessage", { title: course.title }),
      confirmLabel: t("creatorBuilder.archive"),
      danger: true,
    });
    if (!ok) return;
    await run(async () => (await archive.mutateAsync({ id: course.id }), { kind: "success", text: t("creatorBuilder.archived") }));
  }

  return (
    <header>
      <p className="breadcrumb">
        <Link href="/courses">← {isAdmin ? t("creatorBuilder.backAll") : t("creatorBuilder.back")}</Link>
      </p>
      <div className={`page-header ${styles.builderTitleRow}`}>
        <div className={styles.builderTitle}>
          <h1>{course.title}</h1>
          <p className={styles.builderMeta}>
            <CourseStatusBadge status={course.status} t={t} />
            <span className="muted">{t("creatorBuilder.slug", { slug: course.slug })}</span>
          </p>
        </div>
        <div className={`form-actions ${styles.builderActions}`} role="group" aria-label={t("creatorBuilder.actions")}>
          {course.status === "DRAFT" ? (
            <button type="button" className="btn btn-primary" onClick={() => void onPublish()} disabled={busy}>
              {publish.isPending ? t("creatorBuilder.publishing") : t("creatorBuilder.publish")}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => void onToDraft()} disabled={busy}>
              {course.status === "ARCHIVED" ? t("creatorBuilder.restore") : t("creatorBuilder.unpublish")}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => void onDuplicate()} disabled={busy}>
            {t("creatorBuilder.duplicate")}
          </button>
          {course.status !== "ARCHIVED" ? (
            <button type="button" className="btn btn-ghost btn-danger-text" onClick={() => void onArchive()} disabled={busy}>
              {t("creatorBuilder.archive")}
            </button>
          ) : null}
        </div>
      </div>
      <div aria-live="polite" className={styles.builderNotice}>
        {notice ? (
          <Alert kind={notice.kind}>
            <p className={shared.alertTitle}>{notice.text}</p>
            {notice.list ? (
              <ul className={styles.publishErrors}>
                {notice.list.map((item, i) => (
                  <li key={i}>
                    {item.text}{" "}
                    <button type="button" className={shared.linkButton} onClick={() => onGoTo(item.field)}>
                      {t("creatorChecklist.goTo")}
                      <span className="visually-hidden"> : {item.text}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {notice.link ? (
              <p className={styles.alertLink}>
                <Link href={notice.link.href}>{notice.link.label}</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        {course.status === "ARCHIVED" ? <Alert kind="info">{t("creatorBuilder.archivedReadOnly")}</Alert> : null}
      </div>
    </header>
  );
}
