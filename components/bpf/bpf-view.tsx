"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { useMe } from "@/components/shell/me-context";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { TBpfInput } from "@/server/contracts/bpf";
import { BpfInputs } from "./bpf-inputs";
import styles from "./bpf.module.css";

const PER_PAGE = 20;

/** ADMIN and FINANCIER: the live current year, a year's snapshot with every figure linked to its records, generate, CSV/PDF, submission. */
export function BpfView() {
  const { t } = useI18n();
  const me = useMe();
  if (me.role !== "ADMIN" && me.role !== "FINANCIER") {
    return (
      <>
        <h1>{t("bpf.title")}</h1>
        <Alert kind="error">{t("bpf.forbidden")}</Alert>
      </>
    );
  }
  return <Workspace />;
}

function useFormat() {
  const { locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return {
    money: (n: number) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(n),
    num: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n),
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: iso.length === 10 ? "UTC" : timeZone }).format(new Date(iso)),
    dateTime: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(iso)),
  };
}

function Workspace() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const f = useFormat();
  const live = useQuery(trpc.bpf.currentYear.queryOptions({}));
  const current = live.data?.data.year ?? new Date().getFullYear();
  const [year, setYear] = useState<number | null>(null);
  const shown = year ?? current - 1;
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("bpf.title")}</h1>
          <p>{t("bpf.intro")}</p>
        </div>
      </div>
      <section className={`card ${styles.live}`} aria-labelledby="bpf-live">
        <h2 id="bpf-live">{t("bpf.live", { year: current })}</h2>
        {live.isPending ? <Loading /> : null}
        {live.isError ? <Alert kind="error">{errorMessage(live.error, t)}</Alert> : null}
        {live.data ? (
          <>
            <dl className={styles.totals}>
              <div>
                <dt>{t("bpf.trainees")}</dt>
                <dd>{f.num(live.data.data.totalTrainees)}</dd>
              </div>
              <div>
                <dt>{t("bpf.hours")}</dt>
                <dd>{f.num(live.data.data.totalHours)}</dd>
              </div>
              <div>
                <dt>{t("bpf.revenue")}</dt>
                <dd>{f.money(live.data.data.totalRevenueHT)}</dd>
              </div>
            </dl>
            <p className="muted">{t("bpf.liveAsOf", { date: f.dateTime(live.data.data.asOf) })}</p>
          </>
        ) : null}
      </section>
      <div className={styles.toolbar}>
        <SelectField name="year" label={t("bpf.year")} value={String(shown)} onChange={(e) => setYear(Number(e.target.value))} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
      </div>
      <YearPanel key={shown} year={shown} />
      <BpfInputs year={shown} />
    </>
  );
}

