import type { FacturxProfile } from "../types";

/** Where a failed rule comes from: the profile XSD, the Factur-X profile Schematron, the CEN EN 16931 rules, the French BR-FR rules. */
export type ValidationSource = "XSD" | "FACTUR-X" | "EN16931" | "BR-FR";
/** As the Schematron states it (a rule without flag is an error); only fatal and error block. */
export type ValidationFlag = "fatal" | "error" | "warning";

export type ValidationFailure = {
  /** The official rule id, e.g. "BR-S-05", "BR-CO-15", "BR-FR-12_BT-49"; "XSD" for a schema error. */
  rule: string;
  source: ValidationSource;
  flag: ValidationFlag;
  /** The official text of the rule (the BR-FR texts are French, the others English), or the XSD error line. */
  message: string;
  /** In French: what to fix in the platform (explanations.ts), or the official text quoted. */
  explanation: string;
};

/** The verdict on one CII XML: conformant when no fatal or error failure (warnings are listed, they do not block). */
export type FacturxValidation = {
  conformant: boolean;
  /** The profile the XML declares (BT-24); null when it declares none we know. */
  profile: FacturxProfile | null;
  failures: ValidationFailure[];
};

/** Only fatal and error failures make a document non-conformant; warnings are reported. */
export const isBlocking = (f: ValidationFailure) => f.flag !== "warning";
