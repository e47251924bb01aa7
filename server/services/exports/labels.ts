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
/** The trainee categories and financing sources as the BPF (cerfa 10443) words them; the enrollment export and the BPF CSV print the same. */
const TRAINEE_CATEGORY: Record<string, string> = { SAL: "Salarié d'un employeur privé", DE: "Demandeur d'emploi", AUT: "Autre stagiaire" };
const FINANCING_SOURCE: Record<string, string> = {
  OPCO: "OPCO",
  CPF: "CPF (Caisse des dépôts)",
  POLE_EMPLOI: "France Travail (ex-Pôle emploi)",
  EMPLOYER: "Employeur",
  SELF: "Stagiaire (autofinancement)",
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
const PLAN_TRIGGER: Record<string, string> = { COMPLAINT: "réclamation", AUDIT: "audit", FEEDBACK: "appréciations", PROACTIVE: "initiative" };
const SEVERITY: Record<string, string> = { LOW: "faible", MEDIUM: "moyenne", HIGH: "élevée", CRITICAL: "critique" };

const pick = (map: Record<string, string>) => (value: string | null | undefined) => (value ? (map[value] ?? value) : "");

export const enrollmentStatusFr = pick(ENROLLMENT_STATUS);
export const courseStatusFr = pick(COURSE_STATUS);
export const traineeCategoryFr = pick(TRAINEE_CATEGORY);
export const financingSourceFr = pick(FINANCING_SOURCE);
export const complaintStatusFr = pick(COMPLAINT_STATUS);
export const planStatusFr = pick(PLAN_STATUS);
export const planTriggerFr = pick(PLAN_TRIGGER);
export const severityFr = pick(SEVERITY);
const COURSE_FORMAT: Record<string, string> = { ELEARNING: "à distance (e-learning)", LIVE: "classe virtuelle", BLENDED: "mixte", PRESENTIAL: "présentiel" };
const COURSE_LEVEL: Record<string, string> = { BEGINNER: "débutant", INTERMEDIATE: "intermédiaire", ADVANCED: "avancé", EXPERT: "expert" };
const COMPLAINT_CATEGORY: Record<string, string> = { COURSE_QUALITY: "qualité de la formation", ADMIN: "administratif", BILLING: "facturation", OTHER: "autre" };

export const courseFormatFr = pick(COURSE_FORMAT);
export const courseLevelFr = pick(COURSE_LEVEL);
export const complaintCategoryFr = pick(COMPLAINT_CATEGORY);

/** "28 novembre 2026 à 09:15" in a time zone. */
export function frenchDateTime(d: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("fr-FR", { timeZone, day: "numeric", month: "long", year: "numeric" }).format(d);
  const time = new Intl.DateTimeFormat("fr-FR", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return `${day} à ${time}`;
}

/** "28 novembre 2026" (a Date in a time zone, or a YYYY-MM-DD day). */
export function frenchDate(d: Date | string, timeZone: string): string {
  const date = typeof d === "string" ? new Date(`${d.slice(0, 10)}T12:00:00Z`) : d;
  return new Intl.DateTimeFormat("fr-FR", { timeZone: typeof d === "string" ? "UTC" : timeZone, day: "numeric", month: "long", year: "numeric" }).format(date);
}
