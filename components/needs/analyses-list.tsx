"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { SelectField } from "@/components/ui/select-field";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { AnalysisResult } from "./analysis-result";
import { formatDateTimeYear } from "./format";
import styles from "./needs.module.css";

const PER_PAGE = 20;

/** Needs analyses, newest first, filtered by company; each opens on its recommendations and gap analysis. */
export function AnalysesList() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const timeZone = useTenantTimeZone();
  const [companyId, setCompanyId] = useState("");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const companies = useQuery(trpc.needs.listCompanies.queryOptions({ page: 1, perPage: 100 }));
  const list = useQuery({ ...trpc.needs.listAnalyses.queryOptions({ page, perPage: PER_PAGE, companyId: companyId || undefined }), placeholderData: keepPreviousData });
  return (
    <div className={styles.stack}>
      <SelectField
        name="companyFilter"
        label={t("needs.filterCompany")}
        value={companyId}
        onChange={(e) => {
          setCompanyId(e.target.value);
          setPage(1);
        }}
        options={[{ value: "", label: t("needs.allCompanies") }, ...(companies.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          {list.data.data.length === 0 ? <p>{t("needs.listEmpty")}</p> : null}
          <ul className={styles.list}>
            {list.data.data.map((a) => (
              <li key={a.id} className={`card ${styles.item}`}>
                <h3>{a.companyName}</h3>
                <span className="muted">{t("needs.createdAt", { date: formatDateTimeYear(a.createdAt, locale, timeZone) })}</span>
                <div className={styles.badges}>
                  <span className="badge">
                    {t(`needs.level_${a.currentLevel}`)} → {t(`needs.level_${a.targetLevel}`)}
                  </span>
                  {a.fundingSource ? <span className="badge">{t(`needs.funding_${a.fundingSource}`)}</span> : null}
                  {a.source === "QUOTE_REQUEST" ? <span className="badge badge-info">{t("needs.sourceQuote")}</span> : null}
                  {a.learnerCount !== null ? <span className="badge">{t("needs.learnerCount", { n: a.learnerCount })}</span> : null}
                  <span className="badge">{t("needs.recommendationCount", { n: a.recommendations.length })}</span>
                </div>
                <ul>
                  {a.objectives.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
                <div>
                  <button type="button" className="btn btn-secondary btn-sm" aria-expanded={openId === a.id} onClick={() => setOpenId(openId === a.id ? null : a.id)}>
                    {openId === a.id ? t("needs.hide") : t("needs.view")}
                  </button>
                </div>
                {openId === a.id ? <AnalysisResult recommendations={a.recommendations} gapAnalysis={a.gapAnalysis} headingLevel={3} /> : null}
              </li>
            ))}
          </ul>
          {list.data.meta.total > PER_PAGE ? <Pagination label={t("needs.tabAnalyses")} page={page} pages={Math.ceil(list.data.meta.total / PER_PAGE)} onPage={setPage} /> : null}
        </>
      ) : null}
    </div>
  );
}
