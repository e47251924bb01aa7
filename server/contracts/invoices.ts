import { z } from "zod";
import { envelope, listEnvelope, ZEmail, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * Invoices and credit notes (spec: Invoice resource, Invoice state table, Billing table;
 * conventions §10). Money is integer cents; VAT rates are percents. Isomorphic: zod only.
 */
export const INVOICE_STATUSES = ["DRAFT", "ISSUED", "PAID", "CANCELLED", "OVERDUE"] as const;
export const INVOICE_KINDS = ["INVOICE", "CREDIT_NOTE"] as const;
export const INVOICE_PAYERS = ["EMPLOYER", "OPCO", "LEARNER", "OTHER"] as const;
/** The French VAT rates (CGI art. 278 ff.) and 0 (exempt training, art. 261-4-4° a). */
export const VAT_RATES = [0, 2.1, 5.5, 10, 20] as const;
export const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD"] as const;
/** More lines than this is an import mistake, not an invoice. */
export const MAX_ITEMS = 200;
/** One line's unit price or discount: 10 million in the currency. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
export const MAX_QUANTITY = 1_000_000;
/** No invoice of a training organisation comes near: 100 million in the currency. */
export const MAX_TOTAL_CENTS = 10_000_000_000;

export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export const ZInvoicePayer = z.enum(INVOICE_PAYERS);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

const ZDateOnly = z.iso.date("Date YYYY-MM-DD").describe("Date (YYYY-MM-DD)");

export const ZInvoiceItemInput = z.strictObject({
  description: z.string().trim().min(1, "Required").max(500).describe("What is invoiced (at most 500 characters)"),
  quantity: z
    .number({ error: "Must be a number" })
    .positive("Must be greater than 0")
    .max(MAX_QUANTITY)
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-9, "At most 2 decimals")
    .describe("Quantity (> 0, at most 2 decimals), e.g. hours or days"),
  unitPriceCents: z
    .number({ error: "Must be a number" })
    .int("Integer number of cents")
    .min(0, "Must not be negative")
    .max(MAX_AMOUNT_CENTS, "Amount too large")
    .describe("Unit price excluding VAT, in cents"),
  vatRate: z
    .number({ error: "Must be a number" })
    .refine((r) => (VAT_RATES as readonly number[]).includes(r), `One of ${VAT_RATES.join(", ")}`)
    .describe(`VAT rate in percent: ${VAT_RATES.join(", ")}. An exempt tenant (art. 261-4-4° a CGI) uses 0 only`),
  discountCents: z
    .number({ error: "Must be a number" })
    .int("Integer number of cents")
    .min(0, "Must not be negative")
    .max(MAX_AMOUNT_CENTS, "Amount too large")
    .optional()
    .describe("Discount on the line, in cents excluding VAT (at most the line's quantity x unit price)"),
  kind: z
    .enum(["TRAINING", "OTHER"])
    .optional()
    .describe("TRAINING (counted in the BPF's frame C) or OTHER (consulting, room hire, meals: turnover only). Omitted: the BPF reads the line as TRAINING when the invoice is linked to an enrollment, else OTHER"),
});
export type TInvoiceItemInput = z.infer<typeof ZInvoiceItemInput>;

const ZItems = z.array(ZInvoiceItemInput).min(1, "At least one line").max(MAX_ITEMS, `At most ${MAX_ITEMS} lines`);

const draftFields = {
  clientId: ZId("cli").describe("The billing client (cli_) of the tenant; an unknown one answers 422 errors.clientId"),
  items: ZItems,
  dueDate: ZDateOnly.nullable().optional().describe("Due date; when absent it is set at issue: issue date + the tenant's payment terms (days)"),
  currency: z.enum(CURRENCIES).optional().describe("ISO 4217 currency (default EUR)"),
  paymentTerms: z.string().trim().max(500).nullable().optional().describe("Payment terms printed on the invoice (default: the tenant's, with the legal late-payment mentions)"),
  purchaseOrder: z.string().trim().max(100).nullable().optional().describe("The buyer's purchase-order reference (BT-13)"),
  exchangeRateToEur: z
    .number()
    .positive("Must be greater than 0")
    .max(1_000_000)
    .nullable()
    .optional()
    .describe("Value of 1 unit of the currency in EUR: required to issue an invoice with VAT in a currency other than EUR (the French rules also state the VAT total in EUR)"),
  notes: z.string().trim().max(2000).nullable().optional().describe("A note printed on the invoice"),
};

export const ZCreateInvoiceInput = z.strictObject({
  ...draftFields,
  enrollmentId: ZId("enr").optional().describe("The enrollment invoiced (BPF: its financing source and hours); must be the tenant's"),
  payer: ZInvoicePayer.optional().describe("In which capacity the client pays for the enrollment"),
});
export type TCreateInvoiceInput = z.infer<typeof ZCreateInvoiceInput>;

export const ZUpdateInvoiceInput = z.strictObject({
  id: ZId("inv"),
  clientId: draftFields.clientId.optional(),
  items: ZItems.optional(),
  dueDate: draftFields.dueDate,
  currency: draftFields.currency,
  paymentTerms: draftFields.paymentTerms,
  purchaseOrder: draftFields.purchaseOrder,
  exchangeRateToEur: draftFields.exchangeRateToEur,
  notes: draftFields.notes,
});
export type TUpdateInvoiceInput = z.infer<typeof ZUpdateInvoiceInput>;

export const ZInvoiceIdInput = z.strictObject({ id: ZId("inv") });

