import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { billingClients } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";

/** PROVISIONAL: replaced by the clients branch at merge. */
export type ClientRow = typeof billingClients.$inferSelect;

export async function loadClient(db: DbOrTx, scope: TenantScope, id: string): Promise<ClientRow> {
  const [row] = await db.select().from(billingClients).where(scope.where(billingClients, eq(billingClients.id, id))).limit(1);
  if (!row) throw notFound("Resource");
  return row;
}
