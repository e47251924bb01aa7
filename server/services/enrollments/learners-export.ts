import type { Db } from "../../db";
import type { TLearnerRow, TLearnersFilter } from "../../contracts/learners";
import type { Caller } from "../../auth/caller";
import type { ExportColumn, ExportTable } from "../exports/table";
import { enrollmentStatusFr } from "../exports/labels";
import { learnerBatches } from "./learners";
import { fullName } from "./serialize";

const date = (iso: string | null) => (iso ? new Date(iso) : null);

/** The columns of the learners export (French headers, the status in words, dates in the organisation's time zone). */
const LEARNERS_EXPORT_COLUMNS: ExportColumn<TLearnerRow>[] = [
  { key: "learnerName", label: "Apprenant", type: "text", value: (r) => fullName(r.learner), width: 28 },
  { key: "email", label: "E-mail", type: "text", value: (r) => r.learner.email, width: 30 },
  { key: "course", label: "Formation", type: "text", value: (r) => r.course.title, width: 36 },
  { key: "status", label: "Statut", type: "text", value: (r) => enrollmentStatusFr(r.status) },
  { key: "enrolledAt", label: "Inscrit le", type: "datetime", value: (r) => date(r.enrolledAt), width: 18 },
  { key: "lastActivityAt", label: "Dernière activité", type: "datetime", value: (r) => date(r.lastActivityAt), width: 18 },
  { key: "percentage", label: "Progression (%)", type: "integer", value: (r) => r.progress.percentage },
  { key: "completedLessons", label: "Leçons terminées", type: "integer", value: (r) => r.progress.completedLessons },
  { key: "totalLessons", label: "Leçons du parcours", type: "integer", value: (r) => r.progress.totalLessons },
  { key: "quizPassed", label: "Quiz réussis", type: "integer", value: (r) => r.results.passedCount },
  { key: "quizCount", label: "Quiz de la formation", type: "integer", value: (r) => r.results.quizCount },
  { key: "quizAverage", label: "Moyenne aux quiz (%)", type: "decimal", decimals: 1, value: (r) => r.results.average },
];

/** GET /learners/export: the caller's learners with the list's filters, as a table the shared writer prints as CSV or XLSX. */
export function learnersExportTable(db: Db, caller: Caller, filter: TLearnersFilter): ExportTable<TLearnerRow> {
  return {
    filename: "apprenants",
    sheetName: "Apprenants",
    columns: LEARNERS_EXPORT_COLUMNS,
    timeZone: caller.tenant.timeZone,
    rows: () => learnerBatches(db, caller, filter),
  };
}
