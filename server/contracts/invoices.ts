import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZEmail, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * Invoices and credit notes (spec: Invoice resource, Invoice state table, Billing table;
 * conventions §10). Money is integer cents; VAT rates are percents. Isomorphic: zod only.
 */
export const INVOICE_STATUSES = ["DRAFT", "ISSUED", "PAID", "CANCELLED", "OVERDUE"] as const;
export const INVOICE_KINDS = ["INVOICE", "CREDIT_NOTE"] as const;
const INVOICE_PDF_STATUSES = ["PENDING", "READY", "FAILED"] as const;
const INVOICE_PAYERS = ["EMPLOYER", "OPCO", "LEARNER", "OTHER"] as const;
/** The French VAT rates (CGI art. 278 ff.) and 0 (exempt training, art. 261-4-4° a). */
export const VAT_RATES = [0, 2.1, 5.5, 10, 20] as const;
/** EN 16931 VAT categories used here (UNCL5305). */
export const VAT_CATEGORIES = ["S", "E", "Z", "O"] as const;
const LINE_KINDS = ["TRAINING", "OTHER"] as const;
export const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD"] as const;
/** More lines than this is an import mistake, not an invoice. */
export const MAX_ITEMS = 200;
/** One line's unit price or discount: 10 million in the currency. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
export const MAX_QUANTITY = 1_000_000;
/** No invoice of a training organisation comes near: 100 million in the currency. */
export const MAX_TOTAL_CENTS = 10_000_000_000;

export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
const ZInvoicePayer = z.enum(INVOICE_PAYERS);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

const ZDateOnly = z.iso.date("Date YYYY-MM-DD").max(MAX.date).describe("Date (YYYY-MM-DD)");

