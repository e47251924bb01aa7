"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { FileButton } from "../file-button";
import { fileToUpload, mediaFileUrl } from "../read-file";
import styles from "../lesson-editor.module.css";

type Props = {
  kind: "VIDEO" | "FILE" | "LIVE_SESSION";
  mediaId: string | null;
  mediaUrl: string;
  urlErrors?: string[];
  disabled?: boolean;
  onMediaId: (id: string | null) => void;
  onMediaUrl: (url: string) => void;
};

/** A lesson's media: an http(s) link, or (video and file lessons) an uploaded file (POST /media). */
export function LessonMediaField({ kind, mediaId, mediaUrl, urlErrors, disabled, onMediaId, onMediaUrl }: Props) {
  const t = useT();
  const trpc = useTRPC();
  const upload = useMutation(trpc.media.upload.mutationOptions());
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onFile(file: File) {
    setNotice(null);
    try {
      const { data } = await upload.mutateAsync(await fileToUpload(file));
      onMediaId(data.id);
      setNotice({ kind: "success", text: t("creatorLesson.uploaded", { name: data.fileName }) });
    } catch (e) {
      setNotice({ kind: "error", text: errorMessage(e, t) });
    }
  }

  return (
    <div className="stack media-field">
      <TextField
        name="mediaUrl"
        type="url"
        inputMode="url"
        label={kind === "LIVE_SESSION" ? t("creatorLesson.liveUrl") : t("creatorLesson.mediaUrl")}
        hint={t("creatorLesson.mediaUrlHint")}
        value={mediaUrl}
        onChange={(e) => onMediaUrl(e.target.value)}
        errors={urlErrors}
        disabled={disabled}
      />
      {kind === "LIVE_SESSION" ? null : (
        <div className="field">
          <span className="field-label">{t("creatorLesson.orUpload")}</span>
          {mediaId ? (
            <p className={styles.mediaCurrent}>
              {t("creatorLesson.currentMedia")} :{" "}
              <a href={mediaFileUrl(mediaId)} target="_blank" rel="noreferrer">
                {mediaId}
              </a>
            </p>
          ) : null}
          {disabled ? null : (
            <div className="form-actions">
              <FileButton label={kind === "VIDEO" ? t("creatorLesson.uploadVideo") : t("creatorLesson.upload")} accept={kind === "VIDEO" ? "video/*" : undefined} disabled={upload.isPending} onFile={(f) => void onFile(f)} />
              {mediaId ? (
                <button type="button" className="btn btn-ghost" onClick={() => onMediaId(null)}>
                  {t("creatorLesson.removeMedia")}
                </button>
              ) : null}
              <span className="field-hint">{t("creatorLesson.uploadLimit")}</span>
            </div>
          )}
          <div aria-live="polite">
            {upload.isPending ? <p className="muted">{t("creatorDetails.uploading")}</p> : null}
            {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
          </div>
        </div>
      )}
    </div>
  );
}
