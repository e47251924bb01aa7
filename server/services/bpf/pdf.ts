import type { Caller } from "../../auth/caller";
import type { DbOrTx } from "../../db";
import { renderDocument } from "../documents/render-pool";
import { loadSnapshotData } from "./snapshots";

/** GET /bpf/year/{year}/export: the snapshot as the cerfa-shaped PDF, rendered in the document pool's worker. */
export async function bpfPdf(db: DbOrTx, caller: Caller, year: number): Promise<{ filename: string; body: Uint8Array }> {
  const { head, data } = await loadSnapshotData(db, caller, year);
  const fmt = new Intl.DateTimeFormat("fr-FR", { timeZone: caller.tenant.timeZone, dateStyle: "long", timeStyle: "short" });
  const body = await renderDocument("bpf", {
    tenantName: caller.tenant.name,
    status: head.status,
    generatedAt: fmt.format(head.generatedAt),
    submittedAt: head.submittedAt,
    receiptId: head.receiptId,
    summary: data.summary,
  });
  return { filename: `bpf-${year}.pdf`, body };
}
