import { inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TFinancingKey } from "../../contracts/bpf";
import type { DbOrTx } from "../../db";
import { courses, users } from "../../db/schema";
import { financingSourceFr, traineeCategoryFr } from "../exports/labels";
import type { ExportColumn, ExportTable } from "../exports/table";
import { hoursOf, units, type Financing, type TraineeRow } from "./compute";
import { loadSnapshotData } from "./snapshots";

/**
 * GET /bpf/year/{year}/export-csv: the rows behind frame C and F/G of the snapshot, so that the
 * amountHT column sums to frame C's total, written as CSV or XLSX by server/services/exports/table.ts:
 * - one row per trainee (an enrollment with hours in the year; a person in two actions has two
 *   rows, as F-1 counts them; G's trainees too, their revenue being line 10): the spec's columns
 *   traineeId (the learner's user id), category, hours, financingSource, amountHT (the TRAINING HT
 *   of the year's invoices linked to the enrollment, credit notes subtracted);
 * - one row per invoice or credit note whose training HT is linked to no trainee of the year
 *   (an intra-company invoice, a payment for hours of another year): traineeId, category and hours
 *   empty, financingSource from the payer.
 * The CSV keeps the spec's column names and codes first, then French columns: the trainee's name,
 * the course, the frame (F, G or C only), the category's and the source's labels, the invoice
 * number. The XLSX has French headers throughout, the codes in words.
 */
export type BpfExportRow = {
  traineeId: string | null;
  category: string | null;
  hours: number | null;
  financing: Financing | null;
  amount: number;
  name: string | null;
  course: string | null;
  frame: string;
  invoice: string | null;
};

const SOURCE_CODES: Record<TFinancingKey, Financing> = { opco: "OPCO", cpf: "CPF", poleEmploi: "POLE_EMPLOI", employer: "EMPLOYER", self: "SELF" };

const categoryLabel = (r: BpfExportRow) => (r.category ? traineeCategoryFr(r.category) : null);
const financingLabel = (r: BpfExportRow) => (r.financing ? financingSourceFr(r.financing) : null);

/** The CSV: the spec's columns (keys and codes), then French columns (their keys are their headers). */
const BPF_CSV_COLUMNS: ExportColumn<BpfExportRow>[] = [
  { key: "traineeId", label: "Identifiant stagiaire", type: "text", value: (r) => r.traineeId },
  { key: "category", label: "Catégorie (code)", type: "text", value: (r) => r.category },
  { key: "hours", label: "Heures de formation", type: "decimal", decimals: 2, value: (r) => r.hours },
  { key: "financingSource", label: "Source de financement (code)", type: "text", value: (r) => r.financing },
  { key: "amountHT", label: "Montant HT (€)", type: "decimal", decimals: 2, value: (r) => r.amount },
  { key: "Stagiaire", label: "Stagiaire", type: "text", value: (r) => r.name },
  { key: "Formation", label: "Formation", type: "text", value: (r) => r.course },
  { key: "Cadre", label: "Cadre", type: "text", value: (r) => r.frame },
  { key: "Catégorie (libellé)", label: "Catégorie (libellé)", type: "text", value: categoryLabel },
  { key: "Source de financement (libellé)", label: "Source de financement (libellé)", type: "text", value: financingLabel },
  { key: "Facture", label: "Facture", type: "text", value: (r) => r.invoice },
];

/** The XLSX, read by a person: French headers, the codes in words. */
const BPF_XLSX_COLUMNS: ExportColumn<BpfExportRow>[] = [
  { key: "traineeId", label: "Identifiant stagiaire", type: "text", value: (r) => r.traineeId, width: 30 },
  { key: "category", label: "Catégorie de stagiaire", type: "text", value: categoryLabel, width: 28 },
  { key: "hours", label: "Heures de formation", type: "decimal", decimals: 2, value: (r) => r.hours },
  { key: "financingSource", label: "Financement", type: "text", value: financingLabel, width: 28 },
  { key: "amountHT", label: "Montant HT (€)", type: "decimal", decimals: 2, value: (r) => r.amount },
  { key: "name", label: "Stagiaire", type: "text", value: (r) => r.name, width: 24 },
  { key: "course", label: "Formation", type: "text", value: (r) => r.course, width: 30 },
  { key: "frame", label: "Cadre", type: "text", value: (r) => r.frame, width: 12 },
  { key: "invoice", label: "Facture", type: "text", value: (r) => r.invoice, width: 30 },
];

/** Names and titles for the rows, read in batches (a year of 100,000 trainees stays within the bind-parameter limit). */
async function labelsOf(db: DbOrTx, caller: Caller, trainees: TraineeRow[]) {
  const names = new Map<string, string>();
  const titles = new Map<string, string>();
  const userIds = [...new Set(trainees.map((t) => t.u))];
  const courseIds = [...new Set(trainees.map((t) => t.c))];
  for (let i = 0; i < userIds.length; i += 5000) {
    const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds.slice(i, i + 5000)));
    for (const r of rows) names.set(r.id, `${r.firstName} ${r.lastName}`);
  }
  for (let i = 0; i < courseIds.length; i += 5000) {
    const rows = await db.select({ id: courses.id, title: courses.title }).from(courses).where(caller.scope.where(courses, inArray(courses.id, courseIds.slice(i, i + 5000))));
    for (const r of rows) titles.set(r.id, r.title);
  }
  return { names, titles };
}

export async function bpfExportTable(db: DbOrTx, caller: Caller, year: number, format: "csv" | "xlsx"): Promise<ExportTable<BpfExportRow>> {
  const { data } = await loadSnapshotData(db, caller, year);
  const { names, titles } = await labelsOf(db, caller, data.trainees);
  const linked = new Set(data.trainees.map((t) => t.e));
  const unlinked = data.invoices.filter((i) => i.amt !== 0 && (!i.e || !linked.has(i.e)));
  const BATCH = 1000;
  return {
    filename: `bpf-${year}`,
    sheetName: `BPF ${year}`,
    columns: format === "xlsx" ? BPF_XLSX_COLUMNS : BPF_CSV_COLUMNS,
    csvHeaders: "keys",
    timeZone: caller.tenant.timeZone,
    rows: function* () {
      for (let i = 0; i < data.trainees.length; i += BATCH) {
        yield data.trainees.slice(i, i + BATCH).map(
          (t): BpfExportRow => ({
            traineeId: t.u,
            category: t.cat,
            hours: hoursOf(t.min),
            financing: t.fin,
            amount: units(t.amt),
            name: names.get(t.u) ?? null,
            course: titles.get(t.c) ?? null,
            frame: t.sub === "RECEIVED" ? "G" : "F",
            invoice: null,
          }),
        );
      }
      yield unlinked.map((i): BpfExportRow => ({
        traineeId: null,
        category: null,
        hours: null,
        financing: i.src ? SOURCE_CODES[i.src] : null,
        amount: units(i.amt),
        name: null,
        course: null,
        frame: `C (${i.k === "CREDIT_NOTE" ? "avoir" : "facture"} sans stagiaire de l'exercice)`,
        invoice: `${i.n ?? i.i} — ${i.cl}`,
      }));
    },
  };
}
