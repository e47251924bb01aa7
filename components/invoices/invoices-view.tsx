"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { INVOICE_KINDS, ZInvoiceStatus, INVOICE_STATUSES, type TInvoiceStatus } from "@/server/contracts/invoices";
import { formatPrice } from "@/components/courses/money";
import { useTenantTimeZone } from "@/components/tenant-context";
import { formatDay, formatDayOf } from "./format";
import { InvoiceDetail } from "./invoice-detail";
import { InvoiceForm } from "./invoice-form";
import styles from "./invoices.module.css";

const PER_PAGE = 20;
const ZKind = { safeParse: (v: unknown) => ((INVOICE_KINDS as readonly unknown[]).includes(v) ? { success: true as const, data: v as (typeof INVOICE_KINDS)[number] } : { success: false as const }) };

/** ADMIN and FINANCIER: the invoices and credit notes, filtered in the URL; a row opens its detail (?invoice=id). */
export function InvoicesView({ tabs }: { tabs?: React.ReactNode }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const me = useMe();
  const timeZone = useTenantTimeZone();
  const [filters, setFilters] = useUrlFilters({
    status: param.oneOf(ZInvoiceStatus),
    kind: param.oneOf(ZKind),
    fromDate: param.day,
    toDate: param.day,
    invoice: param.id,
  });
  const [creating, setCreating] = useState(false);
  const allowed = me.role === "ADMIN" || me.role === "FINANCIER";
  const list = useQuery({
    ...trpc.invoices.list.queryOptions({ page: filters.page, perPage: PER_PAGE, status: filters.status, kind: filters.kind, fromDate: filters.fromDate, toDate: filters.toDate }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) {
    return (
      <>
        <h1>{t("invoices.title")}</h1>
        <Alert kind="error">{t("invoices.forbidden")}</Alert>
      </>
    );
  }
  return (
    <div className="stack-lg">
      <div className="page-header">
        <div>
          <h1>{t("invoices.title")}</h1>
          <p>{t("invoices.intro")}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          {t("invoices.newInvoice")}
        </button>
      </div>
      {tabs}
      <form className={styles.toolbar} aria-label={t("invoices.list")} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          name="status"
          label={t("invoices.filterStatus")}
          value={filters.status ?? ""}
          onChange={(e) => setFilters({ status: (e.target.value || undefined) as TInvoiceStatus | undefined })}
          options={[{ value: "", label: t("invoices.all") }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status_${s}`) }))]}
        />
        <SelectField
          name="kind"
          label={t("invoices.filterKind")}
          value={filters.kind ?? ""}
          onChange={(e) => setFilters({ kind: (e.target.value || undefined) as (typeof INVOICE_KINDS)[number] | undefined })}
          options={[{ value: "", label: t("invoices.all") }, ...INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoices.kind_${k}`) }))]}
        />
        <TextField name="fromDate" type="date" label={t("invoices.filterFrom")} value={filters.fromDate ?? ""} onChange={(e) => setFilters({ fromDate: e.target.value || undefined })} />
        <TextField name="toDate" type="date" label={t("invoices.filterTo")} value={filters.toDate ?? ""} onChange={(e) => setFilters({ toDate: e.target.value || undefined })} />
      </form>
      <QueryList query={list} empty={t("invoices.none")}>
        {(page) => (
          <>
            <DataTable caption={t("invoices.list")} columns={[t("invoices.number"), t("invoices.client"), t("invoices.issuedAt"), t("invoices.dueAt"), t("invoices.totalTTC"), t("invoices.status"), t("invoices.actions")]}>
              {page.data.map((inv) => (
                <tr key={inv.id}>
                  <td data-label={t("invoices.number")}>
                    {inv.number ?? <span className="muted">{t("invoices.draftNumber")}</span>}
                    {inv.kind === "CREDIT_NOTE" ? <span className="badge"> {t("invoices.kind_CREDIT_NOTE")}</span> : null}
                  </td>
                  <td data-label={t("invoices.client")} className={styles.clientCell}>
                    {inv.clientName}
                  </td>
                  <td data-label={t("invoices.issuedAt")}>{inv.issuedAt ? formatDayOf(inv.issuedAt, locale, timeZone) : "—"}</td>
                  <td data-label={t("invoices.dueAt")}>{inv.dueAt ? formatDay(inv.dueAt, locale) : "—"}</td>
                  <td data-label={t("invoices.totalTTC")} className={styles.amount}>
                    {formatPrice(inv.totalCents, inv.currency, locale)}
                  </td>
                  <td data-label={t("invoices.status")}>
                    <span className={`badge ${styles[`status${inv.status}`] ?? ""}`}>{t(`invoices.status_${inv.status}`)}</span>
                  </td>
                  <td data-label={t("invoices.actions")}>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setFilters({ invoice: inv.id, page: filters.page })} aria-label={`${t("invoices.open")} ${inv.number ?? t("invoices.draftNumber")} — ${inv.clientName}`}>
                      {t("invoices.open")}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination label={t("invoices.list")} page={page.meta.page} pages={Math.max(1, Math.ceil(page.meta.total / PER_PAGE))} onPage={(p) => setFilters({ page: p })} />
          </>
        )}
      </QueryList>
      {creating ? (
        <InvoiceForm
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            setFilters({ invoice: id, page: filters.page });
          }}
        />
      ) : null}
      {filters.invoice ? <InvoiceDetail id={filters.invoice} onClose={() => setFilters({ invoice: undefined, page: filters.page })} /> : null}
    </div>
  );
}
