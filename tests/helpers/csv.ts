import { parse } from "csv-parse/sync";
import { expect } from "vitest";

/**
 * How French Excel reads our CSV files: a UTF-8 byte order mark, then `;`-separated RFC 4180
 * records (quoted fields, doubled quotes) each ending with CRLF — the last one too. Strict: a
 * stray quote, a bare LF record end or a missing BOM fails the test.
 */
export function readFrenchCsv(bytes: Buffer | string, sep = ";"): string[][] {
  const buf = typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes;
  expect([...buf.subarray(0, 3)], "UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
  const text = buf.subarray(3).toString("utf8");
  expect(text.endsWith("\r\n"), "the last record ends with CRLF").toBe(true);
  return parse(text, { delimiter: sep, record_delimiter: "\r\n", relax_quotes: false, relax_column_count: true }) as string[][];
}
