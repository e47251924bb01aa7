"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { enrollmentStatusKey } from "@/components/learn/labels";
import { formatDate, formatPrice, personName } from "@/components/learn/format";
import { ProgressBar } from "@/components/learn/progress-bar";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./funders.module.css";

const PAGE_SIZE = 20;

/**
 * The FUNDER's home ("Dossiers financés"): the enrollments their funder finances (the server
 * decides: GET /enrollments answers the funder's perimeter only), each opening its file, then the
 * invoices issued to the funder.
 */
export function FunderHome({ lead }: { lead: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [filters, setFilters] = useUrlFilters({});
  const funder = useQuery(trpc.funders.me.queryOptions());
  const list = useQuery({ ...trpc.enrollments.list.queryOptions({ page: filters.page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const invoices = useQuery(trpc.invoices.list.queryOptions({ perPage: 50 }));
  const name = funder.data?.data?.name ?? "";
  return (
    <div className="stack-lg">
      <div className="page-header">
        <div>
          <h1>{t("nav.fundedFiles")}</h1>
          <p>
            {lead} — {funder.data && !funder.data.data ? t("funderHome.introNoFunder") : t("funderHome.intro", { funder: name })}
          </p>
        </div>
      </div>
      <section className={styles.section} aria-labelledby="funded-enrollments">
        <h2 id="funded-enrollments">{t("funderHome.enrollments")}</h2>
        <QueryList query={list} empty={t("funderHome.empty")}>
          {(page) => (
            <>
              <ul className={styles.list}>
                {page.data.map((e) => (
                  <li key={e.id} className={styles.card}>
                    <div className={styles.head}>
                      <h3>
                        <Link href={`/funded/${e.id}`}>{personName(e.learner)}</Link>
                      </h3>
                      <span className={`badge badge-enr-${e.status}`}>{t(enrollmentStatusKey(e.status))}</span>
                    </div>
                    <p className={styles.meta}>
                      <span className="visually-hidden">{t("funderHome.course")} : </span>
                      {e.course.title}
                    </p>
                    <ProgressBar t={t} percent={e.progress.percentage} detail={t("learnCommon.progressDetail", { done: e.progress.completedLessons, total: e.progress.totalLessons })} />
                    <div className={styles.foot}>
                      <span className="muted">
                        {t("funderHome.enrolledOn", { date: formatDate(e.enrolledAt, locale, timeZone) })}
                        {e.completedAt ? ` · ${t("funderHome.completedOn", { date: formatDate(e.completedAt, locale, timeZone) })}` : ""}
                      </span>
                      <Link className="btn btn-primary btn-sm" href={`/funded/${e.id}`}>
                        {t("funderHome.open")}
                        <span className="visually-hidden"> {personName(e.learner)}, {e.course.title}</span>
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination label={t("funderHome.pagination")} page={page.meta.page} pages={page.meta.totalPages} total={t("funderHome.total", { count: page.meta.total })} onPage={(p) => setFilters({ page: p })} />
            </>
          )}
        </QueryList>
      </section>
      <section className={styles.section} aria-labelledby="funder-invoices">
        <h2 id="funder-invoices">{t("funderHome.invoices")}</h2>
        {name ? <p className="muted">{t("funderHome.invoicesIntro", { funder: name })}</p> : null}
        <QueryList query={invoices} empty={t("funderHome.noInvoices")}>
          {(page) => <InvoiceList items={page.data} locale={locale} />}
        </QueryList>
      </section>
    </div>
  );
}

type InvoiceItem = { id: string; number: string | null; status: string; totalCents: number; currency: string; issuedAt: string | null; kind: string };

/** Issued invoices with their PDF (GET /billing/invoices/{id}/pdf). */
export function InvoiceList({ items, locale }: { items: readonly InvoiceItem[]; locale: "fr" | "en" }) {
  const { t } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <ul className={styles.list}>
      {items.map((inv) => (
        <li key={inv.id} className={styles.card}>
          <div className={styles.head}>
            <h3>
              {t(`invoices.kind_${inv.kind}` as never)} {inv.number}
            </h3>
            <span className="badge">{t(`invoices.status_${inv.status}` as never)}</span>
          </div>
          <div className={styles.foot}>
            <span className="muted">
              {inv.issuedAt ? formatDate(inv.issuedAt, locale, timeZone) : ""} · {formatPrice(inv.totalCents, inv.currency, locale)} TTC
            </span>
            <a className="btn btn-secondary btn-sm" href={`/api/v1/billing/invoices/${inv.id}/pdf`} download aria-label={t("funderFile.invoiceNamed", { number: inv.number ?? "" })}>
              {t("funderFile.download")}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
