import { describe, expect, it } from "vitest";
import { auditActionLabel, auditDetails } from "../../components/activity/audit-actions";
import { createTranslator } from "../../lib/i18n/translate";
import { catalogues } from "../../messages";
import type { TAuditLogEntry } from "../../server/contracts/audit";
import { AUDIT_ACTIONS } from "../../server/services/platform/audit-actions";

const fr = createTranslator(catalogues.fr, "fr");
const en = createTranslator(catalogues.en, "en");
const entry = (action: string, metadata: Record<string, unknown>): TAuditLogEntry => ({
  id: "aud_x",
  action,
  actorId: "usr_a",
  actorName: "Alice Martin",
  targetType: null,
  targetId: null,
  subjectId: null,
  subjectName: null,
  metadata,
  ip: null,
  createdAt: "2026-11-28T06:46:00.000Z",
});
const nbsp = (s: string[]) => s.map((x) => x.replace(/[\u00a0\u202f]/g, " "));

describe("audit log wording", () => {
  it("every action the server writes has its own wording, never the raw key", () => {
    for (const action of AUDIT_ACTIONS) {
      expect(auditActionLabel(fr, action)).not.toBe(action);
      expect(auditActionLabel(fr, action)).not.toMatch(/^auditActions\./);
      expect(auditActionLabel(en, action)).not.toMatch(/^auditActions\./);
    }
    expect(auditActionLabel(fr, "invoice.creditNoteIssued")).toBe("Avoir émis");
    expect(auditActionLabel(fr, "payment.intent_created")).toBe("Paiement en ligne ouvert");
    expect(auditActionLabel(fr, "improvementPlan.statusChanged")).toBe("Statut d'un plan d'amélioration modifié");
    expect(auditActionLabel(fr, "something.unknown")).toBe("Autre action");
  });

  it("details are short sentences from the metadata: number, amount, statuses worded", () => {
    const date = () => "—";
    expect(nbsp(auditDetails(fr, entry("invoice.creditNoteIssued", { number: "AV-2026-0001", totalCents: 12000, currency: "EUR" }), date, "fr"))).toEqual(["N° AV-2026-0001", "Montant : 120,00 €"]);
    expect(auditDetails(fr, entry("improvementPlan.statusChanged", { fields: ["status"], from: "DRAFT", to: "IN_PROGRESS" }), date, "fr")).toEqual(["1 champ modifié", "Statut\u202f: Brouillon → En cours"]);
    expect(nbsp(auditDetails(fr, entry("payment.intent_created", { amount: 49000, currency: "EUR", gateway: "stripe" }), date, "fr"))).toEqual(["Montant : 490,00 €"]);
    expect(auditDetails(fr, entry("complaint.created", { severity: "HIGH", category: "ADMIN" }), date, "fr")).toEqual(["Gravité\u202f: Élevée"]);
    expect(auditDetails(en, entry("improvementPlan.created", { trigger: "COMPLAINT", actions: 2 }), date, "en")).toEqual(["2 planned actions"]);
    // A status no catalogue words is left out rather than shown as a code.
    expect(auditDetails(fr, entry("webhook.updated", { from: "X", to: "Y" }), date, "fr")).toEqual([]);
  });
});
