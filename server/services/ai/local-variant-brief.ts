import type { TAudience } from "../../contracts/ai";
import { phrasesFor } from "./local-texts";
import type { CourseContext } from "./provider";
import type { DraftResult, GeneratedQuestion, VariantResult } from "./results";
import { clause, items, plainText, sentences, truncate } from "./text";

/** Audience variants and drafts from a brief, written without any model. */

export function localVariant(c: CourseContext, audience: TAudience, instructions?: string): VariantResult {
  const p = phrasesFor(c.language);
  const V = p.variant;
  const emphasis = instructions?.trim() ? `\n\n${V.emphasis(instructions.trim())}` : "";
  const description = [V.intro[audience] + emphasis, c.description.trim()].filter(Boolean).join("\n\n");
  const prerequisites =
    audience === "BEGINNER" || !c.prerequisites?.trim() ? V.prerequisites[audience] : `${V.prerequisites[audience]} ${c.prerequisites.trim()}`;
  return {
    title: c.title,
    description,
    targetAudience: V.audience[audience],
    prerequisites,
    pedagogicalObjectives: c.pedagogicalObjectives ?? "",
    modules: c.modules.map((m) => ({
      title: m.title,
      description: [V.intro[audience], m.description.trim()].filter(Boolean).join(" "),
      lessons: m.lessons.map((l) => ({
        title: l.title,
        // Only written TEXT lessons are adapted; empty ones and notes of other kinds stay as they are.
        content: l.kind === "TEXT" && l.content.trim() ? `${V.callout[audience]}\n\n${l.content.trim()}` : l.content,
      })),
    })),
  };
}

/** The topics of a brief: its list items, else its sentences, else the brief itself. */
function topicsOf(brief: string): string[] {
  const lines = brief
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^([-*+•]|\d+[.)])\s+/.test(l))
    .map((l) => l.replace(/^([-*+•]|\d+[.)])\s+/, ""));
  if (lines.length >= 2) return lines;
  const s = sentences(brief);
  return s.length >= 2 ? s.slice(1) : s;
}

export function localDraftFromBrief(brief: string, course: CourseContext | null): DraftResult {
  const p = phrasesFor(course?.language);
  const B = p.brief;
  const cleaned = plainText(brief);
  const first = sentences(brief)[0] ?? cleaned;
  const title = course ? B.newVersion(course.title) : clause(truncate(first, 120));

  const topics = topicsOf(brief).map((t) => clause(truncate(t, 90))).filter(Boolean).slice(0, 6);
  let modules: DraftResult["modules"];
  if (topics.length >= 2) {
    modules = topics.map((t) => {
      const short = truncate(t, 70);
      return { title: t, description: t, lessons: [{ title: B.understand(short) }, { title: B.apply(short) }] };
    });
  } else {
    // A single subject: discover it, go further, practise; generic lesson titles per stage.
    const subject = truncate(clause(topics[0] ?? first), 60);
    modules = [B.discover(subject), B.deepen(subject), B.practise(subject)].map((title, i) => ({
      title,
      description: i === 0 ? clause(first) : "",
      lessons: B.stages[i]!.map((l) => ({ title: l })),
    }));
  }

  const objectives = items(brief).slice(0, 5).map((o) => `- ${clause(truncate(o, 200))}`);
  const questions: GeneratedQuestion[] = modules.slice(0, 4).map((m) => ({
    kind: "TRUE_FALSE",
    prompt: p.quiz.moduleOf(m.title, title),
    choices: [
      { label: p.yes, correct: true },
      { label: p.no, correct: false },
    ],
    explanation: p.quiz.moduleOfExplanation,
  }));
  questions.push({
    kind: "TRUE_FALSE",
    prompt: B.noPracticeQ,
    choices: [
      { label: p.yes, correct: false },
      { label: p.no, correct: true },
    ],
    explanation: B.noPracticeExplanation,
  });

  return {
    title: truncate(title, 200),
    description: truncate(brief.trim(), 20_000),
    pedagogicalObjectives: objectives.join("\n"),
    modules,
    questionnaire: { title: B.finalQuiz, questions },
  };
}
