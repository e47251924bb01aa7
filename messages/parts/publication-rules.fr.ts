/** The publication rules' reasons (server/contracts/courses.ts PUBLICATION_RULE_CODES), fr: the builder's checklist and the Qualiopi dashboard word them from here. */
export const publicationRules_fr = {
  publicationRules: {
    FIELD_REQUIRED: "{field}\u202f: à renseigner",
    DURATION_REQUIRED: "Durée\u202f: indiquez une durée supérieure à 0 heure",
    MODULES_REQUIRED: "Contenu\u202f: au moins un module avec au moins une leçon",
    ACTIVITY_NUMBER_REQUIRED: "Numéro de déclaration d'activité\u202f: à renseigner (mode OF)",
    CERTIFICATION_EXPIRED: "Certification\u202f: la date de validité est dépassée",
    NO_PRIMARY_TRAINER: "Aucun formateur principal désigné",
    NO_POSITIONING_QUESTIONNAIRE: "Aucun questionnaire de positionnement",
    NO_QUIZ: "Aucun quiz d'évaluation",
    NO_SATISFACTION_SURVEY: "Aucun questionnaire de satisfaction",
    CERTIFICATION_DATE_MISSING: "Numéro de certification sans date de validité",
  },
} as const;
