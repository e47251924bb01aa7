import type { z } from "zod";
import type { TAudience, TFaqItem, TSeoFields } from "../../contracts/ai";
import { DomainError } from "../../errors";
import { slugify } from "../../lib/slug";
import type { PositioningQuizResult, ZLearnerPathResult } from "./results";
import type { NeedsContext, NeedsOutcome } from "./needs-types";
import type { DraftResult, NeedsResult, QuizResult, VariantResult, ZFaqResult, ZLessonResult, ZSeoResult } from "./results";
import { truncate } from "./text";

/**
 * The AI provider interface (conventions §9). A provider answers one task at a time with the
 * structured result of `AiTasks`; the typed functions below are what services call: they
 * normalise whatever the provider said (FAQ 5 to 8 pairs, SEO lengths, slug through slug.ts,
 * variant texts merged onto the course's own structure).
 */
type LessonKind = "TEXT" | "VIDEO" | "FILE" | "LIVE_SESSION" | "QUIZ";
type LessonContext = { title: string; kind: LessonKind; content: string };
type ModuleContext = { title: string; description: string; lessons: LessonContext[] };
/** What a provider knows of a course: its own content, nothing else. */
export type CourseContext = {
  title: string;
  description: string;
  language: string;
  level: TAudience | null;
  format: "ELEARNING" | "LIVE" | "BLENDED" | "PRESENTIAL";
  duration: number | null;
  price: number;
  currency: string;
  tags: string[];
  pedagogicalObjectives: string | null;
  prerequisites: string | null;
  targetAudience: string | null;
  teachingMethods: string | null;
  evaluationMethods: string | null;
  accessibilityInfo: string | null;
  disabilityReferentContact: string | null;
  modules: ModuleContext[];
};

type AiTasks = {
  faq: { input: { course: CourseContext }; output: z.infer<typeof ZFaqResult> };
  seo: { input: { course: CourseContext }; output: z.infer<typeof ZSeoResult> };
  variant: { input: { course: CourseContext; targetAudience: TAudience; instructions?: string }; output: VariantResult };
  lessonContent: {
    input: { course: CourseContext; moduleIndex: number; lessonIndex: number; brief?: string };
    output: z.infer<typeof ZLessonResult>;
  };
  moduleQuiz: { input: { course: CourseContext; moduleIndex: number }; output: QuizResult };
  draftFromBrief: { input: { brief: string; course: CourseContext | null }; output: DraftResult };
  positioningQuiz: { input: { course: CourseContext; counts: PositioningCounts; topics: string[] }; output: PositioningQuizResult };
  learnerPath: { input: { course: CourseContext; score: number; skipped: string[]; extra: string[] }; output: z.infer<typeof ZLearnerPathResult> };
  needsAnalysis: { input: { needs: NeedsContext }; output: NeedsResult };
};
/** How many questions of each difficulty a positioning questionnaire asks. */
export type PositioningCounts = { easy: number; medium: number; hard: number };
export type AiTaskKind = keyof AiTasks;
export type AiTaskOf<K extends AiTaskKind> = { kind: K } & AiTasks[K]["input"];
export type AiTask = { [K in AiTaskKind]: AiTaskOf<K> }[AiTaskKind];
export type AiResultOf<K extends AiTaskKind> = AiTasks[K]["output"];

export interface AiProvider {
  readonly name: string;
  complete<K extends AiTaskKind>(task: AiTaskOf<K>): Promise<AiResultOf<K>>;
}

const FAQ_MIN = 5;
export const FAQ_MAX = 8;
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
const KEYWORDS_MAX = 10;

const badAnswer = (provider: AiProvider, what: string) =>
  new DomainError("UNAVAILABLE", `AI provider ${provider.name} returned an unusable answer: ${what}`, { reason: "AI_UNAVAILABLE" });

/** 5 to 8 question-answer pairs, distinct questions. */
export async function faq(provider: AiProvider, course: CourseContext): Promise<TFaqItem[]> {
  const { faq: items } = await provider.complete({ kind: "faq", course });
  const seen = new Set<string>();
  const out: TFaqItem[] = [];
  for (const item of items) {
    const question = truncate(item.question, 300);
    const answer = truncate(item.answer, 2000);
    const key = question.toLowerCase();
    if (!question || !answer || seen.has(key)) continue;
    seen.add(key);
    out.push({ question, answer });
    if (out.length === FAQ_MAX) break;
  }
  if (out.length < FAQ_MIN) throw badAnswer(provider, `${out.length} FAQ pairs (at least ${FAQ_MIN} needed)`);
  return out;
}

export async function seo(provider: AiProvider, course: CourseContext): Promise<TSeoFields> {
  const r = await provider.complete({ kind: "seo", course });
  const keywords = [...new Set(r.keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))].slice(0, KEYWORDS_MAX);
  return {
    metaTitle: truncate(r.metaTitle, META_TITLE_MAX),
    metaDescription: truncate(r.metaDescription, META_DESCRIPTION_MAX),
    slug: slugify(r.slug || course.title) || slugify(course.title) || "formation",
    keywords,
  };
}

