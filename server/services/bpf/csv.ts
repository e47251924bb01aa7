import type { Caller } from "../../auth/caller";
import type { DbOrTx } from "../../db";
import { UTF8_BOM } from "../enrollments/csv";
import { hoursOf, units } from "./compute";
import { loadSnapshotData } from "./snapshots";

/**
 * GET /bpf/year/{year}/export-csv: one row per trainee of the snapshot (an enrollment with hours
 * in the year; a person in two actions has two rows, as F-1 counts them), the spec's columns
 * traineeId (the learner's user id), category, hours, financingSource, amountHT. UTF-8 with a
 * byte order mark (spreadsheets then read it as UTF-8), CRLF line ends, decimal point "." (the
 * JSON's numbers), empty cell for a missing category or source. A cell holding the separator, a
 * quote or a line break is quoted; one a spreadsheet would take for a formula gets a leading
 * apostrophe.
 */
export const BPF_CSV_COLUMNS = ["traineeId", "category", "hours", "financingSource", "amountHT"] as const;

function cell(value: string | number | null, sep: string): string {
  if (value === null) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return s.includes(sep) || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function bpfCsv(db: DbOrTx, caller: Caller, year: number, separator: string) {
  const { data } = await loadSnapshotData(db, caller, year);
  const line = (cells: (string | number | null)[]) => `${cells.map((c) => cell(c, separator)).join(separator)}\r\n`;
  async function* chunks(): AsyncIterable<string> {
    let buf = UTF8_BOM + line([...BPF_CSV_COLUMNS]);
    for (const t of data.trainees) {
      buf += line([t.u, t.cat, hoursOf(t.min), t.fin, units(t.amt)]);
      if (buf.length > 64_000) {
        yield buf;
        buf = "";
      }
    }
    if (buf) yield buf;
  }
  return { filename: `bpf-${year}.csv`, body: chunks() };
}
