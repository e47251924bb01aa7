import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZTimestamp } from "./common";

/**
 * Course builder contracts: modules, lessons, questionnaires and their questions, all under
 * /courses/{id}/... Isomorphic (zod only): the quiz editor reuses `questionRuleErrors` to show
 * the same 422 messages the server gives before anything is sent.
 */

const ZLessonKind = z.enum(["TEXT", "VIDEO", "FILE", "LIVE_SESSION", "QUIZ"]).describe("TEXT (markdown), VIDEO, FILE, LIVE_SESSION (link) or QUIZ");
const ZQuestionnaireKind = z.enum(["QUIZ", "POSITIONING", "SATISFACTION"]).describe("QUIZ and POSITIONING are scored; SATISFACTION is not");
const ZQuestionKind = z.enum(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]);
export type TQuestionnaireKind = z.infer<typeof ZQuestionnaireKind>;

const ref = (what: string) => z.string().min(1).max(64).describe(what);
const ZCourseId = ref("Course id (crs_...)");
const ZModuleId = ref("Module id (mod_...)");
const ZLessonId = ref("Lesson id (les_...)");
const ZQuestionnaireId = ref("Questionnaire id (qst_...)");

const ZTitle = z.string().trim().min(1, "Required").max(200);
const ZDescription = z.string().trim().max(5000);
const ZMarkdown = z.string().max(200_000).describe("Markdown (TEXT lessons) or notes for the other kinds");
const ZMediaUrl = z.url({ protocol: /^https?$/, message: "An http(s) URL" }).max(2000).describe("External http(s) URL (video, file, live-session link)");
/*
 * Numbers and booleans of request bodies are built by factories, one instance per operation.
 * (JSON bodies are never coerced from strings: server/http/rest-routes.ts.)
 */
const duration = () => z.number().int().min(0).max(10_000).describe("Expected duration in minutes");
const passMark = () => z.number().int().min(0).max(100).describe("Percentage (0-100) needed to pass; default 50");
const ZChoiceId = z
  .string()
  .max(MAX.code)
  .regex(/^[A-Za-z0-9_-]{1,32}$/, "1 to 32 letters, digits, - or _")
  .describe("Keep the id of an existing choice to keep it stable; omit it for a new choice");

// ---------------------------------------------------------------- outputs

