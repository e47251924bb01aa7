import type { ReactNode } from "react";

type Props = {
  /** Read by assistive technology only ("Liste des utilisateurs"). */
  caption: string;
  /** The column headings, in order; a falsy entry is a column this view leaves out. */
  columns: (string | false | null | undefined)[];
  /** Extra classes on the table (a CSS module's column widths). */
  className?: string;
  /** Rows become cards on phones (table-stack, with each cell's data-label); true unless said otherwise. */
  stack?: boolean;
  /** The rows (`<tr>` elements). */
  children: ReactNode;
};

/** The one list table: the scrolling wrapper, the hidden caption and the column headings; the view gives the rows. */
export function DataTable({ caption, columns, className, stack = true, children }: Props) {
  const classes = ["table", stack ? "table-stack" : null, className].filter(Boolean).join(" ");
  return (
    // Focusable, so that a keyboard can scroll a table wider than the screen (WCAG 2.1.1, axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className={classes}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.filter((c): c is string => Boolean(c)).map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
