import { invoicePdfRoute } from "../../http/invoice-pdf";
import { z } from "zod";
import {
  ZCancelInvoiceInput,
  ZCreateInvoiceInput,
  ZCreditNoteInput,
  ZInvoiceIdInput,
  ZInvoiceOutput,
  ZListInvoicesInput,
  ZListInvoicesOutput,
  ZMarkPaidInput,
  ZSendInvoiceInput,
  ZSendInvoiceOutput,
  ZSplitInvoicesInput,
  ZSplitInvoicesOutput,
  ZUpdateInvoiceInput,
  ZValidateInvoiceOutput,
} from "../../contracts/invoices";
import { one } from "../../contracts/envelope";
import { cancelInvoice, markInvoicePaid, renderInvoicePdf, sendInvoice } from "../../services/billing/invoice-actions";
import { createCreditNote, issueInvoice } from "../../services/billing/invoice-issue";
import { splitEnrollmentInvoices } from "../../services/billing/invoice-split";
import { validateDraftInvoice } from "../../services/billing/invoice-validate";
import { createInvoice, deleteInvoice, getInvoice, listInvoices, updateInvoice } from "../../services/billing/invoices";
import { can, router } from "../trpc";

const tags = ["Billing"];
const roles = { 401: "Unauthorized", 403: "Not ADMIN or FINANCIER" };
/** The reads (list, detail, PDF) a FUNDER shares, within their funder's invoices. */
const readRoles = { 401: "Unauthorized", 403: "Not ADMIN, FINANCIER or FUNDER" };
const FUNDER_READS =
  "A FUNDER reads the issued invoices (and credit notes) addressed to the billing client linked to their funder (funders.billingClientId); any other invoice is 404 to them.";
const notFound = { 404: "Invoice not found (or another tenant's)" };

const MONEY =
  "Billing, ADMIN or FINANCIER. Amounts are integer cents; VAT rates are percents (0, 2.1, 5.5, 10, 20). Per line: net = round(quantity x unitPriceCents) - discountCents; " +
  "VAT per rate = round(base x rate / 100) over the lines of that rate; totalCents = subtotalCents + vatCents. " +
  "status reads OVERDUE for an ISSUED invoice whose dueAt (YYYY-MM-DD) has passed in the tenant's time zone (an hourly job also stores it). " +
  "Every money action (create, update, issue, cancel, credit note, mark paid, send) is written to the audit log.";

const ISSUE =
  "DRAFT -> ISSUED, irreversible. In one transaction: the number {INVOICE_PREFIX}-{YYYY}-{000001} is taken from the tenant's counter row for the year of issue " +
  "(tenant's time zone) under its row lock, so numbers are gapless (a failed issue rolls its number back), unique and in issue-time order; seller (the tenant's legal identity) " +
  "and buyer (the client) are frozen as printed; dueAt defaults to the issue date + the tenant's payment terms. Then the Factur-X PDF/A-3 (CII XML of the tenant's profile " +
  "embedded as factur-x.xml) is rendered off the request thread and signed (PAdES, incremental update) by the configured signer; eidas.signatureLevel says what the signer is " +
  "(QES only from a qualified provider's adapter configured for a qualified credential; the local signer answers ADES). The invoice.render job is enqueued in the issuing transaction, so the PDF is always generated: " +
  "pdf.status reads PENDING until it is stored (READY, pdfAvailable true); a failed attempt reads FAILED with pdf.lastError and is retried with backoff (or POST .../render). " +
  "422 LEGAL_IDENTITY_INCOMPLETE (errors per missing field) when the organisation's legal identity lacks what an invoice must carry. " +
  "Before the commit, the CII XML is validated against the official artefacts (the profile's Factur-X 1.09 XSD and Schematron, the CEN EN 16931 CII rules, the French BR-FR rules): " +
  "any fatal or error rule failed refuses the issue with 422 INVOICE_NOT_ISSUABLE and the number is given back (the series stays gapless); warnings do not block. " +
  'Its errors map each failed rule id to French explanations of what to fix, e.g. {"BR-CO-09": ["Le numéro de TVA intracommunautaire ... : corrigez ..."]}; ' +
  "the same code with field keys (seller.siren, seller.vatNumber, exchangeRateToEur...) when the document lacks what the XML needs. POST /billing/invoices/{id}/validate runs the same check on a draft.";

