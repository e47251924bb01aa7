/**
 * Spreadsheet-safe CSV (RFC 4180). A cell that a spreadsheet would read as a formula (starting
 * with = + - @, a tab or a carriage return) gets a leading apostrophe; cells holding a comma,
 * a double quote or a line break are quoted, with inner quotes doubled. Lines end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
