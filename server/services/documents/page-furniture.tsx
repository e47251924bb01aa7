import { createElement } from "react";
import { View, type ViewProps } from "@react-pdf/renderer";
import { PAGE_FURNITURE_PROP, type PageFurnitureRender } from "../../framework-internals";

/**
 * What each printed page of a <Page> carries around its content and that depends on the printed
 * page or on the rendering: a running footer with "Page x / y", the verification code, the time of
 * issue. In place of react-pdf's render props (`<Text render={({ pageNumber, totalPages }) => …} />`,
 * which make react-pdf lay the whole page out again at every page break): `render` is called for
 * each printed page once the page count is known, and what it returns is laid out on its own and
 * drawn over that page (framework-internals.ts renderPdfBuffer, which documents/registry.tsx
 * renders every document with). The page's content, laid out without it, is kept across renders.
 * Rules: a direct child of the <Page>; what it returns is absolutely placed (it takes no room in
 * the page's flow), inherits the <Page>'s style, and cannot read a React context of the document
 * (pass what it prints through the closure).
 */
export function PageFurniture({ render }: { render: PageFurnitureRender }) {
  return createElement(View, { [PAGE_FURNITURE_PROP]: render } as ViewProps);
}
