import type { Caller } from "../../auth/caller";
import type { DbOrTx } from "../../db";
import type { ExportColumn, ExportTable } from "../exports/table";
import { financingSourceFr, traineeCategoryFr } from "../exports/labels";
import type { TraineeRow } from "./compute";
import { hoursOf, units } from "./compute";
import { loadSnapshotData } from "./snapshots";

/**
 * The BPF trainee export as a table (one row per trainee of the snapshot), written as CSV or XLSX
 * by server/services/exports/table.ts. The CSV keeps the spec's column names (traineeId,
 * category, hours, financingSource, amountHT) and codes; the XLSX has the French labels and
 * words. Numbers: decimal comma with the default ";" separator, decimal point with ",".
 */
export const BPF_EXPORT_COLUMNS: ExportColumn<TraineeRow>[] = [
  { key: "traineeId", label: "Stagiaire", type: "text", value: (t) => t.u, width: 30 },
  { key: "category", label: "Catégorie de stagiaire", type: "text", value: (t) => t.cat, width: 22 },
  { key: "hours", label: "Heures de formation", type: "decimal", decimals: 2, value: (t) => hoursOf(t.min) },
  { key: "financingSource", label: "Financement", type: "text", value: (t) => t.fin, width: 18 },
  { key: "amountHT", label: "Montant HT (€)", type: "decimal", decimals: 2, value: (t) => units(t.amt) },
];

/** The same columns with the codes in words (the XLSX, read by a person). */
const XLSX_COLUMNS: ExportColumn<TraineeRow>[] = BPF_EXPORT_COLUMNS.map((c) =>
  c.key === "category" ? { ...c, value: (t) => traineeCategoryFr(t.cat) } : c.key === "financingSource" ? { ...c, value: (t) => financingSourceFr(t.fin) } : c,
);

export async function bpfExportTable(db: DbOrTx, caller: Caller, year: number, format: "csv" | "xlsx"): Promise<ExportTable<TraineeRow>> {
  const { data } = await loadSnapshotData(db, caller, year);
  const BATCH = 1000;
  return {
    filename: `bpf-${year}`,
    sheetName: `BPF ${year}`,
    columns: format === "xlsx" ? XLSX_COLUMNS : BPF_EXPORT_COLUMNS,
    csvHeaders: "keys",
    timeZone: caller.tenant.timeZone,
    rows: function* () {
      for (let i = 0; i < data.trainees.length; i += BATCH) yield data.trainees.slice(i, i + BATCH);
    },
  };
}
