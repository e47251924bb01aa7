import { z } from "zod";

/**
 * The JSON each AI task answers with. Both providers produce these shapes; the OpenAI-compatible
 * provider validates the model's answer against them (a malformed answer is a 503, never saved).
 */
const text = (max: number) => z.string().trim().max(max);

export const ZFaqResult = z.object({
  faq: z.array(z.object({ question: text(300).min(1), answer: text(2000).min(1) })).min(1),
});

export const ZSeoResult = z.object({
  metaTitle: text(200).min(1),
  metaDescription: text(500).min(1),
  slug: text(200),
  keywords: z.array(text(60)).max(30),
});

const ZGeneratedChoice = z.object({ label: text(300).min(1), correct: z.boolean() });
const ZGeneratedQuestion = z
  .object({
    kind: z.enum(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE"]),
    prompt: text(1000).min(1),
    choices: z.array(ZGeneratedChoice).min(2).max(6),
    explanation: text(1000).default(""),
  })
  .refine((q) => q.choices.some((c) => c.correct), { message: "A question needs a correct choice" })
  .refine((q) => q.kind === "MULTIPLE_CHOICE" || q.choices.filter((c) => c.correct).length === 1, {
    message: "Single-choice and true/false questions have exactly one correct choice",
  });
export type GeneratedQuestion = z.infer<typeof ZGeneratedQuestion>;

export const ZQuizResult = z.object({
  title: text(200).min(1),
  questions: z.array(ZGeneratedQuestion).min(1).max(20),
});
export type QuizResult = z.infer<typeof ZQuizResult>;

export const ZLessonResult = z.object({ markdown: text(50_000).min(1) });

export const ZVariantResult = z.object({
  title: text(200).min(1),
  description: text(20_000),
  targetAudience: text(2000),
  prerequisites: text(2000),
  pedagogicalObjectives: text(5000),
  modules: z.array(
    z.object({
      title: text(200).min(1),
      description: text(5000),
      lessons: z.array(z.object({ title: text(200).min(1), content: text(50_000) })),
    }),
  ),
});
export type VariantResult = z.infer<typeof ZVariantResult>;

export const ZDraftResult = z.object({
  title: text(200).min(1),
  description: text(20_000),
  pedagogicalObjectives: text(5000),
  modules: z
    .array(
      z.object({
        title: text(200).min(1),
        description: text(5000),
        lessons: z.array(z.object({ title: text(200).min(1) })).min(1).max(15),
      }),
    )
    .min(1)
    .max(12),
  questionnaire: ZQuizResult,
});
export type DraftResult = z.infer<typeof ZDraftResult>;

/** A positioning questionnaire: each question carries its difficulty and the topic it assesses. */
const ZPositioningQuestion = ZGeneratedQuestion.and(z.object({ difficulty: z.enum(["EASY", "MEDIUM", "HARD"]), topic: text(200).default("") }));
export const ZPositioningQuizResult = z.object({
  title: text(200).min(1),
  questions: z.array(ZPositioningQuestion).min(1).max(50),
});
export type PositioningQuizResult = z.infer<typeof ZPositioningQuizResult>;

/** The message that explains an individual adaptive path to its learner. */
export const ZLearnerPathResult = z.object({ summary: text(3000).min(1) });
export const ZNeedsResult = z.object({
  recommendations: z
    .array(
      z.object({
        courseId: text(64).min(1),
        matchedObjectives: z.array(text(300)).max(20),
        relevance: z.number().describe("0-100; clamped by the service"),
        reason: text(1000),
      }),
    )
    .max(20),
  summary: text(4000),
});
export type NeedsResult = z.infer<typeof ZNeedsResult>;
