import type { TSheet } from "../../../contracts/attendance-sheet";
import type { DbOrTx } from "../../../db";
import type { TenantScope } from "../../../db/tenant-scope";
import { log } from "../../../lib/log";
import { readSignaturePng } from "../signatures";
import { renderDocument } from "../../documents/render-pool";
import { issueVerified } from "../../verification/verifications";
import { loadSheet } from "./sheet-data";
import type { SheetPdfInput } from "./sheet-document";
import { tenantLogoDataUrl } from "../../tenants/logo";

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
async function sheetPdfInput(db: DbOrTx, scope: TenantScope, sessionId: string, opts: { slotId?: string | null; now: Date; timeZone?: string }): Promise<SheetPdfInput> {
  const { sheet, ciphertexts, accentColor } = await loadSheet(db, scope, sessionId, opts);
  return { sheet, accentColor, logo: await tenantLogoDataUrl(scope.tenantId), images: signatureImages(sheet, ciphertexts) };
}

/**
 * The sheet PDF, rendered off the request thread (documents/render-pool.ts). Each rendering is an
 * issued document with its own verification code (verification/verifications.ts), recording
 * the chain head and record count it prints.
 */
export async function buildSheetPdf(db: DbOrTx, scope: TenantScope, sessionId: string, opts: { slotId?: string | null; now: Date; timeZone?: string }): Promise<Uint8Array> {
  const input = await sheetPdfInput(db, scope, sessionId, opts);
  const { sheet } = input;
  const slotId = opts.slotId ?? null;
  const subject = {
    type: "ATTENDANCE_SHEET" as const,
    ref: slotId ? `${sessionId}:${slotId}` : sessionId,
    title: `Feuille d'émargement — ${sheet.course.title} — ${sheet.session.title}`,
    details: { sessionId, slotId, chainHash: sheet.chain.hash, chainRecords: sheet.chain.records },
    issuedAt: opts.now,
  };
  const { pdf } = await issueVerified(db, scope, subject, (verification) => renderDocument("attendance-sheet", { ...input, verification }));
  return pdf;
}
