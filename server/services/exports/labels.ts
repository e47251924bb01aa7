/**
 * French words for the enum values printed in exports and documents (an auditor or a
 * spreadsheet reads "Terminée", not COMPLETED). Unknown values print as they are.
 */
const ENROLLMENT_STATUS: Record<string, string> = {
  ACTIVE: "En cours",
  COMPLETED: "Terminée",
  CANCELLED: "Annulée",
  SUSPENDED: "Suspendue",
  REVOKED: "Révoquée",
};
const COURSE_STATUS: Record<string, string> = { DRAFT: "brouillon", PUBLISHED: "publiée", ARCHIVED: "archivée", REVIEW: "en relecture" };
const TRAINEE_CATEGORY: Record<string, string> = { SAL: "Salarié", DE: "Demandeur d'emploi", AUT: "Autre particulier" };
const FINANCING_SOURCE: Record<string, string> = {
  OPCO: "OPCO",
  CPF: "CPF",
  POLE_EMPLOI: "France Travail",
  EMPLOYER: "Employeur",
  SELF: "Autofinancement",
  OTHER: "Autre",
};
const COMPLAINT_STATUS: Record<string, string> = {
  NEW: "nouvelle",
  IN_REVIEW: "en cours d'examen",
  RESOLVED: "résolue",
  CLOSED: "clôturée",
  ESCALATED: "transmise au médiateur",
};
const PLAN_STATUS: Record<string, string> = { DRAFT: "brouillon", IN_PROGRESS: "en cours", COMPLETED: "terminé", ARCHIVED: "archivé" };
const ACTION_STATUS: Record<string, string> = { TODO: "à faire", IN_PROGRESS: "en cours", DONE: "faite" };
const PLAN_TRIGGER: Record<string, string> = { COMPLAINT: "réclamation", AUDIT: "audit", FEEDBACK: "appréciations", PROACTIVE: "initiative" };
const SEVERITY: Record<string, string> = { LOW: "faible", MEDIUM: "moyenne", HIGH: "élevée", CRITICAL: "critique" };

const pick = (map: Record<string, string>) => (value: string | null | undefined) => (value ? (map[value] ?? value) : "");

export const enrollmentStatusFr = pick(ENROLLMENT_STATUS);
export const courseStatusFr = pick(COURSE_STATUS);
export const traineeCategoryFr = pick(TRAINEE_CATEGORY);
export const financingSourceFr = pick(FINANCING_SOURCE);
export const complaintStatusFr = pick(COMPLAINT_STATUS);
export const planStatusFr = pick(PLAN_STATUS);
export const actionStatusFr = pick(ACTION_STATUS);
export const planTriggerFr = pick(PLAN_TRIGGER);
export const severityFr = pick(SEVERITY);
