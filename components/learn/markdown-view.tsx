"use client";

import { useMemo } from "react";
import { renderMarkdown } from "@/components/courses/markdown";

/**
 * Markdown shown to learners. renderMarkdown (shared with the course builder's preview) escapes
 * raw HTML and drops unsafe link and image URLs, so its output may be inserted as HTML.
 */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={`learn-prose ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
