/**
 * What each AI operation costs, in credits (spec, Limits: "AI credits"). The one table: the
 * operations, their OpenAPI descriptions and the UI's estimates all read it.
 *
 * Spec values:
 * - enrich-draft = lessons x 20 + modules x 15. "lessons" are the lessons it writes (empty TEXT
 *   lessons) and "modules" the modules it gives a quiz (those without one): the debit pays for
 *   what is generated, so `creditsConsumed = lessonsGenerated x 20 + questionnairesGenerated x 15`.
 * - regenerate-from-brief: 50 up front (the draft's structure), then 20 per lesson as each is written.
 * - generate-all-content: the full estimate (lessons to write x 20) up front; lessons that could
 *   not be written are refunded when the job ends.
 * - positioning quiz 25, individual adaptive path 30 (used by later features).
 *
 * Our choices (the spec gives no figure): FAQ 10, SEO fields 5, variant 10 + modules x 15 +
 * lessons x 20 (the course texts, then every module and lesson are rewritten).
 */
export const AI_COSTS = {
  faq: 10,
  seo: 5,
  variantBase: 10,
  perModule: 15,
  perLesson: 20,
  regenerateUpFront: 50,
  positioningQuiz: 25,
  adaptivePath: 30,
} as const;

/** Names recorded in the ledger's `operation` column. */
export const AI_OPERATIONS = {
  faq: "generate-faq",
  seo: "generate-seo",
  variant: "create-variant",
  enrich: "enrich-draft",
  generateAll: "generate-all-content",
  generateAllRefund: "generate-all-content.refund",
  regenerate: "regenerate-from-brief",
  regenerateLesson: "regenerate-from-brief.lesson",
  positioningQuiz: "positioning-quiz",
  adaptivePath: "adaptive-path",
} as const;

export const variantCost = (modules: number, lessons: number): number =>
  AI_COSTS.variantBase + modules * AI_COSTS.perModule + lessons * AI_COSTS.perLesson;

export const enrichDraftCost = (lessonsToWrite: number, modulesToQuiz: number): number =>
  lessonsToWrite * AI_COSTS.perLesson + modulesToQuiz * AI_COSTS.perModule;

export const lessonsCost = (lessons: number): number => lessons * AI_COSTS.perLesson;
