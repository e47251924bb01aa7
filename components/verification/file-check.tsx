"use client";

import { useRef, useState, type DragEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import { isIssuedFile } from "@/lib/verify-file";
import styles from "./verification.module.css";

type State = { kind: "idle" } | { kind: "checking" } | { kind: "done"; name: string; matches: boolean; sha256: string } | { kind: "error" };

/**
 * Drop or choose the PDF: it is hashed here (Web Crypto), never uploaded, and compared with the
 * SHA-256 recorded when the document was issued.
 */
export function FileCheck({ issuedSha256 }: { issuedSha256: string }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [over, setOver] = useState(false);

  async function check(file: File | undefined) {
    if (!file) return;
    setState({ kind: "checking" });
    try {
      const { matches, sha256 } = await isIssuedFile(await file.arrayBuffer(), issuedSha256);
      setState({ kind: "done", name: file.name, matches, sha256 });
    } catch {
      setState({ kind: "error" });
    }
  }
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };

  return (
    <section className={styles.section} aria-labelledby="file-check-title">
      <h2 id="file-check-title">{t("docVerify.fileTitle")}</h2>
      <p className={styles.help}>{t("docVerify.fileHelp")}</p>
      <div
        className={`${styles.drop} ${over ? styles.dropActive : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span aria-hidden="true">{t("docVerify.fileDrop")}</span>
        <label className="btn btn-primary">
          {t("docVerify.fileChoose")}
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="visually-hidden"
            data-testid="verify-file"
            onChange={(e) => {
              void check(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      <div className={styles.result} aria-live="polite">
        {state.kind === "checking" ? <p>{t("docVerify.fileChecking")}</p> : null}
        {state.kind === "done" && state.matches ? (
          <Alert kind="success">
            <span data-testid="verify-result" data-matches="true">
              {t("docVerify.fileMatch", { name: state.name })}
            </span>
          </Alert>
        ) : null}
        {state.kind === "done" && !state.matches ? (
          <Alert kind="error">
            <span data-testid="verify-result" data-matches="false">
              {t("docVerify.fileMismatch", { name: state.name, sha256: state.sha256 })}
            </span>
          </Alert>
        ) : null}
        {state.kind === "error" ? <Alert kind="error">{t("docVerify.fileError")}</Alert> : null}
      </div>
    </section>
  );
}
