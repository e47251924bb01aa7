import { describe, expect, it } from "vitest";
import { blockingErrors, explainRule, type FacturxValidation } from "../../server/services/billing/facturx/validation";

/** The French explanations of failed Factur-X rules and the 422 errors map built from a verdict. */
describe("explainRule", () => {
  it("explains the rules of the table, a BR-FR id by its base, anything else by quoting the official text", () => {
    expect(explainRule("BR-S-05", "[BR-S-05]-In an Invoice line ...")).toMatch(/taux de TVA supérieur à zéro/);
    expect(explainRule("BR-CO-15", "[BR-CO-15]-Invoice total amount with VAT ...")).toMatch(/^Le total TTC doit être égal/);
    expect(explainRule("BR-FR-12_BT-49", "BR-FR-12/BT-49 : ...")).toMatch(/adresse électronique de facturation/);
    expect(explainRule("BR-FR-CO-07_BT-9", "...")).toMatch(/date d'échéance/);
    expect(explainRule("BR-XY-99", "[BR-XY-99]-Something shall be present.")).toBe("Règle BR-XY-99 non respectée : Something shall be present.");
  });
});

describe("blockingErrors", () => {
  it("maps each fatal or error rule to its explanations once, leaving warnings out", () => {
    const v: FacturxValidation = {
      conformant: false,
      profile: "EN16931",
      failures: [
        { rule: "BR-CO-15", source: "FACTUR-X", flag: "error", message: "a", explanation: "x" },
        { rule: "BR-CO-15", source: "EN16931", flag: "fatal", message: "b", explanation: "x" },
        { rule: "BR-FR-12_BT-49", source: "BR-FR", flag: "warning", message: "c", explanation: "y" },
        { rule: "XSD", source: "XSD", flag: "fatal", message: "d", explanation: "z" },
      ],
    };
    expect(blockingErrors(v)).toEqual({ "BR-CO-15": ["x"], XSD: ["z"] });
  });
});
