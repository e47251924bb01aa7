import type { TSheet } from "../../../contracts/attendance-sheet";
import type { DbOrTx } from "../../../db";
import type { TenantScope } from "../../../db/tenant-scope";
import { log } from "../../../lib/log";
import { readSignaturePng } from "../signatures";
import { renderDocument } from "../../documents/render-pool";
import { loadSheet } from "./sheet-data";
import type { SheetPdfInput } from "./sheet-document";

/** Drawn signatures printed on the sheet (learners' and trainers' shown records), as PNG data URIs. */
export function signatureImages(sheet: TSheet, ciphertexts: Map<string, string>): SheetPdfInput["images"] {
  const images: SheetPdfInput["images"] = {};
  const shown = sheet.slots.flatMap((slot) => [...slot.learners.map((l) => l.signature), ...slot.trainers.map((t) => t.record)]);
  for (const record of shown) {
    if (!record?.hasSignature || record.id in images) continue;
    try {
      const png = readSignaturePng({ id: record.id, signatureCiphertext: ciphertexts.get(record.id) ?? null });
      images[record.id] = png ? `data:image/png;base64,${png.toString("base64")}` : null;
    } catch (error) {
      // Printed as "image indisponible": the record (and its seal) still stands.
      log.warn("sheet-pdf.signature-unreadable", { recordId: record.id, error: String(error) });
      images[record.id] = null;
    }
  }
  return images;
}

/** The sheet's data and signature images; the caller has authorized (authorizeSheet). */
export async function sheetPdfInput(db: DbOrTx, scope: TenantScope, sessionId: string, opts: { slotId?: string | null; now: Date; timeZone?: string }): Promise<SheetPdfInput> {
  const { sheet, ciphertexts, accentColor } = await loadSheet(db, scope, sessionId, opts);
  return { sheet, accentColor, images: signatureImages(sheet, ciphertexts) };
}

/** The sheet PDF, rendered off the request thread (documents/render-pool.ts). */
export async function buildSheetPdf(db: DbOrTx, scope: TenantScope, sessionId: string, opts: { slotId?: string | null; now: Date; timeZone?: string }): Promise<Uint8Array> {
  return renderDocument("attendance-sheet", await sheetPdfInput(db, scope, sessionId, opts));
}
