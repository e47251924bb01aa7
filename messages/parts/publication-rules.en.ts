/** The publication rules' reasons (server/contracts/courses.ts PUBLICATION_RULE_CODES), en. */
export const publicationRules_en = {
  publicationRules: {
    FIELD_REQUIRED: "{field}: to fill in",
    DURATION_REQUIRED: "Duration: give a duration above 0 hours",
    MODULES_REQUIRED: "Content: at least one module with at least one lesson",
    ACTIVITY_NUMBER_REQUIRED: "Activity declaration number: to fill in (OF mode)",
    CERTIFICATION_EXPIRED: "Certification: the validity date is past",
    NO_PRIMARY_TRAINER: "No primary trainer assigned",
    NO_POSITIONING_QUESTIONNAIRE: "No positioning questionnaire",
    NO_QUIZ: "No assessment quiz",
    NO_SATISFACTION_SURVEY: "No satisfaction questionnaire",
    CERTIFICATION_DATE_MISSING: "Certification number without a validity date",
  },
} as const;