const ZLesson = z.object({
  id: z.string(),
  courseId: z.string(),
  moduleId: z.string(),
  title: z.string(),
  kind: ZLessonKind,
  content: z.string(),
  mediaId: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  questionnaireId: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  position: z.number().int().describe("0-based position in the module"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TLesson = z.infer<typeof ZLesson>;

const ZModule = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int().describe("0-based position in the course"),
  durationMinutes: z.number().int().describe("Sum of the lessons' durations"),
  lessons: z.array(ZLesson),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TModule = z.infer<typeof ZModule>;

export const ZModulesOutput = listEnvelope(ZModule, z.object({ moduleCount: z.number().int(), lessonCount: z.number().int(), durationMinutes: z.number().int() }));

const ZChoice = z.object({ id: z.string(), label: z.string(), correct: z.boolean() });
const ZQuestion = z.object({
  id: z.string(),
  kind: ZQuestionKind,
  prompt: z.string(),
  choices: z.array(ZChoice),
  expectedText: z.string().nullable(),
  explanation: z.string().nullable(),
  points: z.number().int(),
  position: z.number().int(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZQuestionnaireSummary = z.object({
  id: z.string(),
  courseId: z.string(),
  kind: ZQuestionnaireKind,
  title: z.string(),
  passMark: z.number().int(),
  questionCount: z.number().int(),
  totalPoints: z.number().int(),
  lessonIds: z.array(z.string()).describe("QUIZ lessons that use this questionnaire"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
const ZQuestionnaire = ZQuestionnaireSummary.extend({ questions: z.array(ZQuestion) });
export type TQuestionnaireSummary = z.infer<typeof ZQuestionnaireSummary>;
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;

/** What a learner sees of a questionnaire: no correct answers, no expected text, no explanations. */
const ZLearnerQuestionnaire = z.object({
  id: z.string(),
  kind: ZQuestionnaireKind,
  title: z.string(),
  passMark: z.number().int(),
  questionCount: z.number().int(),
  totalPoints: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: ZQuestionKind,
      prompt: z.string(),
      points: z.number().int(),
      choices: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
  ),
});
export type TLearnerQuestionnaire = z.infer<typeof ZLearnerQuestionnaire>;

export const ZLessonView = ZLesson.omit({ createdAt: true, updatedAt: true }).extend({
  moduleTitle: z.string(),
  questionnaire: ZLearnerQuestionnaire.nullable().describe("QUIZ lessons only, without the answers"),
  previousLessonId: z.string().nullable().describe("Previous lesson in course order"),
  nextLessonId: z.string().nullable().describe("Next lesson in course order"),
});
export type TLessonView = z.infer<typeof ZLessonView>;

export const ZDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export const ZModuleDeleted = ZDeleted.extend({ lessonsDeleted: z.number().int() });

// ---------------------------------------------------------------- inputs

export const ZCourseContentInput = z.object({ id: ZCourseId });
export const ZModuleRefInput = z.object({ id: ZCourseId, moduleId: ZModuleId });
export const ZLessonRefInput = z.object({ id: ZCourseId, lessonId: ZLessonId });
export const ZQuestionnaireRefInput = z.object({ id: ZCourseId, questionnaireId: ZQuestionnaireId });

export const ZCreateModuleInput = z.strictObject({ id: ZCourseId, title: ZTitle, description: ZDescription.optional() });
export const ZUpdateModuleInput = z.strictObject({ id: ZCourseId, moduleId: ZModuleId, title: ZTitle.optional(), description: ZDescription.optional() });
export const ZReorderModulesInput = z.strictObject({
  id: ZCourseId,
  moduleIds: z.array(ZModuleId).max(500).describe("Every module id of the course, exactly once, in the new order"),
});

const lessonFields = () => ({
  title: ZTitle,
  kind: ZLessonKind,
  content: ZMarkdown.optional(),
  mediaId: ref("Media id (med_...) of this tenant; VIDEO lessons need VIDEO media").nullable().optional(),
  mediaUrl: ZMediaUrl.nullable().optional(),
  questionnaireId: ref("Questionnaire of the same course; required for QUIZ lessons, refused for the other kinds").nullable().optional(),
  durationMinutes: duration().nullable().optional(),
});
export const ZCreateLessonInput = z.strictObject({ id: ZCourseId, moduleId: ZModuleId, ...lessonFields() });
export const ZUpdateLessonInput = z.strictObject({
  id: ZCourseId,
  lessonId: ZLessonId,
  moduleId: ZModuleId.optional().describe("Move the lesson to another module of the same course (appended at its end)"),
  ...lessonFields(),
  title: ZTitle.optional(),
  kind: ZLessonKind.optional(),
});
export type TCreateLessonInput = z.infer<typeof ZCreateLessonInput>;
export type TUpdateLessonInput = z.infer<typeof ZUpdateLessonInput>;
export const ZReorderLessonsInput = z.strictObject({
  id: ZCourseId,
  moduleId: ZModuleId,
  lessonIds: z.array(ZLessonId).max(500).describe("Every lesson id of the module, exactly once, in the new order"),
});

const choiceInput = () =>
  z.strictObject({
    id: ZChoiceId.optional(),
    label: z.string().trim().min(1, "Required").max(500),
    correct: z.boolean().default(false),
  });
const questionInput = () =>
  z.strictObject({
    id: ref("Id of an existing question of this questionnaire, to update it in place (keeps learners' answers linked)").optional(),
    kind: ZQuestionKind,
    prompt: z.string().trim().min(1, "Required").max(2000),
    choices: z.array(choiceInput()).max(20).optional().describe("Not for FREE_TEXT; TRUE_FALSE may omit them (see correctAnswer)"),
    correctAnswer: z.boolean().optional().describe("TRUE_FALSE without choices: generates Vrai/Faux, true meaning Vrai is correct"),
    expectedText: z.string().trim().max(500).nullable().optional().describe("FREE_TEXT only: the expected answer, for automatic scoring"),
    explanation: z.string().trim().max(2000).nullable().optional().describe("Shown to the learner after an attempt"),
    points: z.number().int().min(0).max(100).default(1),
  });
export const ZQuestionInput = questionInput();
export type TQuestionInput = z.input<typeof ZQuestionInput>;
/** A question as parsed (defaults applied). */
export type TQuestionData = z.output<typeof ZQuestionInput>;
const questionList = () => z.array(questionInput()).max(200);

export const ZCreateQuestionnaireInput = z.strictObject({
  id: ZCourseId,
  title: ZTitle,
  kind: ZQuestionnaireKind,
  passMark: passMark().optional(),
  questions: questionList().default([]),
});
export const ZUpdateQuestionnaireInput = z.strictObject({
  id: ZCourseId,
  questionnaireId: ZQuestionnaireId,
  title: ZTitle.optional(),
  kind: ZQuestionnaireKind.optional(),
  passMark: passMark().optional(),
});
export const ZReplaceQuestionsInput = z.strictObject({ id: ZCourseId, questionnaireId: ZQuestionnaireId, questions: questionList() });

export const ZModuleOutput = envelope(ZModule);
export const ZLessonOutput = envelope(ZLesson);
export const ZQuestionnaireOutput = envelope(ZQuestionnaire);

// ---------------------------------------------------------------- question rules (422)

type RuleQuestion = Pick<TQuestionInput, "id" | "kind" | "choices" | "correctAnswer" | "expectedText">;

/**
 * The business rules of a question list, as a field-error map keyed like
 * `questions.0.choices`. Scored questionnaires (QUIZ, POSITIONING) need correct answers;
 * SATISFACTION questions must not have any. Empty when the list is valid.
 */
export function questionRuleErrors(kind: TQuestionnaireKind, list: RuleQuestion[], base = "questions"): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => void (errors[key] ??= []).push(message);
  const scored = kind !== "SATISFACTION";
  const seenIds = new Set<string>();

  list.forEach((q, i) => {
    const at = (field: string) => `${base}.${i}.${field}`;
    const choices = q.choices ?? [];
    const correct = choices.filter((c) => c.correct === true).length;
    if (q.id !== undefined) {
      if (seenIds.has(q.id)) add(at("id"), "Duplicate question id");
      seenIds.add(q.id);
    }
    if (q.kind !== "FREE_TEXT" && q.expectedText) add(at("expectedText"), "Only FREE_TEXT questions have an expected text");
    if (q.kind === "FREE_TEXT" && q.expectedText && !scored) add(at("expectedText"), "SATISFACTION questions have no expected answer");
    if (q.correctAnswer !== undefined && q.kind !== "TRUE_FALSE") add(at("correctAnswer"), "Only TRUE_FALSE questions take correctAnswer");

    const labels = choices.map((c) => c.label.trim().toLowerCase());
    if (new Set(labels).size !== labels.length) add(at("choices"), "Choice labels must be distinct");
    const ids = choices.flatMap((c) => (c.id ? [c.id] : []));
    if (new Set(ids).size !== ids.length) add(at("choices"), "Choice ids must be distinct");
    if (!scored && correct > 0) add(at("choices"), "SATISFACTION questions have no correct answer");

    switch (q.kind) {
      case "FREE_TEXT":
        if (choices.length > 0) add(at("choices"), "FREE_TEXT questions have no choices");
        break;
      case "SINGLE_CHOICE":
        if (choices.length < 2) add(at("choices"), "At least two choices");
        if (scored && correct !== 1) add(at("choices"), "Exactly one choice must be correct");
        break;
      case "MULTIPLE_CHOICE":
        if (choices.length < 2) add(at("choices"), "At least two choices");
        if (scored && correct < 1) add(at("choices"), "At least one choice must be correct");
        break;
      case "TRUE_FALSE":
        if (choices.length > 0) {
          if (choices.length !== 2) add(at("choices"), "Exactly two choices");
          if (scored && correct !== 1) add(at("choices"), "Exactly one choice must be correct");
          if (q.correctAnswer !== undefined) add(at("correctAnswer"), "Give either choices or correctAnswer");
        } else if (scored && q.correctAnswer === undefined) {
          add(at("correctAnswer"), "Required for a TRUE_FALSE question without choices");
        } else if (!scored && q.correctAnswer !== undefined) {
          add(at("correctAnswer"), "SATISFACTION questions have no correct answer");
        }
        break;
    }
  });
  return errors;
}
