import { clock } from "../../lib/clock";
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { CsvSeparator, ExportFormat } from "../../contracts/exports";

/**
 * THE writer of every tabular export (CSV and XLSX): an export declares its columns once (a key,
 * a French label, a type and how to read the value from a row) and its rows in batches; this
 * module writes them as a CSV a French office opens (UTF-8 with a byte order mark, `;` by default,
 * decimal comma, dates in the organisation's time zone, CRLF, spreadsheet-safe cells) or as an
 * XLSX workbook written with exceljs (French headers, Date cells, number cells), both streamed.
 */

export { type CsvSeparator, type ExportFormat } from "../../contracts/exports";

const CSV_MEDIA_TYPE = "text/csv; charset=utf-8";
const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** UTF-8 byte order mark: French Excel then reads the accents as UTF-8. */
const UTF8_BOM = "\uFEFF";

/**
 * text; integer and decimal (numbers; `decimals` digits for decimal); date (a calendar day,
 * YYYY-MM-DD text or a Date read in the time zone); datetime (an instant, printed in the time zone).
 */
type ColumnType = "text" | "integer" | "decimal" | "date" | "datetime";
type CellValue = string | number | Date | null | undefined;

export type ExportColumn<R> = {
  /** Machine name; the CSV header when the spec names the columns (`csvHeaders: "keys"`). */
  key: string;
  /** French header (XLSX always; CSV unless the spec names the columns). */
  label: string;
  type: ColumnType;
  value: (row: R) => CellValue;
  /** Digits after the decimal separator (decimal columns; default 2, trailing zeros dropped in CSV). */
  decimals?: number;
  /** XLSX column width in characters. */
  width?: number;
};

export type ExportTable<R> = {
  /** File name without extension ("inscriptions-excel-avance"). */
  filename: string;
  /** XLSX sheet name (31 characters at most). */
  sheetName: string;
  columns: ExportColumn<R>[];
  /** CSV header row: the French labels (default) or the keys where the spec names the columns. */
  csvHeaders?: "labels" | "keys";
  /** The organisation's time zone (dates and times are printed there). */
  timeZone: string;
  /** The rows, in batches (read lazily, so a large export streams with flat memory). */
  rows: () => AsyncIterable<R[]> | Iterable<R[]>;
};

/* ------------------------------------------------------------------ values */

const pad = (n: number) => String(n).padStart(2, "0");
const partsCache = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a time zone. */
function wallClock(d: Date, timeZone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    partsCache.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
}

/** A calendar day: "2026-03-01" as is, a Date read in the time zone. */
function dayOf(v: string | Date, timeZone: string): { y: number; m: number; d: number } | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : wallClock(v, timeZone);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : null;
}

