import type { TCatalogVariable, TTemplateCategory } from "../../contracts/templates";

/**
 * The variables each template category offers ({{key}}), with the French label the editor's
 * picker shows and the sample value the preview prints. The document service fills the same
 * keys from the record (services/documents/variables.ts).
 */
const V = {
  "organisation.name": ["Nom de l'organisme de formation", "Acme Formation"],
  "organisation.siret": ["SIRET de l'organisme", "123 456 789 00012"],
  "organisation.activityNumber": ["N° de déclaration d'activité", "11 75 12345 75"],
  "organisation.prefectRegion": ["Préfet de déclaration (« auprès du préfet … »)", "de la région Île-de-France"],
  "organisation.address": ["Adresse de l'organisme", "12 rue de la Paix, 75002 Paris"],
  "organisation.city": ["Ville de l'organisme (« Fait à »)", "Paris"],
  "organisation.signatory": ["Signataire (nom, fonction)", "Camille Durand, Présidente"],
  "organisation.signatoryName": ["Nom du signataire", "Camille Durand"],
  "organisation.signatoryRole": ["Fonction du signataire", "Présidente"],
  "organisation.signature": ["Signature (image ; seule sur sa ligne)", "[signature]"],
  "document.date": ["Date du document", "26/11/2026"],
  "learner.firstName": ["Prénom de l'apprenant", "Camille"],
  "learner.lastName": ["Nom de l'apprenant", "Martin"],
  "learner.fullName": ["Nom complet de l'apprenant", "Camille Martin"],
  "learner.email": ["E-mail de l'apprenant", "camille.martin@example.fr"],
  "course.title": ["Intitulé de la formation", "Sauveteur Secouriste du Travail (SST)"],
  "course.durationHours": ["Durée de la formation (heures)", "14"],
  "course.duration": ["Durée de la formation", "14 h"],
  "course.modality": ["Modalité de la formation", "formation mixte (à distance et en session)"],
  "course.certification": ["Certification visée (RS / RNCP)", "RS5678"],
  "course.objectives": ["Objectifs pédagogiques", "Intervenir efficacement face à une situation d'accident du travail."],
  "course.prerequisites": ["Prérequis", "Aucun prérequis."],
  "course.targetAudience": ["Public visé", "Tout salarié."],
  "course.teachingMethods": ["Méthodes pédagogiques", "Apports théoriques, démonstrations et mises en situation."],
  "course.evaluationMethods": ["Modalités d'évaluation", "Évaluation certificative par mises en situation."],
  "course.accessibility": ["Accessibilité (handicap)", "Formation accessible ; contactez notre référent handicap."],
  "course.price": ["Prix de la formation (€ HT)", "450,00"],
  "enrollment.enrolledAt": ["Date d'inscription (début)", "02/11/2026"],
  "enrollment.completedAt": ["Date de fin de formation", "20/11/2026"],
  "enrollment.financingSource": ["Financement", "OPCO"],
  "enrollment.sessions": ["Sessions suivies (jours et horaires)", "Classe virtuelle SST — jour 1 : mardi 1er décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h"],
  "session.title": ["Intitulé de la session", "Classe virtuelle SST — jour 1"],
  "session.date": ["Date de la session", "03/12/2026"],
  "session.startTime": ["Heure de début (heure de Paris)", "09:00"],
  "session.endTime": ["Heure de fin (heure de Paris)", "12:30"],
  "session.durationMinutes": ["Durée de la session (minutes)", "210"],
  "session.duration": ["Durée de la session", "14 h"],
  "session.trainers": ["Formateurs de la session", "Thomas Bernard"],
  "session.link": ["Adresse de la session sur la plateforme", "https://acme.example.fr/sessions/ses_…"],
  "session.access": ["Lien de connexion (à distance) ou informations pratiques (présentiel)", "Informations pratiques : https://acme.example.fr/sessions/ses_…"],
  "session.timeZone": ["Fuseau horaire des heures", "Europe/Paris"],
  "session.schedule": ["Jours, horaires et durée", "mardi 1er décembre 2026, 09:00–12:30 et 13:30–17:00 ; mercredi 2 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 14 h"],
  "session.mode": ["Modalité (présentiel, classe virtuelle, hybride)", "présentiel"],
  "session.place": ["Lieu (nom, salle, adresse ; « à distance » pour une classe virtuelle)", "Acme Formation — Salle Lavoisier, 12 rue des Arts, 75003 Paris"],
} as const satisfies Record<string, readonly [string, string]>;

type VariableKey = keyof typeof V;

const ORG: VariableKey[] = [
  "organisation.name",
  "organisation.siret",
  "organisation.activityNumber",
  "organisation.prefectRegion",
  "organisation.address",
  "organisation.city",
  "organisation.signatory",
  "organisation.signatoryName",
  "organisation.signatoryRole",
  "organisation.signature",
  "document.date",
];
const LEARNER: VariableKey[] = ["learner.firstName", "learner.lastName", "learner.fullName", "learner.email"];
const COURSE: VariableKey[] = [
  "course.title",
  "course.durationHours",
  "course.duration",
  "course.modality",
  "course.certification",
  "course.objectives",
  "course.prerequisites",
  "course.targetAudience",
  "course.teachingMethods",
  "course.evaluationMethods",
  "course.accessibility",
];
const ENROLLMENT: VariableKey[] = ["enrollment.enrolledAt", "enrollment.completedAt", "enrollment.financingSource", "enrollment.sessions"];
const SESSION: VariableKey[] = [
  "session.title",
  "session.date",
  "session.startTime",
  "session.endTime",
  "session.duration",
  "session.durationMinutes",
  "session.trainers",
  "session.link",
  "session.access",
  "session.timeZone",
  "session.schedule",
  "session.mode",
  "session.place",
];

const BY_CATEGORY: Record<TTemplateCategory, VariableKey[]> = {
  CONVENTION: [...ORG, ...LEARNER, ...COURSE, "course.price", ...ENROLLMENT],
  CONVOCATION: [...ORG, ...LEARNER, "course.title", "course.durationHours", "course.duration", ...SESSION],
  ATTESTATION: [...ORG, ...LEARNER, "course.title", "course.durationHours", "course.duration", "course.modality", "course.certification", "course.objectives", "course.evaluationMethods", ...ENROLLMENT],
  PROGRAMME: [...ORG, ...COURSE, "course.price"],
  EMARGEMENT: [...ORG, "course.title", "course.durationHours", ...SESSION],
  INVOICE: [...ORG, ...LEARNER, "course.title", "course.durationHours", "course.price", ...ENROLLMENT],
  OTHER: Object.keys(V) as VariableKey[],
};

export function catalogFor(category: TTemplateCategory): TCatalogVariable[] {
  return BY_CATEGORY[category].map((key) => ({ key, label: V[key][0], example: V[key][1] }));
}

/** The sample values of every variable (the preview). */
export function sampleValues(): Record<string, string> {
  return Object.fromEntries(Object.entries(V).map(([k, [, example]]) => [k, example]));
}