/**
 * The course's texts adapted to an audience, with exactly the course's structure: a module or
 * lesson the provider left out keeps its original text.
 */
export async function variant(provider: AiProvider, course: CourseContext, targetAudience: TAudience, instructions?: string): Promise<VariantResult> {
  const r = await provider.complete({ kind: "variant", course, targetAudience, instructions });
  return {
    title: r.title || course.title,
    description: r.description || course.description,
    targetAudience: r.targetAudience || course.targetAudience || "",
    prerequisites: r.prerequisites || course.prerequisites || "",
    pedagogicalObjectives: r.pedagogicalObjectives || course.pedagogicalObjectives || "",
    modules: course.modules.map((m, i) => {
      const am = r.modules[i];
      return {
        title: am?.title || m.title,
        description: am?.description ?? m.description,
        lessons: m.lessons.map((l, j) => {
          const al = am?.lessons[j];
          return { title: al?.title || l.title, content: al?.content || l.content };
        }),
      };
    }),
  };
}

export async function lessonContent(provider: AiProvider, course: CourseContext, moduleIndex: number, lessonIndex: number, brief?: string): Promise<string> {
  if (!course.modules[moduleIndex]?.lessons[lessonIndex]) throw new Error(`no lesson ${moduleIndex}.${lessonIndex} in the course context`);
  const r = await provider.complete({ kind: "lessonContent", course, moduleIndex, lessonIndex, brief });
  return r.markdown.trim();
}

export async function moduleQuiz(provider: AiProvider, course: CourseContext, moduleIndex: number): Promise<QuizResult> {
  if (!course.modules[moduleIndex]) throw new Error(`no module ${moduleIndex} in the course context`);
  return provider.complete({ kind: "moduleQuiz", course, moduleIndex });
}

export async function draftFromBrief(provider: AiProvider, brief: string, course: CourseContext | null): Promise<DraftResult> {
  return provider.complete({ kind: "draftFromBrief", brief, course });
}

/**
 * Training-needs analysis (Qualiopi indicators 4 and 8): the provider picks courses of the
 * catalogue it was given and says why; everything else is settled here, whatever the provider
 * said: only courses of that catalogue, each once, at most 5, matched objectives only among the
 * analysis' own; the level gap, steps, covered objectives and hours are computed, not trusted.
 */
const RECOMMENDATIONS_MAX = 5;
const NEEDS_LEVELS = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;

export async function needsAnalysis(provider: AiProvider, needs: NeedsContext): Promise<NeedsOutcome> {
  const r = await provider.complete({ kind: "needsAnalysis", needs });
  const byId = new Map(needs.catalogue.map((c) => [c.id, c]));
  const objectiveKey = new Map(needs.objectives.map((o) => [o.trim().toLowerCase(), o]));
  const seen = new Set<string>();
  const recommendations: NeedsOutcome["recommendations"] = [];
  for (const rec of r.recommendations) {
    const course = byId.get(rec.courseId);
    if (!course || seen.has(course.id)) continue;
    seen.add(course.id);
    const matched = [...new Set(rec.matchedObjectives.map((o) => objectiveKey.get(o.trim().toLowerCase())).filter((o): o is string => !!o))];
    recommendations.push({
      courseId: course.id,
      title: course.title,
      level: course.level,
      format: course.format,
      duration: course.duration,
      matchedObjectives: matched,
      relevance: Math.max(0, Math.min(100, Math.round(rec.relevance))),
      reason: truncate(rec.reason, 500),
    });
  }
  recommendations.sort((a, b) => b.relevance - a.relevance || a.title.localeCompare(b.title));
  const kept = recommendations.slice(0, RECOMMENDATIONS_MAX);
  const cur = NEEDS_LEVELS.indexOf(needs.currentLevel);
  const tgt = NEEDS_LEVELS.indexOf(needs.targetLevel);
  const covered = new Set(kept.flatMap((k) => k.matchedObjectives));
  const hours = kept.map((k) => k.duration).filter((d): d is number => d !== null);
  return {
    recommendations: kept,
    gapAnalysis: {
      currentLevel: needs.currentLevel,
      targetLevel: needs.targetLevel,
      levelGap: tgt - cur,
      steps: tgt > cur ? NEEDS_LEVELS.slice(cur + 1, tgt + 1) : [],
      coveredObjectives: needs.objectives.filter((o) => covered.has(o)),
      uncoveredObjectives: needs.objectives.filter((o) => !covered.has(o)),
      estimatedHours: hours.length ? hours.reduce((a, b) => a + b, 0) : null,
      summary: truncate(r.summary, 2000),
    },
  };
}