function YearPanel({ year }: { year: number }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const f = useFormat();
  const queryClient = useQueryClient();
  const snapshot = useQuery({ ...trpc.bpf.get.queryOptions({ year }), retry: false });
  const [confirmForce, setConfirmForce] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cell, setCell] = useState<{ cell: string; label: string } | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.bpf.pathFilter());
  };
  const generate = useMutation(
    trpc.bpf.generate.mutationOptions({
      onSuccess: async () => {
        setConfirmForce(false);
        setNotice(t("bpf.generated", { year }));
        setCell(null);
        await refresh();
      },
    }),
  );
  const notFound = snapshot.isError && errorInfo(snapshot.error).status === 404;
  const s = snapshot.data?.data;
  const drill = (c: string, label: string) => setCell({ cell: c, label });
  const Fig = ({ c, label, children }: { c: string; label: string; children: ReactNode }) => (
    <button type="button" className={styles.fig} onClick={() => drill(c, label)}>
      {children} <span className="visually-hidden">{t("bpf.showDetail", { what: label })}</span>
    </button>
  );

  return (
    <section className={styles.stack} aria-labelledby="bpf-year">
      <h2 id="bpf-year">
        {t("bpf.title")} {year}
      </h2>
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
      {snapshot.isPending ? <Loading /> : null}
      {snapshot.isError && !notFound ? <Alert kind="error">{errorMessage(snapshot.error, t)}</Alert> : null}
      {notFound ? (
        <div className={styles.row}>
          <p>{t("bpf.notGenerated", { year })}</p>
          <button type="button" className="btn btn-primary" disabled={generate.isPending} onClick={() => generate.mutate({ year, force: false })}>
            {t("bpf.generate")}
          </button>
        </div>
      ) : null}
      {s ? (
        <>
          <div className={`card ${styles.status}`}>
            <p>
              <span className={`badge ${s.status === "SUBMITTED" ? styles.submitted : ""}`}>{t(`bpf.status${s.status}`)}</span> {t("bpf.generatedAt", { date: f.dateTime(s.generatedAt) })}
            </p>
            {s.status === "SUBMITTED" && s.submittedAt ? <p>{t("bpf.submittedInfo", { date: f.date(s.submittedAt), receipt: s.receiptId ?? "" })}</p> : null}
            {s.notes ? <p className="muted">{s.notes}</p> : null}
            <div className={styles.row}>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={generate.isPending}
                onClick={() => (s.status === "SUBMITTED" ? setConfirmForce(true) : generate.mutate({ year, force: false }))}
              >
                {t("bpf.regenerate")}
              </button>
              {s.status === "GENERATED" ? (
                <button type="button" className="btn btn-primary" onClick={() => setSubmitting(true)}>
                  {t("bpf.submit")}
                </button>
              ) : null}
              <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export`} download>
                {t("bpf.downloadPdf")}
              </a>
              <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export-csv`} download>
                {t("bpf.downloadCsv")}
              </a>
              <a className="btn btn-secondary" href={`/api/v1/bpf/year/${year}/export-csv?format=xlsx`} download>
                {t("bpf.downloadXlsx")}
              </a>
            </div>
          </div>

          <MissingInputs inputs={s.frames.inputs} />

          <div className={styles.grid}>
            <div className="card">
              <h3>{t("bpf.totals")}</h3>
              <dl className={styles.totals}>
                <div>
                  <dt>{t("bpf.trainees")}</dt>
                  <dd>
                    <Fig c="trainees" label={t("bpf.trainees")}>
                      {f.num(s.totalTrainees)}
                    </Fig>
                  </dd>
                </div>
                <div>
                  <dt>{t("bpf.hours")}</dt>
                  <dd>
                    <Fig c="hours" label={t("bpf.hours")}>
                      {f.num(s.totalHours)}
                    </Fig>
                  </dd>
                </div>
                <div>
                  <dt>{t("bpf.revenue")}</dt>
                  <dd>
                    <Fig c="revenue" label={t("bpf.revenue")}>
                      {f.money(s.totalRevenueHT)}
                    </Fig>
                  </dd>
                </div>
              </dl>
            </div>

            <FigureTable title={t("bpf.financingSources")}>
              {(["opco", "cpf", "poleEmploi", "employer", "self"] as const).map((k) => (
                <tr key={k}>
                  <th scope="row">{t(`bpf.source_${k}`)}</th>
                  <td>
                    <Fig c={`financing-${k}`} label={t(`bpf.source_${k}`)}>
                      {f.money(s.financingSources[k])}
                    </Fig>
                  </td>
                </tr>
              ))}
            </FigureTable>

            <FigureTable title={t("bpf.byCategory")} columns={[t("bpf.category"), t("bpf.count"), t("bpf.hours"), t("bpf.revenue")]}>
              {s.byCategory.map((c) => (
                <tr key={c.code}>
                  <th scope="row">
                    {c.code} — {c.label}
                  </th>
                  <td>
                    <Fig c={`category-${c.code}`} label={c.label}>
                      {f.num(c.count)}
                    </Fig>
                  </td>
                  <td>{f.num(c.hours)}</td>
                  <td>{f.money(c.revenueHT)}</td>
                </tr>
              ))}
            </FigureTable>

            <FigureTable title={t("bpf.frameF1")} columns={[t("bpf.category"), t("bpf.count"), t("bpf.hours")]}>
              {s.frames.f1.rows.map((r) => (
                <tr key={r.row}>
                  <th scope="row">{t(`bpf.f1_${r.row}`)}</th>
                  <td>
                    <Fig c={`f1-${r.row}`} label={t(`bpf.f1_${r.row}`)}>
                      {f.num(r.trainees)}
                    </Fig>
                  </td>
                  <td>{f.num(r.hours)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Total</th>
                <td>{f.num(s.frames.f1.totalTrainees)}</td>
                <td>{f.num(s.frames.f1.totalHours)}</td>
              </tr>
            </FigureTable>

            <FigureTable title={t("bpf.frameC")} columns={[t("bpf.line"), t("bpf.amount")]}>
              {s.frames.c.lines.map((l) => (
                <tr key={l.line}>
                  <th scope="row">{l.line}</th>
                  <td>
                    <Fig c={`c-${l.line}`} label={`${t("bpf.line")} ${l.line}`}>
                      {f.money(l.amount)}
                    </Fig>
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t("bpf.line2")}</th>
                <td>
                  <Fig c="c-2" label={t("bpf.line2")}>
                    {f.money(s.frames.c.line2)}
                  </Fig>
                </td>
              </tr>
              <tr>
                <th scope="row">{t("bpf.totalC")}</th>
                <td>
                  <Fig c="revenue" label={t("bpf.totalC")}>
                    {f.money(s.frames.c.total)}
                  </Fig>
                </td>
              </tr>
            </FigureTable>

            <div className="card">
              <h3>{t("bpf.frameOther")}</h3>
              <dl className={styles.frameList}>
                <div>
                  <dt>{t("bpf.share")}</dt>
                  <dd>{s.frames.c.trainingShare === null ? t("bpf.notEntered") : `${f.num(s.frames.c.trainingShare)} %`}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameD")}</dt>
                  <dd>{s.frames.d ? `${f.money(s.frames.d.totalCharges)} (${t("bpf.ofWhichSalaries")} ${f.money(s.frames.d.trainerSalaries)}, ${t("bpf.ofWhichPurchases")} ${f.money(s.frames.d.trainingPurchases)})` : t("bpf.notEntered")}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameE1")}</dt>
                  <dd>{t("bpf.peopleHours", { people: s.frames.e.internal.people, hours: f.num(s.frames.e.internal.hours) })}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameE2")}</dt>
                  <dd>{s.frames.e.external ? t("bpf.peopleHours", { people: s.frames.e.external.people, hours: f.num(s.frames.e.external.hours) }) : t("bpf.notEntered")}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameF2")}</dt>
                  <dd>{s.frames.f2 ? t("bpf.traineesHours", { trainees: s.frames.f2.trainees, hours: f.num(s.frames.f2.hours) }) : t("bpf.notEntered")}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameG")}</dt>
                  <dd>{s.frames.g ? t("bpf.traineesHours", { trainees: s.frames.g.trainees, hours: f.num(s.frames.g.hours) }) : t("bpf.notEntered")}</dd>
                </div>
                <div>
                  <dt>{t("bpf.frameH")}</dt>
                  <dd>
                    {s.frames.h.directorName && s.frames.h.directorRole ? `${s.frames.h.directorName}, ${s.frames.h.directorRole}` : t("bpf.notEntered")}
                    {s.frames.h.date ? ` — ${f.date(s.frames.h.date)}` : ""}
                  </dd>
                </div>
              </dl>
            </div>

            <FigureTable title={t("bpf.frameF3")} columns={[t("bpf.objective"), t("bpf.count"), t("bpf.hours")]}>
              <TraineeHourRows frame={s.frames.f3 && { ...s.frames.f3, rows: s.frames.f3.rows.map((r) => ({ key: r.row, label: t(`bpf.f3_${r.row}`), trainees: r.trainees, hours: r.hours })) }} />
            </FigureTable>

            <FigureTable title={t("bpf.frameF4")} columns={[t("bpf.nsfCode"), t("bpf.count"), t("bpf.hours")]}>
              <TraineeHourRows frame={s.frames.f4 && { ...s.frames.f4, rows: s.frames.f4.rows.map((r) => ({ key: r.code, label: r.code === "other" ? t("bpf.otherSpecialities") : `${r.code} — ${r.label}`, trainees: r.trainees, hours: r.hours })) }} />
            </FigureTable>

            <div className="card">
              <h3>{t("bpf.checks")}</h3>
              <ul className={styles.checks}>
                {s.checks.map((c) => (
                  <li key={c.code} className={c.ok ? styles.ok : styles.ko}>
                    {c.label} — {c.ok ? t("bpf.checkOk") : t("bpf.checkKo", { expected: f.num(c.expected), actual: f.num(c.actual) })}
                  </li>
                ))}
              </ul>
              <h3>{t("bpf.anomalies")}</h3>
              <p>
                {t("bpf.anomaliesText", { category: s.anomalies.traineesWithoutCategory, financing: s.anomalies.traineesWithoutFinancing, invoices: s.anomalies.invoicesWithoutSource })}{" "}
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => drill("anomalies", t("bpf.anomalies"))}>
                  {t("bpf.seeAnomalies")}
                </button>
              </p>
              {s.frames.gaps.length ? <p className="muted">{t("bpf.gaps", { gaps: s.frames.gaps.join(", ") })}</p> : null}
              {s.frames.a.missing.length ? <p className="muted">{t("bpf.missingIdentity", { fields: s.frames.a.missing.join(", ") })}</p> : null}
            </div>
          </div>

          {cell ? <Drilldown year={year} cell={cell.cell} label={cell.label} onClose={() => setCell(null)} /> : null}

          <ConfirmDialog
            open={confirmForce}
            title={t("bpf.forceTitle")}
            message={t("bpf.forceMessage", { year, receipt: s.receiptId ?? "" })}
            confirmLabel={t("bpf.forceConfirm")}
            danger
            busy={generate.isPending}
            onConfirm={() => generate.mutate({ year, force: true })}
            onCancel={() => setConfirmForce(false)}
          />
          <SubmitDialog
            open={submitting}
            year={year}
            onClose={() => setSubmitting(false)}
            onDone={async () => {
              setSubmitting(false);
              setNotice(t("bpf.submittedOk"));
              await refresh();
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function Drilldown({ year, cell, label, onClose }: { year: number; cell: string; label: string; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const f = useFormat();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.bpf.drilldown.queryOptions({ year, cell, page, perPage: PER_PAGE }), placeholderData: keepPreviousData });
  return (
    <section className={`card ${styles.drill}`} aria-labelledby="bpf-drill" tabIndex={-1} ref={(el) => el?.focus()}>
      <div className={styles.row}>
        <h3 id="bpf-drill">{t("bpf.drillTitle", { cell: label })}</h3>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          {t("bpf.drillClose")}
        </button>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          <p className="muted">{t("bpf.drillValue", { value: f.num(list.data.meta.value) })}</p>
          {list.data.data.length === 0 ? <p>{t("bpf.drillEmpty")}</p> : null}
          {list.data.data.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t("bpf.record")}</th>
                    <th scope="col">{t("bpf.category")}</th>
                    <th scope="col">{t("bpf.hours")}</th>
                    <th scope="col">{t("bpf.amount")}</th>
                    <th scope="col">{t("bpf.anomaly")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">
                        <span className="badge">{t(r.type === "ENROLLMENT" ? "bpf.kindENROLLMENT" : r.invoiceKind === "CREDIT_NOTE" ? "bpf.kindCREDIT_NOTE" : "bpf.kindINVOICE")}</span> {r.label}
                        {r.issuedAt ? <span className="muted"> · {f.date(r.issuedAt)}</span> : null}
                        {r.line ? <span className="muted"> · {`${t("bpf.line")} ${r.line}`}</span> : null}
                      </th>
                      <td>{[r.category, r.financingSource].filter(Boolean).join(" · ")}</td>
                      <td>{r.hours === null ? "" : f.num(r.hours)}</td>
                      <td>{r.amountHT === null ? "" : f.money(r.amountHT)}</td>
                      <td>{r.anomaly ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {list.data.meta.total > PER_PAGE ? <Pagination label={label} page={page} pages={Math.ceil(list.data.meta.total / PER_PAGE)} onPage={setPage} /> : null}
        </>
      ) : null}
    </section>
  );
}

function SubmitDialog({ open, year, onClose, onDone }: { open: boolean; year: number; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const submit = useMutation(trpc.bpf.submit.mutationOptions({ onSuccess: onDone }));
  const fields = submit.isError ? errorInfo(submit.error).fields : {};
  const today = new Date().toISOString().slice(0, 10);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    submit.mutate({ year, submittedAt: String(data.get("submittedAt") ?? ""), receiptId: String(data.get("receiptId") ?? ""), notes: String(data.get("notes") ?? "") || null });
  };
  return (
    <Dialog open={open} onClose={onClose} title={t("bpf.submitTitle", { year })}>
      <form className={styles.stack} onSubmit={onSubmit} noValidate>
        <p>{t("bpf.submitIntro")}</p>
        {submit.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(submit.error, t)}</Alert> : null}
        <TextField name="submittedAt" type="date" label={t("bpf.submittedAt")} defaultValue={today} max={today} required errors={fields.submittedAt} />
        <TextField name="receiptId" label={t("bpf.receiptId")} required maxLength={100} errors={fields.receiptId} />
        <TextField name="notes" label={t("bpf.notes")} maxLength={2000} errors={fields.notes} />
        <div className={styles.row}>
          <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
            {t("bpf.submitConfirm")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("bpf.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** One card of figures: a titled table whose rows the caller gives (with their drill-down buttons). */
/** The rows of a frame of trainees and hours (F-3, F-4) with their total, or "not entered". */
function TraineeHourRows({ frame }: { frame: { rows: { key: string; label: string; trainees: number; hours: number }[]; totalTrainees: number; totalHours: number } | null }) {
  const { t } = useI18n();
  const f = useFormat();
  if (!frame)
    return (
      <tr>
        <td colSpan={3}>{t("bpf.notEntered")}</td>
      </tr>
    );
  return (
    <>
      {frame.rows.map((r) => (
        <tr key={r.key}>
          <th scope="row">{r.label}</th>
          <td>{f.num(r.trainees)}</td>
          <td>{f.num(r.hours)}</td>
        </tr>
      ))}
      <tr>
        <th scope="row">Total</th>
        <td>{f.num(frame.totalTrainees)}</td>
        <td>{f.num(frame.totalHours)}</td>
      </tr>
    </>
  );
}

function FigureTable({ title, columns, children }: { title: string; columns?: string[]; children: ReactNode }) {
  return (
    <div className="card">
      <h3>{title}</h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          {columns ? (
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}

/** What the BPF still needs, each input named with a link to where it is entered (regenerate afterwards). */
function MissingInputs({ inputs }: { inputs: TBpfInput[] }) {
  const { t } = useI18n();
  return (
    <div className={`card ${styles.missing}`} id="bpf-missing">
      <h3>{t("bpf.missingTitle")}</h3>
      {inputs.length === 0 ? (
        <p>{t("bpf.missingNone")}</p>
      ) : (
        <>
          <p>{t("bpf.missingIntro")}</p>
          <ul>
            {inputs.map((i) => (
              <li key={i.code}>
                <strong>
                  {t("bpf.frame")} {i.frame} — {t(`bpf.input_${i.code}`)}
                </strong>
                {i.items.length ? ` : ${i.items.map((x) => x.label).join(", ")}` : ""}{" "}
                <a href={i.href}>{t("bpf.enterIt")}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
