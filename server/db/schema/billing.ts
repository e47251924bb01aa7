import { sql } from "drizzle-orm";
import { bigint, boolean, date, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { courses, enrollments } from "./learning";
import { tenants } from "./tenancy";

/**
 * Money (issue #12): the tenant's legal identity, billing clients, invoices and credit notes with
 * their per-tenant-and-year counter, payments through the gateways with their refunds and
 * callbacks, and the BPF snapshots. Every table is tenant-owned; amounts are integer cents except
 * the BPF's decimal figures (spec: "BPF amounts are decimal numbers in currency units").
 */

// ---------------------------------------------------------------- legal identity

export const vatRegimeEnum = pgEnum("vat_regime", ["LIABLE", "EXEMPT_261_4_4A"]);
export const facturxProfileEnum = pgEnum("facturx_profile", ["BASIC", "EN16931", "EXTENDED"]);

/** One row per tenant: who invoices and files the BPF (legal-notes §1, cerfa 10443 frames A and H). */
export const tenantLegalIdentities = pgTable("tenant_legal_identities", {
  tenantId: text()
    .primaryKey()
    .references(() => tenants.id),
  legalName: text(),
  legalForm: text(),
  /** SIREN (9 digits) and SIRET (14 digits), both Luhn-checked. */
  siren: text(),
  siret: text(),
  vatNumber: text(),
  /** "RCS Lyon 123 456 789". */
  rcs: text(),
  shareCapital: text(),
  nafCode: text(),
  /** Numéro de déclaration d'activité (11 digits) and the region of the prefect it was declared to. */
  nda: text(),
  ndaRegion: text(),
  addressLine1: text(),
  addressLine2: text(),
  postalCode: text(),
  city: text(),
  country: text().notNull().default("FR"),
  email: text(),
  phone: text(),
  iban: text(),
  bic: text(),
  vatRegime: vatRegimeEnum().notNull().default("EXEMPT_261_4_4A"),
  /** 1..10 characters of BR-FR-01's set without "/" ("FAC"). */
  invoicePrefix: text().notNull().default("FAC"),
  paymentTermsDays: integer().notNull().default(30),
  facturxProfile: facturxProfileEnum().notNull().default("EN16931"),
  /** The organisation opted to pay VAT on debits (CGI art. 269-2 c): printed on its invoices and carried as BT-8 (e-invoicing reform). */
  vatOnDebits: boolean().notNull().default(false),
  /** Frame H of the BPF. */
  directorName: text(),
  directorRole: text(),
  /** Who signs the certificates of completion (else the director), and their handwritten signature (data:image/png or jpeg;base64 URL, at most 200 kB). */
  signatoryName: text(),
  signatoryRole: text(),
  signatureImage: text(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- clients

export const clientKindEnum = pgEnum("client_kind", ["COMPANY", "OPCO", "INDIVIDUAL", "PUBLIC"]);

export const billingClients = pgTable(
  "billing_clients",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    kind: clientKindEnum().notNull().default("COMPANY"),
    name: text().notNull(),
    siren: text(),
    siret: text(),
    vatNumber: text(),
    addressLine1: text(),
    addressLine2: text(),
    postalCode: text(),
    city: text(),
    country: text().notNull().default("FR"),
    email: text(),
    /** The contact at a COMPANY or OPCO client (needs analyses, quote requests). */
    contactName: text(),
    contactPhone: text(),
    /** A COMPANY's OPCO (skills operator), free text. */
    opcoName: text(),
    /** The learner an INDIVIDUAL client stands for (split-payer invoicing of an enrollment). */
    userId: text().references(() => users.id),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("billing_clients_tenant_id_uq").on(t.tenantId, t.id),
    index("billing_clients_tenant_name_idx").on(t.tenantId, t.name, t.id),
    // The kind filter's page and total.
    index("billing_clients_tenant_kind_name_idx").on(t.tenantId, t.kind, t.name, t.id),
    uniqueIndex("billing_clients_tenant_user_uq").on(t.tenantId, t.userId).where(sql`${t.userId} is not null`),
  ],
);

// ---------------------------------------------------------------- invoices

export const invoiceStatusEnum = pgEnum("invoice_status", ["DRAFT", "ISSUED", "PAID", "CANCELLED", "OVERDUE"]);
export const invoiceKindEnum = pgEnum("invoice_kind", ["INVOICE", "CREDIT_NOTE"]);
export const invoicePayerEnum = pgEnum("invoice_payer", ["EMPLOYER", "OPCO", "LEARNER", "OTHER"]);
/** An issued invoice's PDF: PENDING until rendered (the `invoice.render` job guarantees it), READY once stored, FAILED after a failed attempt (retried). */
export const invoicePdfStatusEnum = pgEnum("invoice_pdf_status", ["PENDING", "READY", "FAILED"]);

export type InvoiceItem = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** Percent: 0, 2.1, 5.5, 10 or 20. */
  vatRate: number;
  /** Line discount in cents (an allowance on the line, before VAT). */
  discountCents?: number;
  /**
   * TRAINING (counted in the BPF's frame C) or OTHER (consulting, room hire, meals: turnover only).
   * Absent on older lines: the BPF then reads a line of an invoice linked to an enrollment as TRAINING, any other as OTHER.
   */
  kind?: "TRAINING" | "OTHER";
  /**
   * EN 16931 VAT category (BT-151): S (rate > 0), E exempt, Z zero-rated, O outside the scope of
   * VAT (E, Z, O at rate 0). Resolved once when the draft's items are written (amounts.ts
   * resolveInvoiceItem) and stored; absent on older lines, which amounts.ts infers the same way.
   */
  vatCategory?: "S" | "E" | "Z" | "O";
  /** E (and O) lines: the exemption ground printed and carried as BT-120 / BT-121. */
  vatExemptionReason?: string;
  vatExemptionCode?: string;
};

/** The seller and buyer as printed on the issued invoice (copied at issue; later edits do not change it). */
export type PartySnapshot = {
  name: string;
  legalForm?: string | null;
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
  rcs?: string | null;
  shareCapital?: string | null;
  nda?: string | null;
  ndaRegion?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country: string;
  email?: string | null;
  iban?: string | null;
  bic?: string | null;
  kind?: string;
  /** The seller opted to pay VAT on debits (printed, and BT-8 in the XML). */
  vatOnDebits?: boolean;
};

/** Per tenant and year, the last number handed out; locked FOR UPDATE in the issuing transaction. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    tenantId: tenantId().references(() => tenants.id),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: "invoice_counters_pk", columns: [t.tenantId, t.year] })],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    kind: invoiceKindEnum().notNull().default("INVOICE"),
    /** A credit note's original invoice. */
    creditedInvoiceId: text(),
    clientId: text().notNull(),
    /** `{PREFIX}-{YYYY}-{000001}`, null until issued. */
    number: text(),
    /** Year and sequence of the number (the counter's values), for the gapless checks. */
    numberYear: integer(),
    numberSeq: integer(),
    status: invoiceStatusEnum().notNull().default("DRAFT"),
    currency: text().notNull().default("EUR"),
    items: jsonb().$type<InvoiceItem[]>().notNull(),
    /** HT after line discounts, VAT, TTC: computed by services/billing/amounts.ts, stored for lists and sums. */
    subtotalCents: bigint({ mode: "number" }).notNull(),
    vatCents: bigint({ mode: "number" }).notNull(),
    totalCents: bigint({ mode: "number" }).notNull(),
    dueDate: date({ mode: "string" }),
    paymentTerms: text(),
    purchaseOrder: text(),
    /** Value of 1 unit of `currency` in EUR (an invoice with VAT in another currency states its VAT in EUR too). */
    exchangeRateToEur: doublePrecision(),
    notes: text(),
    /** The dates of the service (BG-14, printed "Période de la prestation"), local dates; both or neither. */
    servicePeriodStart: date({ mode: "string" }),
    servicePeriodEnd: date({ mode: "string" }),
    /** Split-payer invoicing of an enrollment: which enrollment, and in which capacity the client pays. */
    enrollmentId: text(),
    payer: invoicePayerEnum(),
    /** Copied at issue. */
    seller: jsonb().$type<PartySnapshot>(),
    buyer: jsonb().$type<PartySnapshot>(),
    vatRegime: vatRegimeEnum(),
    facturxProfile: facturxProfileEnum(),
    xmlAttached: boolean().notNull().default(false),
    pdfA3: boolean().notNull().default(false),
    /** The stored PDF (documents storage) and its SHA-256. */
    pdfPath: text(),
    pdfSha256: text(),
    pdfSize: integer(),
    /** Null for a draft; set PENDING at issue (with the render job, same transaction). */
    pdfStatus: invoicePdfStatusEnum(),
    /** The last render failure's message, cleared once READY. */
    pdfError: text(),
    /** Failed render attempts so far. */
    pdfAttempts: integer().notNull().default(0),
    signed: boolean().notNull().default(false),
    signatureProvider: text(),
    signatureLevel: text(),
    signatureId: text(),
    issuedAt: ts(),
    sentAt: ts(),
    paidAt: ts(),
    cancelledAt: ts(),
    cancelReason: text(),
    /** The credit note whose issue cancelled this invoice (the one that covered what was left). */
    cancellationCreditNoteId: text(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("invoices_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("invoices_tenant_number_uq").on(t.tenantId, t.number).where(sql`${t.number} is not null`),
    uniqueIndex("invoices_tenant_seq_uq").on(t.tenantId, t.numberYear, t.numberSeq).where(sql`${t.numberSeq} is not null`),
    // The list's order (created_at DESC, id DESC, NULLS FIRST like the query's plain DESC), per status and per client.
    index("invoices_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_tenant_status_idx").on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_tenant_kind_idx").on(t.tenantId, t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_tenant_client_idx").on(t.tenantId, t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_tenant_issued_idx").on(t.tenantId, t.issuedAt),
    // The OVERDUE sweep (status ISSUED, due date passed) and the status filter's count, from the index alone.
    index("invoices_tenant_status_due_idx").on(t.tenantId, t.status, t.dueDate),
    index("invoices_tenant_enrollment_idx").on(t.tenantId, t.enrollmentId),
    foreignKey({ name: "invoices_client_fk", columns: [t.tenantId, t.clientId], foreignColumns: [billingClients.tenantId, billingClients.id] }),
    foreignKey({ name: "invoices_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
  ],
);

// ---------------------------------------------------------------- payments

export const paymentGatewayEnum = pgEnum("payment_gateway", ["PSP_A_ISV", "PSP_B", "FREE"]);
export const paymentStatusEnum = pgEnum("payment_status", ["PENDING", "CAPTURED", "REFUNDED", "FAILED"]);
export const refundStatusEnum = pgEnum("refund_status", ["PENDING", "COMPLETED"]);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: integer().notNull(),
    currency: text().notNull().default("EUR"),
    gateway: paymentGatewayEnum().notNull(),
    status: paymentStatusEnum().notNull().default("PENDING"),
    gatewayPaymentId: text(),
    /** The platform's share (PSP_A_ISV application fee, PSP_B routing), in cents. */
    platformFeeCents: integer().notNull().default(0),
    successUrl: text(),
    cancelUrl: text(),
    expiresAt: ts(),
    capturedAt: ts(),
    failedAt: ts(),
    failureReason: text(),
    refundedCents: integer().notNull().default(0),
    /** The enrollment the capture created. */
    enrollmentId: text(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("payments_tenant_id_uq").on(t.tenantId, t.id),
    index("payments_tenant_status_idx").on(t.tenantId, t.status),
    index("payments_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // GET /payments filtered by gateway (and status): its page and its total on the index alone.
    index("payments_tenant_gateway_status_created_idx").on(t.tenantId, t.gateway, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex("payments_gateway_id_uq").on(t.gateway, t.gatewayPaymentId).where(sql`${t.gatewayPaymentId} is not null`),
    foreignKey({ name: "payments_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
  ],
);

export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    paymentId: text().notNull(),
    amount: integer().notNull(),
    status: refundStatusEnum().notNull().default("PENDING"),
    gatewayRefundId: text(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    completedAt: ts(),
  },
  (t) => [
    index("refunds_tenant_payment_idx").on(t.tenantId, t.paymentId, t.createdAt),
    foreignKey({ name: "refunds_payment_fk", columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
  ],
);

/** Gateway callbacks already handled (idempotency: a repeated event id is acknowledged and ignored). */
export const gatewayEvents = pgTable(
  "gateway_events",
  {
    gateway: paymentGatewayEnum().notNull(),
    eventId: text().notNull(),
    tenantId: text().references(() => tenants.id),
    paymentId: text(),
    type: text().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ name: "gateway_events_pk", columns: [t.gateway, t.eventId] })],
);

// ---------------------------------------------------------------- BPF

export const bpfStatusEnum = pgEnum("bpf_status", ["GENERATED", "SUBMITTED"]);

/** One snapshot per tenant and year; `data` holds the computed figures and the rows behind them. */
export const bpfSnapshots = pgTable(
  "bpf_snapshots",
  {
    tenantId: tenantId().references(() => tenants.id),
    year: integer().notNull(),
    status: bpfStatusEnum().notNull().default("GENERATED"),
    asOf: ts().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    generatedAt: ts().notNull(),
    generatedBy: text().references(() => users.id),
    submittedAt: date({ mode: "string" }),
    receiptId: text(),
    notes: text(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "bpf_snapshots_pk", columns: [t.tenantId, t.year] })],
);

/** BPF frame D, entered by hand per exercise (cents HT): total charges of the training activity, of which trainers' salaries and purchases of training services and fees. */
export const bpfCharges = pgTable(
  "bpf_charges",
  {
    tenantId: tenantId().references(() => tenants.id),
    year: integer().notNull(),
    totalCents: bigint({ mode: "number" }).notNull(),
    trainerSalariesCents: bigint({ mode: "number" }).notNull(),
    trainingPurchasesCents: bigint({ mode: "number" }).notNull(),
    updatedBy: text().references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "bpf_charges_pk", columns: [t.tenantId, t.year] })],
);
