import type { z } from "zod";
import type { AiResultOf, AiTask, AiTaskKind, CourseContext } from "./provider";
import { ZLearnerPathResult, ZPositioningQuizResult } from "./results";
import { ZDraftResult, ZFaqResult, ZLessonResult, ZNeedsResult, ZQuizResult, ZSeoResult, ZVariantResult } from "./results";

/**
 * The chat messages sent to an OpenAI-compatible model for each task, and the schema its JSON
 * answer must satisfy. The course is sent as JSON; long lesson texts are shortened.
 */
export const RESULT_SCHEMAS: { [K in AiTaskKind]: z.ZodType<AiResultOf<K>> } = {
  faq: ZFaqResult,
  seo: ZSeoResult,
  variant: ZVariantResult,
  lessonContent: ZLessonResult,
  moduleQuiz: ZQuizResult,
  draftFromBrief: ZDraftResult,
  positioningQuiz: ZPositioningQuizResult,
  learnerPath: ZLearnerPathResult,
  needsAnalysis: ZNeedsResult,
};

const QUESTION = '{"kind": "SINGLE_CHOICE" | "MULTIPLE_CHOICE" | "TRUE_FALSE", "prompt": string, "choices": [{"label": string, "correct": boolean}], "explanation": string}';

const SHAPES: Record<AiTaskKind, string> = {
  faq: '{"faq": [{"question": string, "answer": string}]} with 5 to 8 items',
  seo: '{"metaTitle": string (at most 60 characters), "metaDescription": string (at most 160 characters), "slug": string (lower case, hyphens), "keywords": string[] (at most 10)}',
  variant:
    '{"title": string, "description": string, "targetAudience": string, "prerequisites": string, "pedagogicalObjectives": string, ' +
    '"modules": [{"title": string, "description": string, "lessons": [{"title": string, "content": string}]}]}',
  lessonContent: '{"markdown": string}',
  moduleQuiz: `{"title": string, "questions": [${QUESTION}]} with 3 to 6 questions`,
  draftFromBrief:
    '{"title": string, "description": string, "pedagogicalObjectives": string, "modules": [{"title": string, "description": string, "lessons": [{"title": string}]}], ' +
    `"questionnaire": {"title": string, "questions": [${QUESTION}]}}`,
  positioningQuiz: `{"title": string, "questions": [${QUESTION.slice(0, -1)}, "difficulty": "EASY" | "MEDIUM" | "HARD", "topic": string}]}`,
  learnerPath: '{"summary": string}',
  needsAnalysis:
    '{"recommendations": [{"courseId": string (an id of the catalogue), "matchedObjectives": string[] (objectives copied verbatim), "relevance": number (0-100), "reason": string}] (at most 5), "summary": string}',
};

const LESSON_TEXT_MAX = 1500;
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The course as the model sees it: its fields and structure, lesson texts shortened, except for
 * a variant, which rewrites them and so must see them whole.
 */
function courseJson(c: CourseContext, lessonTextMax = LESSON_TEXT_MAX): string {
  return JSON.stringify({
    ...c,
    modules: c.modules.map((m) => ({ ...m, lessons: m.lessons.map((l) => ({ ...l, content: shorten(l.content, lessonTextMax) })) })),
  });
}

function instruction(task: AiTask): string {
  switch (task.kind) {
    case "faq":
      return "Write 5 to 8 questions a prospective learner asks about this course, each with its answer, using only the course information below. Never invent a price, duration, certification or date that is not given.";
    case "seo":
      return "Write the SEO fields of the course's public catalogue page.";
    case "variant":
      return (
        `Adapt every text of this course for a ${task.targetAudience} audience (level, tone, examples, prerequisites). ` +
        "Keep exactly the same modules and lessons, in the same order, with the same counts; an empty lesson content stays empty." +
        (task.instructions ? ` Author's instructions: ${task.instructions}` : "")
      );
    case "lessonContent": {
      const m = task.course.modules[task.moduleIndex]!;
      const l = m.lessons[task.lessonIndex]!;
      return (
        `Write the content of the lesson "${l.title}" (module "${m.title}") in Markdown: objectives, explanations with examples, a practice exercise, key takeaways. ` +
        "Stay consistent with the course's objectives and level." +
        (task.brief ? ` The author's brief for the course: ${task.brief}` : "")
      );
    }
    case "moduleQuiz":
      return `Write a quiz checking what a learner retained from the module "${task.course.modules[task.moduleIndex]!.title}". Single-choice and true/false questions have exactly one correct choice.`;
    case "draftFromBrief":
      return (
        "Design a training course from the author's brief: 2 to 8 modules of 1 to 6 lessons (titles only), pedagogical objectives, and a final quiz of 3 to 8 questions. " +
        `Brief: ${task.brief}`
      );
    case "positioningQuiz":
      return (
        `Write an entry positioning test for this course: exactly ${task.counts.easy} EASY, ${task.counts.medium} MEDIUM and ${task.counts.hard} HARD questions, ` +
        "assessing what a learner already knows before the course (not what the course will teach them in detail). " +
        (task.topics.length ? `Cover these topics: ${task.topics.join("; ")}. ` : "Cover the course's modules. ") +
        "Single-choice and true/false questions have exactly one correct choice; give each question its topic."
      );
    case "learnerPath":
      return (
        `A learner scored ${task.score}% on this course's positioning test. Write them a short, encouraging message (3 to 5 sentences) explaining their individual path. ` +
        `Lessons they may skip: ${task.skipped.length ? task.skipped.join("; ") : "none"}. Extra lessons added for them: ${task.extra.length ? task.extra.join("; ") : "none"}.`
      );
    case "needsAnalysis":
      return (
        "Analyse a client company's training needs (Qualiopi indicators 4 and 8). Recommend at most 5 courses, only from the catalogue below (by id), " +
        "that cover the objectives and suit the move from the current level to the target level; a course's level is the level of the learners it is for. " +
        `Write the summary and reasons in ${task.needs.language.toLowerCase().startsWith("en") ? "English" : "French"}. ` +
        `Needs: ${JSON.stringify({ objectives: task.needs.objectives, currentLevel: task.needs.currentLevel, targetLevel: task.needs.targetLevel, context: shorten(task.needs.context, 3000), fundingSource: task.needs.fundingSource })}\n\n` +
        `Catalogue: ${JSON.stringify(task.needs.catalogue.map((c) => ({ ...c, description: shorten(c.description, 400) })))}`
      );
  }
}

export function messagesFor(task: AiTask): { role: "system" | "user"; content: string }[] {
  const course = "course" in task ? task.course : null;
  const language = course ? `Write in the course's language (${course.language}).` : "Write in the language of the brief.";
  return [
    {
      role: "system",
      content:
        "You are an instructional designer for a professional training organisation (France, Qualiopi certified). " +
        `${language} Answer with one JSON object only, of this shape: ${SHAPES[task.kind]}.`,
    },
    { role: "user", content: course ? `${instruction(task)}\n\nCourse: ${courseJson(course, task.kind === "variant" ? Infinity : LESSON_TEXT_MAX)}` : instruction(task) },
  ];
}
