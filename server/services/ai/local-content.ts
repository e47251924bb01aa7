import { phrasesFor } from "./local-texts";
import type { CourseContext } from "./provider";
import type { GeneratedQuestion, QuizResult } from "./results";
import { clause, hashOf, items, sentences, significantWords, truncate } from "./text";

/** Lesson markdown and module quizzes written from the course's titles and objectives. */

export function localLessonContent(c: CourseContext, moduleIndex: number, lessonIndex: number, brief?: string): { markdown: string } {
  const p = phrasesFor(c.language);
  const L = p.lesson;
  const mod = c.modules[moduleIndex]!;
  const lesson = mod.lessons[lessonIndex]!;
  const objectives = items(c.pedagogicalObjectives).map(clause);
  const objective = objectives.length ? objectives[(moduleIndex + lessonIndex) % objectives.length]! : null;
  const intro = sentences(mod.description)[0] ?? L.introFallback(mod.title, c.title);
  const words = significantWords(`${lesson.title} ${mod.title}`).slice(0, 4);
  const keyPoints = words.length ? words.map((w) => L.keyPoint(clause(w))) : [L.keyPointFallback(lesson.title)];
  const context = brief ? sentences(brief).slice(0, 2).join(" ") : "";

  const lines = [
    `## ${lesson.title}`,
    "",
    `*${p.module(moduleIndex + 1, mod.title)}*`,
    "",
    `### ${L.objectives}`,
    "",
    `- ${L.objective1(lesson.title)}`,
    ...(objective ? [`- ${L.objective2(objective)}`] : []),
    `- ${L.objective3}`,
    "",
    `### ${L.introduction}`,
    "",
    intro,
    ...(context ? ["", `**${L.context}** : ${truncate(context, 400)}`] : []),
    "",
    `### ${L.keyPoints}`,
    "",
    ...keyPoints.map((k, i) => `${i + 1}. ${k}`),
    "",
    `### ${L.practice}`,
    "",
    L.practiceA(lesson.title),
    "",
    `### ${L.remember}`,
    "",
    `- ${L.rememberA(lesson.title, mod.title)}`,
  ];
  return { markdown: lines.join("\n") };
}

const trueFalse = (yes: string, no: string, prompt: string, truth: boolean, explanation: string): GeneratedQuestion => ({
  kind: "TRUE_FALSE",
  prompt,
  choices: [
    { label: yes, correct: truth },
    { label: no, correct: !truth },
  ],
  explanation,
});

export function localModuleQuiz(c: CourseContext, moduleIndex: number): QuizResult {
  const p = phrasesFor(c.language);
  const Q = p.quiz;
  const mod = c.modules[moduleIndex]!;
  const own = mod.lessons.filter((l) => l.kind !== "QUIZ").map((l) => l.title);
  const others = c.modules.flatMap((m, i) => (i === moduleIndex ? [] : m.lessons.filter((l) => l.kind !== "QUIZ").map((l) => l.title))).filter((t) => !own.includes(t));
  const questions: GeneratedQuestion[] = [];

  for (const title of own.slice(0, 3)) questions.push(trueFalse(p.yes, p.no, Q.belongs(title, mod.title), true, Q.belongsTrue(mod.title)));
  if (others.length) {
    const pick = others[hashOf(mod.title) % others.length]!;
    questions.push(trueFalse(p.yes, p.no, Q.belongs(pick, mod.title), false, Q.belongsFalse(mod.title)));
  }
  if (own.length && others.length) {
    const correct = own[0]!;
    const distractors = [...new Set(others)].slice(0, 3);
    const choices = [correct, ...distractors].map((label) => ({ label: truncate(label, 300), correct: label === correct }));
    // A stable rotation so the right answer is not always first.
    const shift = hashOf(`${c.title}|${mod.title}`) % choices.length;
    questions.push({ kind: "SINGLE_CHOICE", prompt: Q.whichLesson(mod.title), choices: [...choices.slice(shift), ...choices.slice(0, shift)], explanation: Q.belongsTrue(mod.title) });
  }
  const objective = items(c.pedagogicalObjectives)[0];
  if (objective) questions.push(trueFalse(p.yes, p.no, Q.objective(clause(objective)), true, Q.objectiveExplanation));
  if (!questions.length) questions.push(trueFalse(p.yes, p.no, Q.moduleOf(mod.title, c.title), true, Q.moduleOfExplanation));

  return { title: truncate(Q.title(mod.title), 200), questions };
}
