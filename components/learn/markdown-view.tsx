"use client";

import { useMemo } from "react";
import { renderMarkdown } from "@/components/courses/markdown";
import styles from "./learn.module.css";

/**
 * Markdown shown to learners. renderMarkdown (shared with the course builder's preview) escapes
 * raw HTML and drops unsafe link and image URLs, so its output may be inserted as HTML.
 */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={`${styles.learnProse} ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
