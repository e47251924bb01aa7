import { createElement } from "react";
import { View, type ViewProps } from "@react-pdf/renderer";
import { frenchSpacing } from "../../../lib/i18n/format";
import { PAGE_NUMBER_PROP, type PageNumberText } from "../../framework-internals";

/**
 * "Page x / y" in place of react-pdf's `<Text render={({ pageNumber, totalPages }) => …} />`, which
 * makes react-pdf lay the whole page out again at every page break and once more per printed page.
 * The box keeps the number's place (give it a width: the text is aligned in it by `textAlign` and
 * takes the box's inherited font, size and colour); the text is laid out once the page count is
 * known, after pagination (framework-internals.ts renderPdfBuffer, which documents/registry.tsx
 * renders every document with). Nothing else on the page may depend on the number's text.
 */
export function PageNumber({ text, style }: { text: PageNumberText; style: ViewProps["style"] }) {
  return createElement(View, { style, [PAGE_NUMBER_PROP]: (page: Parameters<PageNumberText>[0]) => frenchSpacing(text(page)) } as ViewProps);
}
