import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "@/server/api/root";
import { errorInfo } from "@/lib/api-error";
import type { CsvRow } from "./csv";

type RowResult = "ENROLLED" | "ALREADY" | "UNKNOWN" | "ERROR";
export type RowReport = { row: CsvRow; result: RowResult; message?: string };

/**
 * Enrolls one CSV line: finds the member by exact e-mail (users.list search), then
 * enrollments.create (FREE). 409 means already enrolled; no member with that e-mail is
 * "unknown user". There is no bulk endpoint: the rows are sent one after the other.
 */
export async function importRow(client: TRPCClient<AppRouter>, courseId: string, row: CsvRow): Promise<RowReport> {
  try {
    const found = await client.users.list.query({ q: row.email, limit: 10, page: 1 });
    const user = found.data.find((u) => u.email.toLowerCase() === row.email.toLowerCase());
    if (!user) return { row, result: "UNKNOWN" };
    await client.enrollments.create.mutate({
      courseId,
      userId: user.id,
      paymentMethod: "FREE",
      ...(row.traineeCategory ? { traineeCategory: row.traineeCategory } : {}),
      ...(row.financingSource ? { financingSource: row.financingSource } : {}),
    });
    return { row, result: "ENROLLED" };
  } catch (error) {
    const info = errorInfo(error);
    if (info.status === 409) return { row, result: "ALREADY" };
    if (info.code === "USER_NOT_FOUND") return { row, result: "UNKNOWN" };
    return { row, result: "ERROR", message: info.message ?? undefined };
  }
}
