import { z } from "zod";
import { envelope, listEnvelope, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * The BPF (bilan pédagogique et financier, cerfa 10443*17): live view of the current year,
 * snapshots per year, breakdown, drill-down of every figure, submission. Isomorphic: zod only.
 * Amounts are decimal numbers in currency units (spec), hours decimal hours.
 */

export const BPF_STATUSES = ["GENERATED", "SUBMITTED"] as const;
export const TRAINEE_CATEGORIES = ["SAL", "DE", "AUT"] as const;
export const FINANCING_SOURCES = ["OPCO", "CPF", "POLE_EMPLOI", "EMPLOYER", "SELF"] as const;
/** Frame C lines (revenue by who paid), in the form's order; "2" is the subtotal of 2a..2h. */
export const C_LINES = ["1", "2a", "2b", "2c", "2d", "2e", "2f", "2g", "2h", "3", "4", "5", "6", "7", "8", "9", "10", "11"] as const;
/** Frame F-1 rows: a employees, b apprentices, c job seekers, d individuals paying themselves, e others. */
export const F1_ROWS = ["a", "b", "c", "d", "e"] as const;
export const FINANCING_KEYS = ["opco", "cpf", "poleEmploi", "employer", "self"] as const;

export type TCLine = (typeof C_LINES)[number];
export type TF1Row = (typeof F1_ROWS)[number];
export type TFinancingKey = (typeof FINANCING_KEYS)[number];

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
  submittedAt: z.iso.date("Date YYYY-MM-DD").describe("Date the BPF was filed on Mon Activité Formation (YYYY-MM-DD, not in the future)"),
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
  page: z.coerce.number().int().min(1).optional().default(1),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type TDrilldownInput = z.infer<typeof ZDrilldownInput>;

export const ZFinancingSources = z
  .object({ opco: ZMoney, cpf: ZMoney, poleEmploi: ZMoney, employer: ZMoney, self: ZMoney })
  .describe("Revenue HT by the financing source of the invoice's enrollment (or, without one, of its payer)");
export const ZCategoryRow = z.object({
  code: z.enum(TRAINEE_CATEGORIES),
  label: z.string(),
  count: z.number().int().describe("Trainees (enrollments) of this category"),
  hours: ZHours,
  revenueHT: ZMoney.describe("Revenue HT of the invoices linked to these enrollments"),
});
export const ZCheck = z.object({
  code: z.string().describe("F1_TOTAL_TRAINEES, F1_TOTAL_HOURS, C_TOTAL, C_LINE_2, CATEGORIES_TOTAL"),
  ok: z.boolean(),
  expected: z.number(),
  actual: z.number(),
  label: z.string(),
});
export const ZFrames = z.object({
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
  }),
  e: z.object({ internal: z.object({ people: z.number().int(), hours: ZHours }), external: z.null().describe("Not recorded: non renseigné") }),
  f1: z.object({ rows: z.array(z.object({ row: z.enum(F1_ROWS), trainees: z.number().int(), hours: ZHours })), totalTrainees: z.number().int(), totalHours: ZHours }),
  h: z.object({ directorName: z.string().nullable(), directorRole: z.string().nullable() }),
  gaps: z.array(z.string()).describe("Frames or lines the data cannot fill (printed non renseigné): D, E-2, F-2, F-3, F-4, G"),
});
export const ZAnomalies = z.object({
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

export const ZCurrentYear = z.object({ ...bpfFields, status: z.literal("OPEN") });
export const ZCurrentYearOutput = envelope(ZCurrentYear);

export const ZSnapshot = z.object({
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

export const ZDrillRecord = z.object({
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
