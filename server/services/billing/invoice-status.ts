import { and, eq, gte, isNull, lt, or, type SQL } from "drizzle-orm";
import type { TInvoiceStatus } from "../../contracts/invoices";
import { invoices } from "../../db/schema";

/**
 * The one rule for an invoice's status as every reader shows it (conventions §10): an ISSUED
 * invoice whose due date has passed (in the tenant's time zone) reads OVERDUE, whether or not the
 * hourly `invoices.overdue` job has stored it yet. `today` is the tenant's local date.
 */
export function effectiveStatus(row: { status: TInvoiceStatus; dueDate: string | null }, today: string): TInvoiceStatus {
  if (row.status === "ISSUED" && row.dueDate !== null && row.dueDate < today) return "OVERDUE";
  return row.status;
}

/** The same rule as a filter: the rows whose effective status is `status`. */
export function statusFilter(status: TInvoiceStatus, today: string): SQL | undefined {
  if (status === "OVERDUE") return or(eq(invoices.status, "OVERDUE"), and(eq(invoices.status, "ISSUED"), lt(invoices.dueDate, today)));
  if (status === "ISSUED") return and(eq(invoices.status, "ISSUED"), or(isNull(invoices.dueDate), gte(invoices.dueDate, today)));
  return eq(invoices.status, status);
}

/** Issued and not cancelled: what can be paid, sent, credited. */
export const isLive = (status: TInvoiceStatus) => status === "ISSUED" || status === "OVERDUE" || status === "PAID";
