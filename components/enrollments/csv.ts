import { ZEmail } from "@/server/contracts/common";
import { FINANCING_SOURCES, TRAINEE_CATEGORIES, type FinancingSource, type TraineeCategory } from "./bpf-options";

/** One line of an enrollment CSV, checked: `problem` says why it cannot be sent. */
export type CsvRow = {
  line: number;
  email: string;
  traineeCategory?: TraineeCategory;
  financingSource?: FinancingSource;
  problem?: { kind: "badEmail" } | { kind: "badCategory" | "badFinancing"; value: string };
};

/** Splits one CSV line on `sep`, honouring double quotes ("a;b" and "" inside quotes). */
function splitLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const norm = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z]/g, "");
const EMAIL_HEADERS = new Set(["email", "mail", "courriel", "adresseemail", "emailaddress"]);
const CATEGORY_HEADERS = new Set(["traineecategory", "category", "categorie", "categoriestagiaire", "categoriedestagiaire"]);
const FINANCING_HEADERS = new Set(["financingsource", "financing", "financement", "sourcedefinancement", "sourcefinancement"]);

/**
 * Reads pasted or uploaded CSV text: e-mail, optional trainee category, optional financing
 * source. Separator `;`, tab or `,` (whichever the first line uses); an optional header line
 * names the columns (email / traineeCategory / financingSource, French names accepted).
 */
export function parseEnrollmentCsv(text: string): CsvRow[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines.find((l) => l.trim()) ?? "";
  const sep = first.includes(";") ? ";" : first.includes("\t") ? "\t" : ",";
  let columns = { email: 0, category: 1, financing: 2 };
  const rows: CsvRow[] = [];
  let headerSeen = false;
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const cells = splitLine(raw, sep);
    if (!headerSeen) {
      headerSeen = true;
      const names = cells.map(norm);
      if (names.some((n) => EMAIL_HEADERS.has(n))) {
        const at = (set: Set<string>) => names.findIndex((n) => set.has(n));
        columns = { email: at(EMAIL_HEADERS), category: at(CATEGORY_HEADERS), financing: at(FINANCING_HEADERS) };
        return;
      }
    }
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? "").trim() : "");
    const row: CsvRow = { line: i + 1, email: cell(columns.email) };
    const email = ZEmail.safeParse(row.email);
    if (email.success) row.email = email.data;
    else row.problem = { kind: "badEmail" };

    const category = cell(columns.category).toUpperCase();
    if (category) {
      if ((TRAINEE_CATEGORIES as readonly string[]).includes(category)) row.traineeCategory = category as TraineeCategory;
      else row.problem ??= { kind: "badCategory", value: cell(columns.category) };
    }
    const financing = cell(columns.financing).toUpperCase().replace(/[\s-]+/g, "_");
    if (financing) {
      if ((FINANCING_SOURCES as readonly string[]).includes(financing)) row.financingSource = financing as FinancingSource;
      else row.problem ??= { kind: "badFinancing", value: cell(columns.financing) };
    }
    rows.push(row);
  });
  return rows;
}
