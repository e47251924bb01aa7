import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * The BPF (bilan pédagogique et financier, cerfa 10443*17): live view of the current year,
 * snapshots per year, breakdown, drill-down of every figure, submission. Isomorphic: zod only.
 * Amounts are decimal numbers in currency units (spec), hours decimal hours.
 */

const BPF_STATUSES = ["GENERATED", "SUBMITTED"] as const;
const TRAINEE_CATEGORIES = ["SAL", "DE", "AUT"] as const;
/** Frame C lines (revenue by who paid), in the form's order; "2" is the subtotal of 2a..2h. */
export const C_LINES = ["1", "2a", "2b", "2c", "2d", "2e", "2f", "2g", "2h", "3", "4", "5", "6", "7", "8", "9", "10", "11"] as const;
/** Frame F-1 rows: a employees, b apprentices, c job seekers, d individuals paying themselves, e others. */
export const F1_ROWS = ["a", "b", "c", "d", "e"] as const;
export type TFinancingKey = "opco" | "cpf" | "poleEmploi" | "employer" | "self";
/**
 * Frame F-3 rows: a RNCP by level (a1 levels 6 to 8, a2 level 5, a3 level 4, a4 level 3, a5 level 2,
 * a6 CQP without level), b RS, c CQP registered in neither, d other vocational training,
 * e skills assessments, f VAE support.
 */
export const F3_ROWS = ["a1", "a2", "a3", "a4", "a5", "a6", "b", "c", "d", "e", "f"] as const;
export const TRAINING_OBJECTIVES = ["RNCP", "RNCP_CQP", "RS", "CQP", "OTHER", "BILAN", "VAE"] as const;
const SUBCONTRACTING = ["SUBCONTRACTED_OUT", "RECEIVED"] as const;
const TRAINER_ENGAGEMENTS = ["INTERNAL", "EXTERNAL"] as const;
/** What a missing input is: the legal identity (A), charges (D), a trainer's engagement (E), trainee categories (F-1), a course's objective (F-3) or NSF code (F-4), the director (H). */
const BPF_INPUT_CODES = ["LEGAL_IDENTITY", "CHARGES", "TRAINER_ENGAGEMENT", "TRAINEE_CATEGORY", "COURSE_OBJECTIVE", "COURSE_NSF", "DIRECTOR"] as const;

export type TCLine = (typeof C_LINES)[number];
export type TF1Row = (typeof F1_ROWS)[number];
export type TF3Row = (typeof F3_ROWS)[number];

const ZYear = z.coerce.number().int().min(2000).max(2100).describe("Accounting year (YYYY)");
const ZMoney = z.number().describe("Currency units, HT, 2 decimals");
const ZHours = z.number().describe("Decimal hours, 2 decimals");

export const ZYearInput = z.strictObject({ year: ZYear });
export const ZGenerateInput = z.strictObject({
  year: ZYear,
  force: z.boolean().optional().default(false).describe("Recalculate a SUBMITTED snapshot (it goes back to GENERATED); default false"),
});
export const ZSubmitInput = z.strictObject({
  year: ZYear,
  submittedAt: z.iso.date("Date YYYY-MM-DD").max(MAX.date).describe("Date the BPF was filed on Mon Activité Formation (YYYY-MM-DD, not in the future)"),
  receiptId: z.string().trim().min(1, "Required").max(100).describe("Receipt (accusé de réception) number given by Mon Activité Formation"),
  notes: z.string().trim().max(2000).nullable().optional().describe("Free notes (at most 2000 characters)"),
});
export const ZCsvInput = z.strictObject({
  year: ZYear,
  separator: z.enum([";", ",", "\t", "|"]).optional().default(";").describe('Column separator: ";" (default), ",", "|" or a tab'),
});