export const ZListInvoicesInput = ZPerPageInput.extend({
  status: ZInvoiceStatus.optional().describe("OVERDUE = ISSUED and past its due date; ISSUED excludes those"),
  kind: z.enum(INVOICE_KINDS).optional().describe("INVOICE or CREDIT_NOTE (default: both)"),
  fromDate: ZDateOnly.optional().describe("Issued on or after this date (tenant's time zone)"),
  toDate: ZDateOnly.optional().describe("Issued on or before this date (tenant's time zone)"),
  clientId: ZId("cli").optional(),
  enrollmentId: ZId("enr").optional(),
});
export type TListInvoicesInput = z.infer<typeof ZListInvoicesInput>;

export const ZCancelInvoiceInput = z.strictObject({
  id: ZId("inv"),
  reason: z.string().trim().min(3, "At least 3 characters").max(500).describe("Why the invoice is cancelled (kept in the audit log)"),
});

export const ZCreditNoteInput = z.strictObject({
  id: ZId("inv"),
  reason: z.string().trim().min(3, "At least 3 characters").max(500).describe("Why the invoice is credited (printed on the credit note)"),
  items: ZItems.optional().describe("The lines credited (positive amounts); absent: the whole invoice"),
});

export const ZMarkPaidInput = z.strictObject({
  id: ZId("inv"),
  paidAt: ZDateOnly.optional().describe("Date the payment was received (default today); not in the future, not before the issue date"),
  reference: z.string().trim().max(200).optional().describe("Bank transfer or cheque reference (audit log)"),
});

export const ZSendInvoiceInput = z.strictObject({
  id: ZId("inv"),
  to: ZEmail.describe("Recipient"),
  cc: z.array(ZEmail).max(10).optional().describe("Copies (each gets the same message)"),
  message: z.string().trim().max(5000).optional().describe("Text added to the e-mail"),
});

export const ZSplitShare = z.strictObject({
  payer: ZInvoicePayer,
  clientId: ZId("cli").optional().describe("Required for EMPLOYER, OPCO and OTHER; LEARNER defaults to the learner's own INDIVIDUAL client (created when absent)"),
  amountCents: z.number().int("Integer number of cents").min(1, "Greater than 0").max(MAX_AMOUNT_CENTS),
});

export const ZSplitInvoicesInput = z.strictObject({
  enrollmentId: ZId("enr"),
  shares: z.array(ZSplitShare).min(1, "At least one payer").max(5),
  vatRate: ZInvoiceItemInput.shape.vatRate.optional().describe("Default: 0 for an exempt tenant, 20 otherwise"),
  dueDate: draftFields.dueDate,
  currency: draftFields.currency,
});
export type TSplitInvoicesInput = z.infer<typeof ZSplitInvoicesInput>;

// ---------------------------------------------------------------- outputs

export const ZInvoiceItem = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  vatRate: z.number(),
  discountCents: z.number().int(),
  netCents: z.number().int().describe("quantity x unitPriceCents - discountCents, rounded to the cent"),
  kind: z.enum(["TRAINING", "OTHER"]).nullable().describe("The line's kind for the BPF (null: not given)"),
});

export const ZVatLine = z.object({ category: z.enum(["S", "E"]).describe("EN 16931 VAT category: S standard or reduced rate, E exempt"), vatRate: z.number(), baseCents: z.number().int(), vatCents: z.number().int() });

export const ZInvoiceSummary = z.object({
  id: z.string().describe("inv_..."),
  kind: z.enum(INVOICE_KINDS),
  number: z.string().nullable().describe("{PREFIX}-{YYYY}-{000001}; null until issued"),
  status: ZInvoiceStatus,
  clientId: z.string(),
  clientName: z.string(),
  subtotalCents: z.number().int().describe("Total excluding VAT"),
  vatCents: z.number().int(),
  totalCents: z.number().int().describe("Total including VAT"),
  currency: z.string(),
  issuedAt: ZTimestamp.nullable(),
  dueAt: z.string().nullable().describe("Due date (YYYY-MM-DD)"),
  creditedInvoiceId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  payer: ZInvoicePayer.nullable(),
  createdAt: ZTimestamp,
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoice = ZInvoiceSummary.extend({
  items: z.array(ZInvoiceItem),
  vatBreakdown: z.array(ZVatLine),
  paymentTerms: z.string().nullable(),
  purchaseOrder: z.string().nullable(),
  exchangeRateToEur: z.number().nullable(),
  notes: z.string().nullable(),
  factorX: z.object({ profile: z.enum(["BASIC", "EN16931", "EXTENDED"]), xmlAttached: z.boolean(), pdfA3: z.boolean() }),
  eidas: z.object({ signed: z.boolean(), provider: z.string().nullable(), signatureLevel: z.string().nullable(), signatureId: z.string().nullable() }),
  pdfAvailable: z.boolean(),
  sentAt: ZTimestamp.nullable(),
  paidAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  cancelReason: z.string().nullable(),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string().nullable(), totalCents: z.number().int(), issuedAt: ZTimestamp.nullable() })),
  creditedInvoice: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  updatedAt: ZTimestamp,
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceOutput = envelope(ZInvoice);
export const ZListInvoicesOutput = listEnvelope(ZInvoiceSummary, ZPerPageMeta);
export const ZSplitInvoicesOutput = envelope(z.array(ZInvoice));
export const ZSendInvoiceOutput = envelope(z.object({ sentAt: ZTimestamp, recipients: z.array(z.string()) }));
