"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { AiPanel } from "./ai-panel";
import { AdaptivePanel } from "@/components/adaptive/adaptive-panel";
import { BuilderHeader } from "./builder-header";
import { BuilderTabs, panelId, tabId, TABS } from "./builder-tabs";
import { ConfirmProvider } from "./confirm-context";
import { DetailsPanel } from "./details-panel";
import { EnrollmentsPanel } from "./enrollments-panel";
import { SurveysPanel } from "@/components/surveys/surveys-panel";
import { OutlinePanel } from "./outline-panel";
import { PublicationChecklist } from "./publication-checklist";
import { tabOfField, type BuilderTab } from "./publication-labels";
import { QualiopiPanel } from "./qualiopi-panel";
import { QuestionnairesPanel } from "./questionnaires-panel";
import { TrainersPanel } from "./trainers-panel";
import { useCourseRefresh } from "./use-course-refresh";
import { Loading } from "@/components/ui/skeleton";
import styles from "../builder.module.css";

/** The course builder: header with the lifecycle actions, tabs, and the live publication checklist beside them. */
export function CourseBuilder({ courseId }: { courseId: string }) {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const params = useSearchParams();
  const requested = params.get("tab");
  const [tab, setTab] = useState<BuilderTab>(() => (TABS.some((x) => x.id === requested) ? (requested as BuilderTab) : "details"));
  const course = useQuery(trpc.courses.byId.queryOptions({ id: courseId }));
  const status = useQuery({ ...trpc.courses.qualiopiStatus.queryOptions({ id: courseId }), enabled: course.isSuccess });
  const refresh = useCourseRefresh(courseId);

  // The tab shows at once; the URL (?tab=) follows, so a reload or a shared link opens the same tab.
  const select = useCallback((next: BuilderTab) => {
    setTab(next);
    const search = new URLSearchParams(window.location.search);
    search.set("tab", next);
    window.history.replaceState(null, "", `${window.location.pathname}?${search.toString()}`);
  }, []);

  // "Complete" links: switch to the field's tab, then focus the field once that tab shows.
  const [focusField, setFocusField] = useState<string | null>(null);
  const goTo = useCallback(
    (field: string) => {
      select(tabOfField(field));
      setFocusField(field);
    },
    [select],
  );
  const loaded = course.isSuccess;
  useEffect(() => {
    if (!focusField || !loaded || tab !== tabOfField(focusField)) return;
    const frame = window.requestAnimationFrame(() => {
      const panel = document.getElementById(panelId(tab));
      const target = panel?.querySelector<HTMLElement>(`[name="${focusField}"]`) ?? panel?.querySelector<HTMLElement>("input, textarea, select");
      target?.focus();
      target?.scrollIntoView({ block: "center" });
      setFocusField(null);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [focusField, tab, loaded]);

  if (course.isPending) {
    return <Loading shape="page" />;
  }
  if (course.isError) {
    const code = errorInfo(course.error).status;
    return <Alert kind="error">{code === 403 || code === 404 ? t("creatorBuilder.notFound") : errorMessage(course.error, t)}</Alert>;
  }

  const data = course.data.data;
  const readOnly = data.status === "ARCHIVED";
  const blockers = status.data?.data.check.blockers ?? [];
  const badges: Partial<Record<BuilderTab, number>> = {};
  for (const b of blockers) badges[tabOfField(b.field)] = (badges[tabOfField(b.field)] ?? 0) + 1;

  return (
    <ConfirmProvider>
      <BuilderHeader course={data} isAdmin={me.role === "ADMIN"} onChanged={refresh} onGoTo={goTo} />
      <div className={styles.builderLayout}>
        <div className="builder-main">
          <BuilderTabs current={tab} onSelect={select} badges={badges} />
          <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className={styles.builderPanel} tabIndex={-1}>
            {tab === "details" ? <DetailsPanel key={data.id} course={data} readOnly={readOnly} onSaved={refresh} /> : null}
            {tab === "qualiopi" ? <QualiopiPanel key={data.id} course={data} readOnly={readOnly} onSaved={refresh} /> : null}
            {tab === "content" ? <OutlinePanel courseId={data.id} readOnly={readOnly} onChanged={refresh} /> : null}
            {tab === "quizzes" ? <QuestionnairesPanel courseId={data.id} readOnly={readOnly} onChanged={refresh} /> : null}
            {tab === "trainers" ? <TrainersPanel courseId={data.id} readOnly={readOnly} onChanged={refresh} /> : null}
            {tab === "enrollments" ? <EnrollmentsPanel courseId={data.id} /> : null}
            {tab === "surveys" ? <SurveysPanel key={data.id} course={data} readOnly={readOnly} onSaved={refresh} /> : null}
            {tab === "ai" ? <AiPanel course={data} readOnly={readOnly} onChanged={refresh} /> : null}
            {tab === "adaptive" ? <AdaptivePanel courseId={data.id} readOnly={readOnly} /> : null}
          </div>
        </div>
        <aside className={styles.builderAside} aria-label={t("creatorChecklist.title")}>
          <PublicationChecklist status={status.data?.data} loading={status.isPending} refreshing={status.isFetching && !status.isPending} onGoTo={goTo} />
        </aside>
      </div>
    </ConfirmProvider>
  );
}
