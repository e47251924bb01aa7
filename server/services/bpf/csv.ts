import { inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TFinancingKey } from "../../contracts/bpf";
import type { DbOrTx } from "../../db";
import { courses, users } from "../../db/schema";
import { UTF8_BOM } from "../enrollments/csv";
import { hoursOf, units, type Financing, type TraineeRow } from "./compute";
import { loadSnapshotData } from "./snapshots";

/**
 * GET /bpf/year/{year}/export-csv: the rows behind frame C and F/G of the snapshot, so that the
 * amountHT column sums to frame C's total:
 * - one row per trainee (an enrollment with hours in the year; a person in two actions has two
 *   rows, as F-1 counts them; G's trainees too, their revenue being line 10): the spec's columns
 *   traineeId (the learner's user id), category, hours, financingSource, amountHT (the TRAINING HT
 *   of the year's invoices linked to the enrollment, credit notes subtracted);
 * - one row per invoice or credit note whose training HT is linked to no trainee of the year
 *   (an intra-company invoice, a payment for hours of another year): traineeId, category and hours
 *   empty, financingSource from the payer.
 * French columns follow: the trainee's name, the course, the frame (F, G or C only), the category's
 * and the source's labels, the invoice number. UTF-8 with a byte order mark, CRLF line ends. With
 * the default ";" separator (and tab or "|") numbers use a decimal comma (French Excel); with ","
 * a decimal point. A cell holding the separator, a quote or a line break is quoted; one a
 * spreadsheet would take for a formula gets a leading apostrophe.
 */
export const BPF_CSV_COLUMNS = ["traineeId", "category", "hours", "financingSource", "amountHT"] as const;
export const BPF_CSV_EXTRA_COLUMNS = ["Stagiaire", "Formation", "Cadre", "Catégorie (libellé)", "Source de financement (libellé)", "Facture"] as const;

const CATEGORY_LABELS: Record<string, string> = {
  SAL: "Salarié d'un employeur privé",
  DE: "Demandeur d'emploi",
  AUT: "Autre stagiaire",
};
const FINANCING_LABELS: Record<Financing, string> = {
  OPCO: "OPCO",
  CPF: "CPF (Caisse des dépôts)",
  POLE_EMPLOI: "France Travail (ex-Pôle emploi)",
  EMPLOYER: "Employeur",
  SELF: "Stagiaire (autofinancement)",
};
const SOURCE_CODES: Record<TFinancingKey, Financing> = { opco: "OPCO", cpf: "CPF", poleEmploi: "POLE_EMPLOI", employer: "EMPLOYER", self: "SELF" };

type Cell = string | number | null;

function cell(value: Cell, sep: string, decimalComma: boolean): string {
  if (value === null) return "";
  if (typeof value === "number") return decimalComma ? String(value).replace(".", ",") : String(value);
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return s.includes(sep) || /[";,\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

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

export async function bpfCsv(db: DbOrTx, caller: Caller, year: number, separator: string) {
  const { data } = await loadSnapshotData(db, caller, year);
  const decimalComma = separator !== ",";
  const { names, titles } = await labelsOf(db, caller, data.trainees);
  const line = (cells: Cell[]) => `${cells.map((c) => cell(c, separator, decimalComma)).join(separator)}\r\n`;
  const linked = new Set(data.trainees.map((t) => t.e));
  const unlinked = data.invoices.filter((i) => i.amt !== 0 && (!i.e || !linked.has(i.e)));
  async function* chunks(): AsyncIterable<string> {
    let buf = UTF8_BOM + line([...BPF_CSV_COLUMNS, ...BPF_CSV_EXTRA_COLUMNS]);
    for (const t of data.trainees) {
      buf += line([
        t.u,
        t.cat,
        hoursOf(t.min),
        t.fin,
        units(t.amt),
        names.get(t.u) ?? null,
        titles.get(t.c) ?? null,
        t.sub === "RECEIVED" ? "G" : "F",
        t.cat ? CATEGORY_LABELS[t.cat]! : null,
        t.fin ? FINANCING_LABELS[t.fin] : null,
        null,
      ]);
      if (buf.length > 64_000) {
        yield buf;
        buf = "";
      }
    }
    for (const i of unlinked) {
      const fin = i.src ? SOURCE_CODES[i.src] : null;
      buf += line([null, null, null, fin, units(i.amt), null, null, `C (${i.k === "CREDIT_NOTE" ? "avoir" : "facture"} sans stagiaire de l'exercice)`, null, fin ? FINANCING_LABELS[fin] : null, `${i.n ?? i.i} — ${i.cl}`]);
    }
    if (buf) yield buf;
  }
  return { filename: `bpf-${year}.csv`, body: chunks() };
}
