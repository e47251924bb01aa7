"use client";

import { useRef, type KeyboardEvent } from "react";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/messages";
import type { BuilderTab } from "./publication-labels";
import styles from "../builder.module.css";

export const TABS: { id: BuilderTab; label: MessageKey }[] = [
  { id: "details", label: "creatorBuilder.tabDetails" },
  { id: "qualiopi", label: "creatorBuilder.tabQualiopi" },
  { id: "content", label: "creatorBuilder.tabContent" },
  { id: "quizzes", label: "creatorBuilder.tabQuizzes" },
  { id: "trainers", label: "creatorBuilder.tabTrainers" },
  { id: "enrollments", label: "creatorBuilder.tabEnrollments" },
  { id: "surveys", label: "surveys.tab" },
  { id: "ai", label: "creatorBuilder.tabAi" },
  { id: "adaptive", label: "adaptive.tab" },
];

export const tabId = (id: BuilderTab) => `builder-tab-${id}`;
export const panelId = (id: BuilderTab) => `builder-panel-${id}`;

/** WAI-ARIA tabs: arrows, Home and End move between tabs (automatic activation). */
export function BuilderTabs({ current, onSelect, badges }: { current: BuilderTab; onSelect: (tab: BuilderTab) => void; badges?: Partial<Record<BuilderTab, number>> }) {
  const t = useT();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === current);
    const next =
      event.key === "ArrowRight" ? (index + 1) % TABS.length : event.key === "ArrowLeft" ? (index - 1 + TABS.length) % TABS.length : event.key === "Home" ? 0 : event.key === "End" ? TABS.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = TABS[next]!;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  }
  return (
    <div className={styles.builderTabs} role="tablist" aria-label={t("creatorBuilder.tabs")} onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const selected = tab.id === current;
        const badge = badges?.[tab.id];
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {t(tab.label)}
            {badge ? <span className={styles.tabCount}>{badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
