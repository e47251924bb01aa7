"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMe } from "@/components/shell/me-context";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SelectField } from "@/components/ui/select-field";
import { param, useUrlFilters } from "@/components/ui/use-url-filters";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZDocumentKind, type TDocumentKind } from "@/server/contracts/documents";
import styles from "./documents.module.css";

const PAGE_SIZE = 20;

/**
 * Generated documents as cards with a download button (phone-first): a LEARNER's own, a FUNDER's
 * perimeter, every document for ADMIN (the server decides: GET /documents).
 */
export function DocumentsView() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const me = useMe();
  const [filters, setFilters] = useUrlFilters({ kind: param.oneOf(ZDocumentKind) });
  const list = useQuery({ ...trpc.documents.list.queryOptions({ kind: filters.kind, page: filters.page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const intro = me.role === "LEARNER" ? t("docList.introLearner") : me.role === "FUNDER" ? t("docList.introFunder") : t("docList.introAdmin");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Paris" });
  return (
    <div className="stack-lg">
      <div className="page-header">
        <div>
          <h1>{me.role === "LEARNER" ? t("docNav.myDocuments") : t("docNav.documents")}</h1>
          <p>{intro}</p>
        </div>
      </div>
      <form className={`toolbar ${styles.toolbar}`} aria-label={t("docList.filterKind")} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          name="kind"
          label={t("docList.filterKind")}
          value={filters.kind ?? ""}
          onChange={(e) => setFilters({ kind: (e.target.value || undefined) as TDocumentKind | undefined })}
          options={[{ value: "", label: t("docList.allKinds") }, ...ZDocumentKind.options.map((k) => ({ value: k, label: t(`docKinds.${k}`) }))]}
        />
      </form>
      <QueryList query={list} empty={t("docList.empty")}>
        {(page) => (
          <>
            <ul className={styles.docList}>
              {page.data.map((d) => (
                <li key={d.id} className={styles.docCard}>
                  <div>
                    <h2>{d.title}</h2>
                    <p className={`muted ${styles.docMeta}`}>
                      {t(`docKinds.${d.kind}`)} · {t("docList.generatedOn", { date: date.format(new Date(d.generatedAt)) })} · {t("docList.size", { kb: Math.max(1, Math.round(d.sizeBytes / 1024)) })}
                    </p>
                    <p className={`muted ${styles.docMeta}`}>
                      <span className="visually-hidden">{t("docList.fingerprint")} </span>
                      <span className={styles.hash} title={t("docList.fingerprint")}>
                        SHA-256 {d.sha256.slice(0, 16)}…
                      </span>
                    </p>
                  </div>
                  <a className="btn btn-primary" href={d.fileUrl} download={d.fileName} aria-label={t("docList.downloadNamed", { title: d.title })}>
                    {t("docList.download")}
                  </a>
                </li>
              ))}
            </ul>
            <Pagination label={t("docList.pagination")} page={page.meta.page} pages={page.meta.totalPages} total={t("docList.total", { count: page.meta.total })} onPage={(p) => setFilters({ page: p })} />
          </>
        )}
      </QueryList>
    </div>
  );
}