export const CELL_PATTERN = /^(trainees|hours|revenue|anomalies|category-(SAL|DE|AUT|NONE)|f1-[a-e]|c-(1|2[a-h]?|[3-9]|1[01])|financing-(opco|cpf|poleEmploi|employer|self|unknown))$/;
export const ZDrilldownInput = z.strictObject({
  year: ZYear,
  cell: z
    .string()
    .max(40)
    .describe(
      "The figure: trainees | hours | revenue | anomalies | category-SAL|DE|AUT|NONE | f1-a..e | c-1, c-2, c-2a..c-2h, c-3..c-11 | financing-opco|cpf|poleEmploi|employer|self|unknown",
    ),
  page: z.coerce.number().int().min(1).max(MAX.page).optional().default(1),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type TDrilldownInput = z.infer<typeof ZDrilldownInput>;

const ZFinancingSources = z
  .object({ opco: ZMoney, cpf: ZMoney, poleEmploi: ZMoney, employer: ZMoney, self: ZMoney })
  .describe("Revenue HT by the financing source of the invoice's enrollment (or, without one, of its payer)");
const ZCategoryRow = z.object({
  code: z.enum(TRAINEE_CATEGORIES),
  label: z.string(),
  count: z.number().int().describe("Trainees (enrollments) of this category"),
  hours: ZHours,
  revenueHT: ZMoney.describe("Revenue HT of the invoices linked to these enrollments"),
});
const ZCheck = z.object({
  code: z.string().describe("F1_TOTAL_TRAINEES, F1_TOTAL_HOURS, F3_TOTAL_TRAINEES, F3_TOTAL_HOURS, F4_TOTAL_TRAINEES, F4_TOTAL_HOURS, C_TOTAL, C_LINE_2, FINANCING_TOTAL, F2_LE_F1"),
  ok: z.boolean(),
  expected: z.number(),
  actual: z.number(),
  label: z.string(),
});
const ZPair = z.object({ trainees: z.number().int(), hours: ZHours });
const ZBpfInput = z.object({
  code: z.enum(BPF_INPUT_CODES),
  frame: z.string().describe("The frame it fills: A, D, E, F-1, F-3, F-4, H"),
  href: z.string().describe("Where to enter it in the app (a path of the tenant's site)"),
  items: z.array(z.object({ id: z.string(), label: z.string() })).describe("The trainers, courses or fields concerned (empty when the input is one value)"),
});
export type TBpfInput = z.infer<typeof ZBpfInput>;
const ZFrames = z.object({
  a: z.object({
    legalName: z.string().nullable(),
    legalForm: z.string().nullable(),
    siret: z.string().nullable(),
    nda: z.string().nullable(),
    nafCode: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    missing: z.array(z.string()).describe("Fields of frame A not filled in the legal identity"),
  }),
  b: z.object({ year: z.number().int(), from: z.string(), to: z.string(), remote: z.boolean().describe("Some action delivered wholly or partly at a distance") }),
  c: z.object({
    lines: z.array(z.object({ line: z.enum(C_LINES), amount: ZMoney })),
    line2: ZMoney,
    total: ZMoney,
    otherHT: ZMoney.nullable().describe("Invoiced HT of the year's non-training lines (consulting, room hire, meals...)"),
    turnoverHT: ZMoney.nullable().describe("All invoiced HT of the year (training and other lines)"),
    trainingShare: z.number().nullable().describe("Percent of turnover from vocational training (total C / turnoverHT, 1 decimal); null without turnover"),
  }),
  d: z
    .object({ totalCharges: ZMoney, trainerSalaries: ZMoney, trainingPurchases: ZMoney })
    .nullable()
    .describe("Charges entered for the year (PUT /bpf/year/{year}/charges); null: not entered (non renseigné)"),
  e: z.object({
    internal: z.object({ people: z.number().int(), hours: ZHours }).describe("E-1: the organisation's own trainers and the hours of their sessions"),
    external: z.object({ people: z.number().int(), hours: ZHours }).nullable().describe("E-2: external trainers (subcontracting); null in snapshots made before it was recorded"),
    unknown: z.number().int().describe("Trainers of the year without an engagement (INTERNAL/EXTERNAL): a missing input"),
  }),
  f1: z.object({ rows: z.array(z.object({ row: z.enum(F1_ROWS), trainees: z.number().int(), hours: ZHours })), totalTrainees: z.number().int(), totalHours: ZHours }),
  f2: ZPair.nullable().describe("Trainees whose training was entrusted to a subcontractor (also counted in F-1)"),
  f3: z
    .object({ rows: z.array(ZPair.extend({ row: z.enum(F3_ROWS) })), totalTrainees: z.number().int(), totalHours: ZHours, unknown: z.number().int() })
    .nullable()
    .describe("By the course's objective; unknown: trainees of courses without one"),
  f4: z
    .object({ rows: z.array(ZPair.extend({ code: z.string().describe("NSF code, or other"), label: z.string() })), totalTrainees: z.number().int(), totalHours: ZHours, unknown: z.number().int() })
    .nullable()
    .describe("The five main NSF specialities by trainees, then other"),
  g: ZPair.nullable().describe("Trainees entrusted to this organisation by another (not counted in F)"),
  h: z.object({ directorName: z.string().nullable(), directorRole: z.string().nullable(), date: z.string().nullable().describe("YYYY-MM-DD, the computation's date") }),
  gaps: z.array(z.string()).describe("What prints non renseigné: D, E, F-3, F-4, C-% (no turnover), H"),
  inputs: z.array(ZBpfInput).describe("Every missing input, with where to enter it"),
});
const ZAnomalies = z.object({
  traineesWithoutCategory: z.number().int(),
  traineesWithoutFinancing: z.number().int(),
  invoicesWithoutSource: z.number().int().describe("Invoices whose financing source cannot be told (PUBLIC payer without enrollment financing)"),
});

const bpfFields = {
  year: z.number().int(),
  asOf: ZTimestamp.describe("When the figures were computed"),
  totalTrainees: z.number().int(),
  totalHours: ZHours,
  totalRevenueHT: ZMoney,
};

const ZCurrentYear = z.object({ ...bpfFields, status: z.literal("OPEN") });
export const ZCurrentYearOutput = envelope(ZCurrentYear);

const ZSnapshot = z.object({
  ...bpfFields,
  status: z.enum(BPF_STATUSES),
  financingSources: ZFinancingSources,
  byCategory: z.array(ZCategoryRow),
  frames: ZFrames,
  checks: z.array(ZCheck),
  anomalies: ZAnomalies,
  generatedAt: ZTimestamp,
  submittedAt: z.string().nullable().describe("YYYY-MM-DD"),
  receiptId: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TSnapshot = z.infer<typeof ZSnapshot>;
export const ZSnapshotOutput = envelope(ZSnapshot);

export const ZGenerateOutput = envelope(
  z.object({
    year: z.number().int(),
    status: z.literal("GENERATED"),
    generatedAt: ZTimestamp,
    totals: z.object({ totalTrainees: z.number().int(), totalHours: ZHours, totalRevenueHT: ZMoney }),
  }),
);
export const ZSubmitOutput = envelope(
  z.object({ year: z.number().int(), status: z.literal("SUBMITTED"), submittedAt: z.string(), receiptId: z.string(), notes: z.string().nullable() }),
);
export const ZBreakdownOutput = envelope(
  z.object({
    year: z.number().int(),
    status: z.enum(BPF_STATUSES),
    totals: z.object({ totalTrainees: z.number().int(), totalHours: ZHours, totalRevenueHT: ZMoney }),
    financingSources: ZFinancingSources,
    byCategory: z.array(ZCategoryRow),
    frames: ZFrames,
    checks: z.array(ZCheck),
    anomalies: ZAnomalies,
  }),
);

const ZDrillRecord = z.object({
  type: z.enum(["ENROLLMENT", "INVOICE"]),
  id: z.string().describe("enr_... or inv_..."),
  label: z.string().describe("Trainee's name and course (enrollment), or invoice number and client"),
  enrollmentId: z.string().nullable(),
  userId: z.string().nullable(),
  courseId: z.string().nullable(),
  category: z.string().nullable(),
  financingSource: z.string().nullable(),
  hours: ZHours.nullable().describe("ENROLLMENT: hours counted in the year"),
  invoiceKind: z.enum(["INVOICE", "CREDIT_NOTE"]).nullable(),
  number: z.string().nullable(),
  line: z.string().nullable().describe("INVOICE: frame C line"),
  issuedAt: z.string().nullable(),
  amountHT: ZMoney.nullable().describe("INVOICE: HT counted (negative for a credit note); ENROLLMENT: revenue HT linked to it"),
  anomaly: z.string().nullable().describe("NO_CATEGORY, NO_FINANCING_SOURCE, NO_SOURCE (invoice) when listed as an anomaly"),
});
export type TDrillRecord = z.infer<typeof ZDrillRecord>;
export const ZDrilldownOutput = listEnvelope(ZDrillRecord, ZPerPageMeta.extend({ cell: z.string(), value: z.number().describe("The figure itself") }));

// ---------------------------------------------------------------- inputs of the BPF

const ZCents = z.number({ error: "Must be a number" }).int("Integer number of cents").min(0, "Must not be negative").max(1e13, "Amount too large");
export const ZChargesInput = z.strictObject({
  year: ZYear,
  totalCents: ZCents.describe("Frame D: total charges of the training activity, HT, cents"),
  trainerSalariesCents: ZCents.describe("Of which trainers' salaries (account 6411 per the notice), cents"),
  trainingPurchasesCents: ZCents.describe("Of which purchases of training services and fees, subcontracting included (604, 6226), cents"),
});
export const ZCharges = z.object({ year: z.number().int(), totalCents: z.number().int(), trainerSalariesCents: z.number().int(), trainingPurchasesCents: z.number().int(), updatedAt: ZTimestamp });
export const ZChargesOutput = envelope(ZCharges.nullable());

export const ZTrainerEngagementInput = z.strictObject({
  userId: z.string().min(1).max(64).describe("The trainer (usr_...): an ADMIN, CREATOR or TRAINER member"),
  engagement: z.enum(TRAINER_ENGAGEMENTS).describe("INTERNAL (employee or teaching director: E-1) or EXTERNAL (subcontracting contract: E-2)"),
});
const ZTrainerRow = z.object({ userId: z.string(), name: z.string(), role: z.string(), engagement: z.enum(TRAINER_ENGAGEMENTS).nullable() });
export const ZTrainersOutput = envelope(z.array(ZTrainerRow));

export const ZCourseClassInput = z.strictObject({
  courseId: z.string().min(1).max(64).describe("The course (crs_...)"),
  trainingObjective: z.enum(TRAINING_OBJECTIVES).nullable().optional().describe("F-3: RNCP, RNCP_CQP, RS, CQP, OTHER, BILAN, VAE; null: read from certificationNumber"),
  rncpLevel: z.number().int().min(2, "2 to 8").max(8, "2 to 8").nullable().optional().describe("RNCP level 2..8 (required for RNCP)"),
  nsfCode: z.string().trim().max(MAX.code).regex(/^\d{3}$/, "Three digits").nullable().optional().describe("F-4: NSF speciality code (3 digits of the NSF list)"),
});
export const ZCourseClassRow = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  certificationNumber: z.string().nullable(),
  trainingObjective: z.enum(TRAINING_OBJECTIVES).nullable(),
  rncpLevel: z.number().int().nullable(),
  nsfCode: z.string().nullable(),
});
export const ZCourseClassesOutput = envelope(z.array(ZCourseClassRow));

export const ZEnrollmentSubcontractingInput = z.strictObject({
  enrollmentId: z.string().min(1).max(64).describe("The enrollment (enr_...)"),
  subcontracting: z.enum(SUBCONTRACTING).nullable().describe("SUBCONTRACTED_OUT (F-2), RECEIVED (G), null: delivered by this organisation on its own account"),
});
export const ZEnrollmentSubcontractingOutput = envelope(z.object({ enrollmentId: z.string(), subcontracting: z.enum(SUBCONTRACTING).nullable() }));
