"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { useI18n } from "@/lib/i18n/client";
import { ComplaintsBoard } from "./complaints-board";
import { PlansBoard } from "./plans-board";
import styles from "./quality.module.css";

/**
 * ADMIN: the complaints register (board by status) and the improvement plans (board by status).
 * `?complaint=cpl_…` opens that complaint (the link of the admins' e-mails); `?plan=imp_…` opens the plans tab on that plan.
 */
export function QualityView() {
  const { t } = useI18n();
  const me = useMe();
  const params = useSearchParams();
  const linkedComplaint = params.get("complaint");
  const linkedPlan = params.get("plan");
  const [tab, setTab] = useState<"complaints" | "plans">(linkedPlan && !linkedComplaint ? "plans" : "complaints");
  if (me.role !== "ADMIN") {
    return (
      <>
        <h1>{t("quality.title")}</h1>
        <Alert kind="error">{t("quality.forbidden")}</Alert>
      </>
    );
  }
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("quality.title")}</h1>
          <p>{t("quality.intro")}</p>
        </div>
        <Link className="btn btn-secondary" href="/quality/qualiopi">
          {t("qualiopi.link")}
        </Link>
      </div>
      <div className={styles.tabs} role="tablist">
        <button type="button" role="tab" aria-selected={tab === "complaints"} className={`btn ${tab === "complaints" ? "btn-primary" : "btn-secondary"}`} onClick={() => setTab("complaints")}>
          {t("quality.tabComplaints")}
        </button>
        <button type="button" role="tab" aria-selected={tab === "plans"} className={`btn ${tab === "plans" ? "btn-primary" : "btn-secondary"}`} onClick={() => setTab("plans")}>
          {t("quality.tabPlans")}
        </button>
      </div>
      {tab === "complaints" ? <ComplaintsBoard initialOpenId={linkedComplaint} /> : <PlansBoard initialOpenId={linkedPlan} />}
    </>
  );
}
