import type { TInvoiceStatus } from "../../contracts/invoices";

/**
 * The one rule for an invoice's status as every reader shows it (conventions §10): an ISSUED
 * invoice whose due date has passed (in the tenant's time zone) reads OVERDUE, whether or not the
 * hourly `invoices.overdue` job (overdue-job.ts, the same rule in SQL) has stored it yet.
 * `today` is the tenant's local date.
 */
export function effectiveStatus(row: { status: TInvoiceStatus; dueDate: string | null }, today: string): TInvoiceStatus {
  if (row.status === "ISSUED" && row.dueDate !== null && row.dueDate < today) return "OVERDUE";
  return row.status;
}

