import { z } from "zod";

/** Tabular exports (CSV and XLSX): the query parameters every export route takes. Isomorphic: zod only. */
const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ZExportFormat = z.enum(EXPORT_FORMATS).optional().default("csv").describe("csv (default) or xlsx (Excel workbook)");

const CSV_SEPARATORS = [";", ",", "|", "\t"] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const ZCsvSeparator = z
  .enum(CSV_SEPARATORS)
  .optional()
  .default(";")
  .describe('CSV separator: ";" (default; numbers then use a decimal comma), "," (decimal point), "|" or a tab (decimal comma)');
