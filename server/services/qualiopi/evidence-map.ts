import type { TAuditDocumentType, TAuditFolder } from "../../contracts/qualiopi";

/**
 * THE table of the audit ZIP: each type of evidence, the folder it is filed in and the Qualiopi
 * indicators it proves (shared/compliance/qualiopi-indicators.md, "what the platform can
 * produce as evidence"). The listing (audit-listing.ts), the manifest, the preview and the
 * report all read it; tests/integration/audit-export.test.ts checks it line by line.
 */
export const EVIDENCE: Record<TAuditDocumentType, { folder: TAuditFolder; indicators: readonly number[]; label: string }> = {
  // Criterion 1: the course's public sheet with its result indicators; the certification's rates
  PUBLIC_INFO: { folder: "programme", indicators: [1, 2], label: "Fiche publique de la formation et indicateurs de résultats" },
  CERTIFICATION: { folder: "programme", indicators: [3, 7, 16], label: "Certification visée : références, taux d'obtention, conditions de présentation" },
  // Criterion 2
  NEEDS_ANALYSIS: { folder: "evaluation", indicators: [1, 4], label: "Analyses du besoin" },
  PROGRAMME: { folder: "programme", indicators: [5, 6], label: "Programme (objectifs, contenus, modalités)" },
  POSITIONING: { folder: "evaluation", indicators: [8], label: "Positionnement à l'entrée" },
  // Criterion 3
  CONVENTION: { folder: "convention", indicators: [9], label: "Conventions de formation (conditions de déroulement)" },
  CONVOCATION: { folder: "convention", indicators: [9], label: "Convocations" },
  EMARGEMENT: { folder: "emargement", indicators: [10, 11], label: "Feuilles d'émargement des sessions passées" },
  ATTESTATION: { folder: "attestation", indicators: [10], label: "Attestations d'assiduité" },
  EVALUATION: { folder: "evaluation", indicators: [11], label: "Résultats des évaluations" },
  CERTIFICATE: { folder: "attestation", indicators: [11], label: "Certificats de réalisation" },
  ACTIVITY_LOG: { folder: "emargement", indicators: [12], label: "Journaux de connexion et de progression (formation à distance)" },
  // Criterion 4
  OTHER: { folder: "programme", indicators: [19], label: "Autres ressources pédagogiques" },
  // Criterion 5
  TRAINER: { folder: "trainers", indicators: [21, 22], label: "Fiches intervenants (compétences et justificatifs)" },
  // Criterion 6
  ACCESSIBILITY: { folder: "programme", indicators: [26], label: "Accueil des personnes en situation de handicap" },
  // Criterion 7
  SURVEY: { folder: "evaluation", indicators: [30], label: "Enquêtes de satisfaction" },
  COMPLAINT: { folder: "amelioration", indicators: [31], label: "Registre des réclamations" },
  IMPROVEMENT_PLAN: { folder: "amelioration", indicators: [32], label: "Plans d'amélioration continue" },
};

export const indicatorsOf = (type: TAuditDocumentType): number[] => [...EVIDENCE[type].indicators];
