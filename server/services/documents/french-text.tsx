import type { PropsWithChildren, ReactNode } from "react";
import { Text as PdfText, type TextProps } from "@react-pdf/renderer";
import { frenchSpacing } from "../../../lib/i18n/format";

/**
 * French spacing on a text's children: each run of strings and numbers (the pieces JSX makes of
 * `Lieu : {place}`) is joined and given frenchSpacing (U+202F before ? ! : ; and inside « »);
 * nested elements are left as they are (a nested Text spaces its own text).
 */
export function frenchChildren(children: ReactNode): ReactNode {
  if (typeof children === "string") return frenchSpacing(children);
  if (!Array.isArray(children)) return children;
  const out: ReactNode[] = [];
  let run: string | null = null;
  const flush = () => {
    if (run !== null) out.push(frenchSpacing(run));
    run = null;
  };
  for (const child of children.flat(Infinity) as ReactNode[]) {
    if (typeof child === "string" || typeof child === "number") run = (run ?? "") + String(child);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out.length === 1 ? out[0] : out;
}

/**
 * react-pdf's Text with French spacing: the documents are French (language fr-FR) and much of their
 * text is written in code (labels, template bodies, schedules), outside the catalogue, which is
 * written with U+202F already. Every document imports Text from here rather than from react-pdf.
 */
export function Text(props: PropsWithChildren<TextProps>) {
  return <PdfText {...props}>{frenchChildren(props.children)}</PdfText>;
}