function toNumber(v: CellValue): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(String(v).replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

function roundTo(n: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}

/* ------------------------------------------------------------------ CSV */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell as French Excel reads it. */
function csvCellText<R>(col: ExportColumn<R>, value: CellValue, separator: CsvSeparator, timeZone: string): string {
  let s: string;
  if (value === null || value === undefined || value === "") s = "";
  else if (col.type === "integer" || col.type === "decimal") {
    const n = toNumber(value);
    if (n === null) s = "";
    else {
      const rounded = col.type === "integer" ? Math.round(n) : roundTo(n, col.decimals ?? 2);
      s = String(rounded);
      if (separator !== ",") s = s.replace(".", ",");
    }
  } else if (col.type === "date") {
    const d = dayOf(value as string | Date, timeZone);
    s = d ? `${pad(d.d)}/${pad(d.m)}/${d.y}` : String(value);
  } else if (col.type === "datetime") {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) s = String(value);
    else {
      const w = wallClock(date, timeZone);
      s = `${pad(w.d)}/${pad(w.m)}/${w.y} ${pad(w.h)}:${pad(w.mi)}`;
    }
  } else {
    s = String(value);
    // A spreadsheet would read it as a formula: a leading apostrophe keeps it text.
    if (FORMULA_START.test(s)) s = `'${s}`;
  }
  // Quoted only when it must be: the separator, a quote or a line break (a decimal comma under ";" stays bare).
  return s.includes(separator) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV as chunks: BOM and header first, then one chunk per batch of rows. */
export async function* csvChunks<R>(table: ExportTable<R>, separator: CsvSeparator = ";"): AsyncGenerator<string> {
  const header = table.columns.map((c) => (table.csvHeaders === "keys" ? c.key : c.label));
  const headerLine = header.map((h) => (h.includes(separator) || /[",\r\n]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h)).join(separator);
  yield `${UTF8_BOM}${headerLine}\r\n`;
  for await (const batch of table.rows()) {
    let out = "";
    for (const row of batch) out += `${table.columns.map((c) => csvCellText(c, c.value(row), separator, table.timeZone)).join(separator)}\r\n`;
    if (out) yield out;
  }
}

/* ------------------------------------------------------------------ XLSX */

const NUM_FMT: Record<ColumnType, string | undefined> = {
  text: "@",
  integer: "0",
  decimal: undefined,
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm",
};

/**
 * An XLSX cell's value: numbers as numbers, dates as Date cells. Excel dates have no time zone:
 * the cell holds the wall-clock time of the organisation's zone (a Date whose UTC fields are it).
 */
function xlsxCellValue<R>(col: ExportColumn<R>, value: CellValue, timeZone: string): string | number | Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (col.type === "integer" || col.type === "decimal") {
    const n = toNumber(value);
    return n === null ? null : col.type === "integer" ? Math.round(n) : roundTo(n, col.decimals ?? 2);
  }
  if (col.type === "date") {
    const d = dayOf(value as string | Date, timeZone);
    return d ? new Date(Date.UTC(d.y, d.m - 1, d.d)) : String(value);
  }
  if (col.type === "datetime") {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) return String(value);
    const w = wallClock(date, timeZone);
    return new Date(Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s));
  }
  return String(value);
}

/**
 * The workbook, streamed: exceljs's streaming writer commits each row as it is written, so a
 * large export keeps flat memory. One sheet, the header row bold and frozen, an auto-filter.
 */
function xlsxStream<R>(table: ExportTable<R>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = "Plateforme de formation";
  workbook.created = clock.now();
  const sheet = workbook.addWorksheet(table.sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: c.width ?? Math.max(12, Math.min(40, c.label.length + 4)),
    style: { numFmt: c.type === "decimal" ? `0.${"0".repeat(c.decimals ?? 2)}` : NUM_FMT[c.type] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  const write = async () => {
    sheet.getRow(1).commit();
    for await (const batch of table.rows()) {
      for (const row of batch) sheet.addRow(table.columns.map((c) => xlsxCellValue(c, c.value(row), table.timeZone))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/* ------------------------------------------------------------------ response */

/** What a raw route answers for a table in a format (server/http/raw-route.ts RawBody). */
export function exportBody<R>(table: ExportTable<R>, format: ExportFormat, separator: CsvSeparator = ";") {
  if (format === "xlsx") {
    return { contentType: XLSX_MEDIA_TYPE, filename: `${table.filename}.xlsx`, body: xlsxStream(table), cacheControl: "private, no-store" };
  }
  return { contentType: CSV_MEDIA_TYPE, filename: `${table.filename}.csv`, body: csvChunks(table, separator), cacheControl: "private, no-store" };
}

/** The OpenAPI wording shared by every export route. */
export const EXPORT_FORMAT_NOTE =
  "`format=csv` (default): text/csv; charset=utf-8, UTF-8 with a byte order mark, CRLF, `separator` \";\" by default (numbers with a decimal comma; with \",\" a decimal point), " +
  "dates as dd/mm/yyyy and times as dd/mm/yyyy hh:mm in the organisation's time zone; a cell a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading apostrophe; " +
  "quoting per RFC 4180. `format=xlsx`: an Excel workbook (one sheet, French headers, dates as date cells in the organisation's time zone, numbers as number cells).";

export const EXPORT_PRODUCES = [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE];
