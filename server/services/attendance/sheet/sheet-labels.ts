import { attendanceStatus_fr } from "../../../../messages/parts/attendance-status.fr";
import { formatDuration } from "../../../lib/schedule-text";
import { timeZoneLabel } from "../../../../lib/i18n/format";
import type { TAttendanceStatus } from "../../../contracts/attendance";
import type { TSheetMethod } from "../../../contracts/attendance-sheet";

/**
 * Printed text of the attendance sheet. French: the sheet is a French legal document
 * (legal-notes.md §3); tenants carry no locale of their own yet. Times are formatted in the
 * sheet's time zone (Europe/Paris by default) with the fr-FR locale.
 */
export const L = {
  title: "Feuille d'émargement",
  provider: "Organisme de formation",
  legalName: "Raison sociale",
  activityNumber: "N° de déclaration d'activité",
  notApproval: "Cet enregistrement ne vaut pas agrément de l'État.",
  siret: "SIRET",
  notRecorded: "non renseigné",
  training: "Formation",
  reference: "Référence",
  session: "Session",
  sessionRef: "Réf. session",
  modality: "Modalité",
  schedule: "Dates et horaires",
  planned: "Prévue",
  actual: "Déroulement effectif",
  notStarted: "non démarrée",
  status: "Statut",
  modules: "Modules et contenus",
  noModules: "Aucun module renseigné",
  trainers: "Formateurs",
  noTrainer: "Aucun formateur affecté",
  overview: "Synthèse des créneaux",
  slot: "Créneau",
  learners: "Stagiaires",
  expected: "Attendus",
  present: "Présents",
  absent: "Absents",
  trainerSigned: "Formateur",
  name: "Nom et prénom",
  signature: "Signature",
  at: "Heure",
  attendance: "Présence",
  presentOne: "Présent",
  absentOne: "Absent",
  notSigned: "Non signé",
  noLearner: "Aucun stagiaire inscrit",
  notEnrolled: "inscription annulée depuis",
  unreadable: "image indisponible",
  corrections: "Corrections d'émargement",
  correction: "Correction",
  by: "par",
  reason: "motif",
  scope: "portée",
  wholeSession: "toute la session",
  noCorrection: "Aucune correction",
  legend: "Modes d'émargement",
  integrity: "Intégrité",
  integrityText:
    "Chaque émargement est horodaté au moment de la signature et scellé (SHA-256) dans la chaîne d'enregistrements de l'organisme ; " +
    "aucun enregistrement n'est modifié ni supprimé, une correction est un nouvel enregistrement. L'empreinte imprimée en pied de page est " +
    "celle du dernier enregistrement de la session au moment de l'édition : elle permet de vérifier que la feuille correspond à la chaîne.",
  chainHash: "Empreinte de chaîne",
  noRecord: "aucun enregistrement",
  verify: "Vérification",
  generatedAt: "Édité le",
  page: "Page",
  minutes: "min",
  attendedMinutes: "Durée de présence",
  place: "Lieu",
  room: "Salle",
  totals: "Totaux de la session",
  corrects: "corrige",
  justification: "justificatif",
} as const;

/** A participant's status, printed: the same French words as the screens (messages/parts/attendance-status.fr.ts). */
export const ATTENDANCE_LABELS: Record<TAttendanceStatus, string> = attendanceStatus_fr.attStatus;
export const STATUS_ORDER: TAttendanceStatus[] = ["PRESENT", "LATE", "LEFT_EARLY", "EXCUSED_ABSENCE", "ABSENT", "NOT_YET"];

/**
 * "En retard (25 min)", "Départ anticipé (40 min)", "Présent"; "Présent (235 min)" when a
 * minutes-only correction gives the slot fewer minutes than its length (`slotMinutes`).
 */
export function statusText(entry: { status: TAttendanceStatus; lateMinutes: number | null; leftEarlyMinutes: number | null; minutes?: number }, slotMinutes?: number): string {
  if (entry.status === "PRESENT" && entry.minutes !== undefined && slotMinutes !== undefined && entry.minutes < slotMinutes) return `${ATTENDANCE_LABELS.PRESENT} (${entry.minutes} min)`;
  const minutes = entry.status === "LATE" ? entry.lateMinutes : entry.status === "LEFT_EARLY" ? entry.leftEarlyMinutes : null;
  return minutes ? `${ATTENDANCE_LABELS[entry.status]} (${minutes} min)` : ATTENDANCE_LABELS[entry.status];
}

/** What a correction says: its status, or for a minutes-only one "Durée de présence : 235 min". */
export function correctionText(o: { status: TAttendanceStatus; lateMinutes: number | null; leftEarlyMinutes: number | null; minutesOnly: boolean; attendanceMinutes: number | null }): string {
  return o.minutesOnly ? `${L.attendedMinutes} : ${o.attendanceMinutes ?? 0} ${L.minutes}` : statusText(o);
}

export const METHOD_LABELS: Record<TSheetMethod, string> = {
  QR: "QR code",
  QR_CODE: "QR code",
  PIN: "Code PIN",
  CANVAS: "Signature manuscrite",
  AUTO: "Connexion à la classe virtuelle",
  OVERRIDE: "Correction administrateur",
};

export const METHOD_LEGEND: [string, string][] = [
  ["QR code", "le stagiaire a scanné le QR code à usage unique affiché pendant la session"],
  ["Code PIN", "le stagiaire a saisi le code à six chiffres communiqué pendant la session"],
  ["Signature manuscrite", "signature tracée à l'écran, reproduite ci-contre"],
  ["Connexion", "présence mesurée par la connexion à la classe virtuelle (durée et taux)"],
  ["Correction", "statut corrigé par un administrateur (présent, absent, absence justifiée, retard, départ anticipé), avec son auteur, sa date et son motif ; l'enregistrement corrigé reste visible"],
];

export const STATUS_LABELS = { SCHEDULED: "Planifiée", LIVE: "En cours", ENDED: "Terminée", CANCELLED: "Annulée" } as const;

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat("fr-FR", { timeZone, ...options })));
  return f;
}

export const shortDate = (iso: string, tz: string) => fmt(tz, { day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));
export const time = (iso: string, tz: string) => fmt(tz, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
export const dateTime = (iso: string, tz: string) => `${shortDate(iso, tz)} ${time(iso, tz)}`;

export const duration = (minutes: number): string => formatDuration(minutes);

/** "Europe/Paris" -> "heure de Paris", "Europe/Amsterdam" -> "heure d'Amsterdam" (the formatting layer's). */
export const zoneLabel = (tz: string) => timeZoneLabel(tz, "fr");
