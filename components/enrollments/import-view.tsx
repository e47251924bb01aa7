"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import { parseEnrollmentCsv, type CsvRow } from "./csv";
import { importRow, type RowReport } from "./csv-import";
import { useCourseOptions } from "./use-course-options";
import styles from "./enrollments.module.css";
import { DataTable } from "@/components/ui/data-table";

function problemText(t: Translate, row: CsvRow): string {
  const p = row.problem!;
  if (p.kind === "badEmail") return t("learnEnroll.badEmail");
  return t(p.kind === "badCategory" ? "learnEnroll.badCategory" : "learnEnroll.badFinancing", { value: p.value });
}

/** CSV import: a course, pasted or uploaded lines, then a per-line report. */
export function ImportView() {
  const t = useT();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { courses } = useCourseOptions(false);
  const [courseId, setCourseId] = useState("");
  const [text, setText] = useState("");
  const [courseError, setCourseError] = useState<string[] | undefined>();
  const [running, setRunning] = useState(false);
  const [reports, setReports] = useState<RowReport[]>([]);
  const [total, setTotal] = useState(0);
  const rows = useMemo(() => parseEnrollmentCsv(text), [text]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCourseError(courseId ? undefined : [t("errors.required")]);
    if (!courseId || rows.length === 0) return;
    setRunning(true);
    setReports([]);
    setTotal(rows.length);
    const done: RowReport[] = [];
    for (const row of rows) {
      done.push(row.problem ? { row, result: "ERROR", message: problemText(t, row) } : await importRow(client, courseId, row));
      setReports([...done]);
    }
    setRunning(false);
    void queryClient.invalidateQueries(trpc.enrollments.list.pathFilter());
  }

  const count = (r: RowReport["result"]) => reports.filter((x) => x.result === r).length;
  const finished = !running && reports.length > 0 && reports.length === total;
  return (
    <>
      <p className="back-link">
        <Link href="/enrollments">← {t("learnEnroll.backToList")}</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{t("learnEnroll.importTitle")}</h1>
          <p>{t("learnEnroll.importIntro")}</p>
        </div>
      </div>
      <form className="card form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <SelectField
          name="courseId"
          label={t("learnEnroll.course")}
          value={courseId}
          errors={courseError}
          onChange={(e) => setCourseId(e.target.value)}
          options={[{ value: "", label: t("learnEnroll.chooseCourse") }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
        />
        <div className="field">
          <label htmlFor="csv-text">{t("learnEnroll.csvText")}</label>
          <textarea
            id="csv-text"
            className={`input ${styles.csvText}`}
            rows={8}
            spellCheck={false}
            value={text}
            aria-describedby="csv-hint csv-count"
            placeholder={"email;traineeCategory;financingSource\nlearner@acme.test;SAL;OPCO"}
            onChange={(e) => setText(e.target.value)}
          />
          <p id="csv-hint" className="field-hint">
            {t("learnEnroll.csvHint")}
          </p>
        </div>
        <div className="field">
          <label htmlFor="csv-file">{t("learnEnroll.csvFile")}</label>
          <input id="csv-file" className="input" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void onFile(e)} />
        </div>
        <p id="csv-count" className="muted" aria-live="polite">
          {text.trim() ? t("learnEnroll.preview", { count: rows.length }) : ""}
        </p>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={running || rows.length === 0}>
            {t("learnEnroll.importSubmit", { count: rows.length })}
          </button>
        </div>
      </form>

      <div aria-live="polite" className={`stack ${styles.importStatus}`}>
        {running ? (
          <p role="status" className="muted">
            {t("learnEnroll.importing", { done: reports.length, total })}
          </p>
        ) : null}
        {finished ? (
          <Alert kind={count("ERROR") + count("UNKNOWN") > 0 ? "info" : "success"}>
            {t("learnEnroll.importDone", { enrolled: count("ENROLLED"), already: count("ALREADY"), unknown: count("UNKNOWN"), errors: count("ERROR") })}
          </Alert>
        ) : null}
      </div>

      {reports.length ? (
        <section className={styles.importReport} aria-labelledby="report-title">
          <h2 id="report-title">{t("learnEnroll.reportTitle")}</h2>
          <DataTable caption={t("learnEnroll.reportCaption")} stack={false} columns={[t("learnEnroll.colLine"), t("learnEnroll.colEmail"), t("learnEnroll.colResult")]}>
            {reports.map((r) => (
              <tr key={r.row.line}>
                <td>{r.row.line}</td>
                <td className="wrap-anywhere">{r.row.email || "—"}</td>
                <td>
                  <span className={`badge ${styles[`badge-row-${r.result}`]}`}>{t(`learnEnroll.ROW_${r.result}` as MessageKey)}</span>
                  {r.message ? <span className={`muted ${styles.rowMessage}`}> {r.message}</span> : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
    </>
  );
}
