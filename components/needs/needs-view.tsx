"use client";

import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { useI18n } from "@/lib/i18n/client";
import { AnalysesList } from "./analyses-list";
import { AnalysisForm } from "./analysis-form";
import { CompaniesPanel } from "./companies-panel";
import styles from "./needs.module.css";

type Tab = "analyses" | "new" | "companies";

/** ADMIN and CREATOR: needs analyses (list, new analysis with its result) and the client companies (ADMIN edits them). */
export function NeedsView() {
  const { t } = useI18n();
  const me = useMe();
  const [tab, setTab] = useState<Tab>("analyses");
  if (me.role !== "ADMIN" && me.role !== "CREATOR") {
    return (
      <>
        <h1>{t("needs.title")}</h1>
        <Alert kind="error">{t("needs.forbidden")}</Alert>
      </>
    );
  }
  const tabs: { key: Tab; label: string }[] = [
    { key: "analyses", label: t("needs.tabAnalyses") },
    { key: "new", label: t("needs.tabNew") },
    { key: "companies", label: t("needs.tabCompanies") },
  ];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("needs.title")}</h1>
          <p>{t("needs.intro")}</p>
        </div>
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t("needs.title")}>
        {tabs.map((x) => (
          <button
            key={x.key}
            id={`needs-tab-${x.key}`}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            aria-controls="needs-panel"
            className={`btn ${tab === x.key ? "btn-primary" : "btn-secondary"}`}
            onClick={() => setTab(x.key)}
          >
            {x.label}
          </button>
        ))}
      </div>
      <div id="needs-panel" role="tabpanel" aria-labelledby={`needs-tab-${tab}`}>
        {tab === "analyses" ? <AnalysesList /> : tab === "new" ? <AnalysisForm /> : <CompaniesPanel canManage={me.role === "ADMIN"} />}
      </div>
    </>
  );
}