const ZInvoiceItemInput = z.strictObject({
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
    .describe(`VAT rate in percent: ${VAT_RATES.join(", ")}, whatever the tenant's regime (an exempt organisation's room hire or consulting is taxable). A line above 0 % is category S`),
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
    .describe(
      "TRAINING (and the supplies closely tied to it: materials, trainees' meals; counted in the BPF's frame C) or OTHER (consulting, room hire, resale, travel: turnover only). Omitted: TRAINING when the invoice is linked to an enrollment or the line is exempt (E), else OTHER. Resolved once when the draft is written and stored",
    ),
  vatCategory: z
    .enum(VAT_CATEGORIES)
    .optional()
    .describe(
      "EN 16931 VAT category: S (rate > 0), E exempt, Z zero-rated, O outside the scope of VAT (E, Z, O at 0 %). Omitted: S above 0 %; at 0 %, E under art. 261-4-4° a CGI for an exempt tenant, and required (422 VAT_CATEGORY_REQUIRED, errors items.{i}.vatCategory) for a liable one. Stored once resolved",
    ),
  vatExemptionReason: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .optional()
    .describe('E lines: the legal ground printed and carried as BT-120 (default for training: "Exonération de TVA – article 261-4-4° a du CGI"); required for an E line of kind OTHER'),
  vatExemptionCode: z
    .string()
    .trim()
    .max(MAX.code)
    .regex(/^VATEX-[A-Z0-9-]{1,40}$/, "A VATEX code, e.g. VATEX-FR-CGI261-4")
    .optional()
    .describe("E lines: BT-121 exemption reason code (VATEX list; default VATEX-FR-CGI261-4 for the training exemption)"),
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
  servicePeriod: z
    .strictObject({ start: ZDateOnly, end: ZDateOnly })
    .refine((p) => p.end >= p.start, { message: "The end must not be before the start", path: ["end"] })
    .nullable()
    .optional()
    .describe(
      "The dates of the service (printed \"Période de la prestation\", BG-14 with BT-72 = end). On creation, absent: from the linked enrollment's sessions (first start, last end, tenant time zone) or its dates; null: none",
    ),
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
  servicePeriod: draftFields.servicePeriod,
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

const ZSplitShare = z.strictObject({
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

const ZInvoiceItem = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  vatRate: z.number(),
  discountCents: z.number().int(),
  netCents: z.number().int().describe("quantity x unitPriceCents - discountCents, rounded to the cent"),
  kind: z.enum(LINE_KINDS).describe("The line's kind as stored (TRAINING counts in the BPF's frame C)"),
  vatCategory: z.enum(VAT_CATEGORIES).describe("The line's VAT category as stored (S, E, Z, O)"),
  vatExemptionReason: z.string().nullable().describe("E and O lines: the exemption ground (BT-120)"),
  vatExemptionCode: z.string().nullable().describe("E and O lines: the VATEX code (BT-121)"),
});

const ZVatLine = z.object({
  category: z.enum(VAT_CATEGORIES).describe("EN 16931 VAT category: S standard or reduced rate, E exempt, Z zero-rated, O outside the scope of VAT"),
  vatRate: z.number(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  exemptionReason: z.string().nullable().describe("E and O groups: the exemption ground(s) printed (BT-120)"),
  exemptionCode: z.string().nullable().describe("E and O groups: the VATEX code (BT-121) when the group's lines share one"),
});

const ZInvoiceSummary = z.object({
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

const ZInvoice = ZInvoiceSummary.extend({
  items: z.array(ZInvoiceItem),
  vatBreakdown: z.array(ZVatLine),
  paymentTerms: z.string().nullable(),
  purchaseOrder: z.string().nullable(),
  exchangeRateToEur: z.number().nullable(),
  notes: z.string().nullable(),
  servicePeriod: z.object({ start: z.string(), end: z.string() }).nullable().describe("The dates of the service (YYYY-MM-DD), or null"),
  factorX: z.object({ profile: z.enum(["BASIC", "EN16931", "EXTENDED"]), xmlAttached: z.boolean(), pdfA3: z.boolean() }),
  eidas: z.object({ signed: z.boolean(), provider: z.string().nullable(), signatureLevel: z.string().nullable(), signatureId: z.string().nullable() }),
  pdfAvailable: z.boolean(),
  pdf: z
    .object({
      status: z.enum(INVOICE_PDF_STATUSES).describe("PENDING: being generated (the invoice.render job guarantees it); READY: stored (pdfAvailable); FAILED: the last attempt failed, retried with backoff (or POST .../render)"),
      lastError: z.string().nullable().describe("The last failed attempt's error, null once READY"),
      attempts: z.number().int().describe("Failed attempts so far"),
    })
    .nullable()
    .describe("The issued PDF's generation; null for a draft"),
  sentAt: ZTimestamp.nullable(),
  paidAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  cancelReason: z.string().nullable(),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string().nullable(), totalCents: z.number().int(), issuedAt: ZTimestamp.nullable() })),
  creditedInvoice: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  cancellationCreditNote: z.object({ id: z.string(), number: z.string().nullable() }).nullable().describe("The credit note whose issue cancelled this invoice (also listed in creditNotes)"),
  updatedAt: ZTimestamp,
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceOutput = envelope(ZInvoice);
export const ZListInvoicesOutput = listEnvelope(ZInvoiceSummary, ZPerPageMeta);
export const ZSplitInvoicesOutput = envelope(z.array(ZInvoice));
export const ZSendInvoiceOutput = envelope(z.object({ sentAt: ZTimestamp, recipients: z.array(z.string()) }));

/** One failed rule of the Factur-X validation (server/services/billing/facturx/validation). */
const ZFacturxFailure = z.object({
  rule: z.string().describe('The official rule id: "BR-S-05", "BR-CO-15", "BR-FR-12_BT-49"...; "XSD" for a schema error'),
  source: z.enum(["XSD", "FACTUR-X", "EN16931", "BR-FR"]).describe("The profile XSD, the Factur-X profile Schematron, the CEN EN 16931 rules or the French BR-FR rules"),
  flag: z.enum(["fatal", "error", "warning"]).describe("As the rule states it; only fatal and error block the issue"),
  message: z.string().describe("The rule's official text (French for BR-FR, English otherwise), or the XSD error"),
  explanation: z.string().describe("In French: what to fix (the legal identity, the client's record, the lines), or the official text quoted"),
});
const ZFacturxValidation = z.object({
  conformant: z.boolean().describe("No fatal or error failure: the invoice can be issued (warnings do not block)"),
  profile: z.enum(["BASIC", "EN16931", "EXTENDED"]).nullable().describe("The Factur-X profile the XML was built for (the organisation's)"),
  failures: z.array(ZFacturxFailure),
});
export type TFacturxValidation = z.infer<typeof ZFacturxValidation>;
export const ZValidateInvoiceOutput = envelope(ZFacturxValidation);
