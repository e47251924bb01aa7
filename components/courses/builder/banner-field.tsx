"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { CourseDetail } from "../course-types";
import { FileButton } from "../file-button";
import { fileToUpload, mediaFileUrl } from "../read-file";
import shared from "../shared.module.css";
import styles from "../lesson-editor.module.css";

/** Banner image: upload (POST /media, JSON base64) then link it (PATCH images/banner/reference); or unlink. */
export function BannerField({ course, readOnly, onSaved }: { course: CourseDetail; readOnly: boolean; onSaved: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const upload = useMutation(trpc.media.upload.mutationOptions());
  const link = useMutation(trpc.courses.setBannerImage.mutationOptions());
  const busy = upload.isPending || link.isPending;

  async function onFile(file: File) {
    setNotice(null);
    if (!file.type.startsWith("image/")) return setNotice({ kind: "error", text: t("creatorDetails.notImage") });
    try {
      const { data: media } = await upload.mutateAsync(await fileToUpload(file));
      await link.mutateAsync({ id: course.id, mediaId: media.id });
      setNotice({ kind: "success", text: t("creatorDetails.bannerSaved") });
      await onSaved();
    } catch (error) {
      setNotice({ kind: "error", text: errorMessage(error, t) });
    }
  }

  async function onRemove() {
    setNotice(null);
    try {
      await link.mutateAsync({ id: course.id, mediaId: null });
      setNotice({ kind: "success", text: t("creatorDetails.bannerRemoved") });
      await onSaved();
    } catch (error) {
      setNotice({ kind: "error", text: errorMessage(error, t) });
    }
  }

  return (
    <section className={`card ${shared.builderCard}`} aria-labelledby="banner-title">
      <h2 id="banner-title">{t("creatorDetails.banner")}</h2>
      <p className="field-hint">{t("creatorDetails.bannerHint")}</p>
      <div className={styles.bannerPreview}>
        {course.bannerMediaId ? <img src={mediaFileUrl(course.bannerMediaId)} alt={t("creatorDetails.bannerAlt")} /> : <p className="muted">{t("creatorDetails.bannerNone")}</p>}
      </div>
      <div aria-live="polite">
        {busy ? <p className="muted">{t("creatorDetails.uploading")}</p> : null}
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      </div>
      {readOnly ? null : (
        <div className="form-actions">
          <FileButton label={t("creatorDetails.bannerUpload")} accept="image/png,image/jpeg,image/webp,image/gif" disabled={busy} onFile={(f) => void onFile(f)} />
          {course.bannerMediaId ? (
            <button type="button" className="btn btn-ghost" onClick={() => void onRemove()} disabled={busy}>
              {t("creatorDetails.bannerRemove")}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