export const invoicesRouter = router({
  list: can("invoices.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/invoices",
        tags,
        summary: "List invoices and credit notes",
        description: `${MONEY} Newest first (createdAt, then id). fromDate/toDate bound the issue date (inclusive, tenant's time zone); drafts have none and are left out when a bound is given. status=ISSUED or OVERDUE first stores OVERDUE on the tenant's invoices that fell due since the hourly job (the same rule), so the filter and the rows agree. perPage defaults to 20 (max 100). ${FUNDER_READS}`,
        errorResponses: { 400: "Invalid query", ...readRoles },
      },
    })
    .input(ZListInvoicesInput)
    .output(ZListInvoicesOutput)
    .query(({ ctx, input }) => listInvoices(ctx.db, ctx.caller, input, ctx.clock.now())),

  get: can("invoices.read")
    .meta({
      openapi: { method: "GET", path: "/billing/invoices/{id}", tags, summary: "Invoice detail", description: `${MONEY} With items, VAT breakdown, factorX, eidas, credit notes. ${FUNDER_READS}`, errorResponses: { ...readRoles, ...notFound } },
    })
    .input(ZInvoiceIdInput)
    .output(ZInvoiceOutput)
    .query(async ({ ctx, input }) => one(await getInvoice(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  create: can("billing.manage")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/billing/invoices",
        tags,
        summary: "Create a draft invoice",
        description:
          `${MONEY} Starts DRAFT with number null. Each line's kind (TRAINING / OTHER) and VAT category (S, E, Z, O) are resolved once here and stored (read back on the items): ` +
          "a line above 0 % is S whatever the organisation's regime (an exempt organisation's room hire or consulting is taxable); a 0 % line is E under art. 261-4-4° a CGI for a VAT-exempt " +
          "organisation, and names its vatCategory for a liable one (422 VAT_CATEGORY_REQUIRED, errors items.N.vatCategory). servicePeriod defaults to the linked enrollment's sessions. " +
          "422 errors name the field: items.N.quantity / unitPriceCents / vatRate / vatCategory / vatExemptionReason / discountCents, servicePeriod.end, clientId (unknown client), enrollmentId.",
        errorResponses: { 400: "Unknown field", ...roles, 422: "Invalid amounts, VAT rate or category (VAT_CATEGORY_REQUIRED), or unknown client (errors map)" },
      },
    })
    .input(ZCreateInvoiceInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await createInvoice(ctx.db, ctx.caller, input, ctx.clock.now()))),

  update: can("billing.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/billing/invoices/{id}",
        tags,
        summary: "Edit a draft invoice",
        description: `${MONEY} Only a DRAFT can change (409 INVOICE_NOT_DRAFT otherwise); only the fields sent change, items replace the lines (kind and VAT category resolved again, as on creation: 422 VAT_CATEGORY_REQUIRED) and the totals are recomputed; servicePeriod null removes the period.`,
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 409: "Not DRAFT", 422: "Amounts, VAT rate or category (VAT_CATEGORY_REQUIRED), or unknown client (errors map)" },
      },
    })
    .input(ZUpdateInvoiceInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await updateInvoice(ctx.db, ctx.caller, input, ctx.clock.now()))),

  delete: can("billing.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/billing/invoices/{id}",
        tags,
        summary: "Delete a draft invoice",
        description: `${MONEY} A draft has no number, so deleting it leaves no gap; an issued invoice is never deleted (409 INVOICE_NOT_DRAFT): cancel it or issue a credit note.`,
        successDescription: "No content",
        errorResponses: { ...roles, ...notFound, 409: "Not DRAFT" },
      },
    })
    .input(ZInvoiceIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteInvoice(ctx.db, ctx.caller, input.id);
    }),

  issue: can("billing.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/issue",
        tags,
        summary: "Issue an invoice (number, Factur-X PDF, signature)",
        description: `${ISSUE} 409 INVOICE_ALREADY_ISSUED when not DRAFT (issued, paid, overdue or cancelled).`,
        errorResponses: { ...roles, ...notFound, 409: "Already issued or cancelled", 422: "Legal identity incomplete, a line no longer valid, or a Factur-X rule failed (errors map: rule id -> French explanations)" },
      },
    })
    .input(ZInvoiceIdInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await issueInvoice(ctx.db, ctx.caller, input.id, () => ctx.clock.now()))),

  validate: can("billing.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/validate",
        tags,
        summary: "Check a draft against the Factur-X rules (EN 16931, BR-FR) before issuing it",
        description:
          `${MONEY} The check the issue runs (profile XSD, Factur-X profile Schematron, CEN EN 16931, French BR-FR), on the DRAFT as it would be issued now: ` +
          "a provisional number PROV-{the id's 24 characters} (BR-FR-01/02 charset), today's date in the tenant's time zone, the due date the issue would give, the seller from the " +
          "current legal identity and the buyer from the client. Nothing is written, no number is taken. conformant is false when a fatal or error rule fails; each failure names the " +
          "rule, its source, flag, official text and a French explanation of what to fix. 409 INVOICE_ALREADY_ISSUED when not a draft; 422 LEGAL_IDENTITY_INCOMPLETE or " +
          "INVOICE_NOT_ISSUABLE (field keys) when the document cannot be built at all, as the issue answers.",
        errorResponses: { ...roles, ...notFound, 409: "Not DRAFT", 422: "Legal identity incomplete, or a field the XML needs is missing (errors map)" },
      },
    })
    .input(ZInvoiceIdInput)
    .output(ZValidateInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await validateDraftInvoice(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  cancel: can("billing.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/cancel",
        tags,
        summary: "Cancel an issued invoice (by a credit note)",
        description:
          `${MONEY} ISSUED or OVERDUE -> CANCELLED, only by a credit note: in the same transaction a CREDIT_NOTE covering what is left of the invoice is issued ` +
          "(its own number in the series, Factur-X type 381 referencing the invoice; the invoice's lines when nothing is credited yet, else one line per VAT rate for the rest), " +
          "its PDF rendered and signed like any invoice. Answers the cancelled invoice, with cancellationCreditNote {id, number} (also in creditNotes) and cancelReason naming the credit note; " +
          "the reason (3 to 500 characters) goes to the audit log; the number stays used. " +
          "409: INVOICE_DRAFT_DELETE_INSTEAD (a draft has no number: DELETE it), INVOICE_PAID_CREDIT_NOTE_REQUIRED (paid: issue a credit note), INVOICE_ALREADY_CANCELLED, CREDIT_NOTE_NOT_CREDITABLE (a credit note).",
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 409: "Draft (delete it), paid, already cancelled, or a credit note" },
      },
    })
    .input(ZCancelInvoiceInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await cancelInvoice(ctx.db, ctx.caller, input, ctx.clock.now()))),

  render: can("billing.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/render",
        tags,
        summary: "Generate an issued invoice's PDF again",
        description:
          `${MONEY} For an issued invoice whose PDF is PENDING or FAILED (pdf.status): enqueues the invoice.render job again and renders it at once. ` +
          "Answers the invoice: pdf.status READY when it succeeded, else FAILED with pdf.lastError (the job keeps retrying with backoff). " +
          "409: INVOICE_PDF_READY (already generated), INVOICE_NOT_ISSUED (a draft).",
        errorResponses: { ...roles, ...notFound, 409: "PDF already generated, or a draft" },
      },
    })
    .input(ZInvoiceIdInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await renderInvoicePdf(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  creditNote: can("billing.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/credit-note",
        tags,
        summary: "Issue a credit note (avoir) for an invoice",
        description:
          `${MONEY} For an ISSUED, OVERDUE or PAID invoice: a CREDIT_NOTE is created and issued at once, with its own number in the same series, positive amounts, ` +
          "referencing the invoice (Factur-X type 381, BT-25), PDF and signature like an invoice. Without items it credits the whole invoice (only when nothing is credited yet); " +
          "with items, those lines. The credit notes of an invoice never exceed its total (422 errors.items). When they cover the whole of an unpaid invoice, the invoice becomes " +
          "CANCELLED (reason naming the credit note); a PAID one stays PAID (the refund is owed). Answers the credit note. " +
          "409: INVOICE_NOT_ISSUED, INVOICE_ALREADY_CANCELLED, INVOICE_FULLY_CREDITED, CREDIT_NOTE_NOT_CREDITABLE.",
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 409: "Draft, cancelled, fully credited, or a credit note", 422: "Lines needed (part already credited) or more than what is left (errors.items)" },
      },
    })
    .input(ZCreditNoteInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await createCreditNote(ctx.db, ctx.caller, input, () => ctx.clock.now()))),

  markPaid: can("billing.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/mark-paid",
        tags,
        summary: "Record an invoice's payment",
        description: `${MONEY} ISSUED or OVERDUE -> PAID on paidAt (default today; 422 errors.paidAt when in the future or before the issue date). 409: INVOICE_ALREADY_PAID, INVOICE_ALREADY_CANCELLED, INVOICE_NOT_ISSUED.`,
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 409: "Already paid, cancelled or draft", 422: "paidAt in the future or before the issue date (errors.paidAt)" },
      },
    })
    .input(ZMarkPaidInput)
    .output(ZInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await markInvoicePaid(ctx.db, ctx.caller, input, ctx.clock.now()))),

  send: can("billing.manage")
    .meta({
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/billing/invoices/{id}/send",
        tags,
        summary: "E-mail an issued invoice with its PDF",
        description:
          `${MONEY} One e-mail to 'to' and one to each cc (at most 10), the Factur-X PDF attached, sent through the tenant's mail chain by the job worker (the outbox keeps each). ` +
          "sentAt is the time of the request. 422 errors.to / errors.cc.N for an invalid address. 409: INVOICE_NOT_ISSUED, INVOICE_ALREADY_CANCELLED, INVOICE_PDF_NOT_AVAILABLE (still rendering).",
        errorResponses: { 400: "Unknown field", ...roles, ...notFound, 409: "Draft, cancelled, or PDF not ready", 422: "Invalid recipient" },
      },
    })
    .input(ZSendInvoiceInput)
    .output(ZSendInvoiceOutput)
    .mutation(async ({ ctx, input }) => one(await sendInvoice(ctx.db, ctx.caller, input, ctx.clock.now()))),

  /** The PDF as base64 for the screens (pdf-preview); REST: GET /billing/invoices/{id}/pdf (server/http/invoice-pdf.ts declares it). */
  pdf: invoicePdfRoute.trpc("base64"),

  splitForEnrollment: can("billing.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/billing/enrollments/{enrollmentId}/invoices",
        tags,
        summary: "Invoice an enrollment's payers (split)",
        description:
          `${MONEY} One DRAFT invoice per share (EMPLOYER, OPCO, LEARNER, OTHER), each for its amount, linked to the enrollment with the payer's capacity (the BPF classifies revenue by them). ` +
          "A LEARNER share without clientId goes to the learner's own INDIVIDUAL client (created on first use). The line reads the course title and the learner's name; " +
          "vatRate defaults to 0 for an exempt organisation, 20 otherwise. The shares need not add up to the course price. All drafts are created or none. 404 for another tenant's enrollment.",
        errorResponses: { 400: "Unknown field", ...roles, 404: "Enrollment not found", 422: "A share without its client, or an unknown client (errors map: shares.N.clientId)" },
      },
    })
    .input(ZSplitInvoicesInput)
    .output(ZSplitInvoicesOutput)
    .mutation(async ({ ctx, input }) => one(await splitEnrollmentInvoices(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
