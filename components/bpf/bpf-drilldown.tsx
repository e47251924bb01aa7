"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { useBpfFormat } from "./bpf-format";
import styles from "./bpf.module.css";

const PER_PAGE = 20;

/** The records behind one figure of a year's snapshot, a page at a time. */
export function Drilldown({ year, cell, label, onClose }: { year: number; cell: string; label: string; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const f = useBpfFormat();
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
