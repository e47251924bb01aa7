import type { CourseContext, PositioningCounts } from "./provider";
import type { GeneratedQuestion, PositioningQuizResult } from "./results";
import { hashOf, truncate } from "./text";

/**
 * The local provider's positioning test and individual-path message: deterministic, offline,
 * written from the course's own structure (which lesson belongs to which module). EASY questions
 * are true/false, MEDIUM single-choice, HARD multiple-choice; a course too small for a kind falls
 * back to the simpler one. Topics (or, without topics, the module titles) are assigned in turn.
 */
type Difficulty = "EASY" | "MEDIUM" | "HARD";
type Item = { lesson: string; module: string; moduleIndex: number };

const WORDS = {
  fr: {
    title: (c: string) => `Test de positionnement : ${c}`,
    tf: (l: string, m: string) => `La leçon « ${l} » fait partie du module « ${m} ».`,
    tfTrue: (m: string) => `Oui : elle est traitée dans le module « ${m} ».`,
    tfFalse: (m: string) => `Non : elle est traitée dans le module « ${m} ».`,
    single: (l: string) => `Dans quel module la notion « ${l} » est-elle abordée ?`,
    multiple: (m: string) => `Quelles notions relèvent du module « ${m} » ?`,
    multipleWhy: (m: string) => `Les bonnes réponses sont les leçons du module « ${m} ».`,
    topic: (t: string) => `Thème : ${t}.`,
    yes: "Vrai",
    no: "Faux",
    level: { EASY: "facile", MEDIUM: "intermédiaire", HARD: "avancé" } as Record<Difficulty, string>,
    levelLine: (l: string) => `Niveau ${l}.`,
    summary: (score: number, skipped: string[], extra: string[], course: string) =>
      [
        `Votre score au test de positionnement est de ${score} %. Votre parcours dans « ${course} » a été adapté à vos acquis.`,
        skipped.length ? `Vous pouvez passer ${skipped.length === 1 ? "la leçon" : "les leçons"} : ${skipped.join(", ")}.` : "Toutes les leçons de la formation restent au programme.",
        extra.length ? `${extra.length === 1 ? "Une leçon de renforcement a été ajoutée" : "Des leçons de renforcement ont été ajoutées"} : ${extra.join(", ")}.` : "",
        "Bonne formation !",
      ]
        .filter(Boolean)
        .join(" "),
  },
  en: {
    title: (c: string) => `Positioning test: ${c}`,
    tf: (l: string, m: string) => `The lesson "${l}" is part of the module "${m}".`,
    tfTrue: (m: string) => `True: it is covered in the module "${m}".`,
    tfFalse: (m: string) => `False: it is covered in the module "${m}".`,
    single: (l: string) => `In which module is "${l}" covered?`,
    multiple: (m: string) => `Which topics belong to the module "${m}"?`,
    multipleWhy: (m: string) => `The right answers are the lessons of the module "${m}".`,
    topic: (t: string) => `Topic: ${t}.`,
    yes: "True",
    no: "False",
    level: { EASY: "easy", MEDIUM: "intermediate", HARD: "advanced" } as Record<Difficulty, string>,
    levelLine: (l: string) => `Level: ${l}.`,
    summary: (score: number, skipped: string[], extra: string[], course: string) =>
      [
        `You scored ${score}% on the positioning test. Your path through "${course}" has been adapted to what you already know.`,
        skipped.length ? `You may skip: ${skipped.join(", ")}.` : "Every lesson of the course stays in your path.",
        extra.length ? `Extra lessons were added for you: ${extra.join(", ")}.` : "",
        "Enjoy the course!",
      ]
        .filter(Boolean)
        .join(" "),
  },
};

const wordsFor = (language: string) => (language.toLowerCase().startsWith("en") ? WORDS.en : WORDS.fr);

function itemsOf(c: CourseContext): Item[] {
  return c.modules.flatMap((m, moduleIndex) => m.lessons.filter((l) => l.kind !== "QUIZ").map((l) => ({ lesson: l.title, module: m.title, moduleIndex })));
}

/** Rotates `list` by a stable amount so the right answer is not always first. */
const rotate = <T>(list: T[], seed: string): T[] => {
  const shift = list.length ? hashOf(seed) % list.length : 0;
  return [...list.slice(shift), ...list.slice(0, shift)];
};

export function localPositioningQuiz(c: CourseContext, counts: PositioningCounts, topics: string[]): PositioningQuizResult {
  const w = wordsFor(c.language);
  const items = itemsOf(c);
  const modules = [...new Set(c.modules.map((m) => m.title))];
  const themes = topics.length ? topics : modules.length ? modules : [c.title];
  const plan: Difficulty[] = [...Array(counts.easy).fill("EASY"), ...Array(counts.medium).fill("MEDIUM"), ...Array(counts.hard).fill("HARD")];
  const questions = plan.map((difficulty, i) => {
    const topic = themes[i % themes.length]!;
    const item = items.length ? items[i % items.length]! : { lesson: c.title, module: c.title, moduleIndex: 0 };
    const q = question(w, c, difficulty, item, items, modules, i);
    const explanation = `${q.explanation} ${w.topic(topic)} ${w.levelLine(w.level[difficulty])}`.trim();
    return { ...q, explanation: truncate(explanation, 1000), difficulty, topic: truncate(topic, 200) };
  });
  return { title: truncate(w.title(c.title), 200), questions };
}

function question(w: (typeof WORDS)["fr"], c: CourseContext, difficulty: Difficulty, item: Item, items: Item[], modules: string[], i: number): GeneratedQuestion {
  const otherModules = modules.filter((m) => m !== item.module);
  if (difficulty === "HARD") {
    const inModule = items.filter((x) => x.module === item.module).map((x) => x.lesson);
    const outside = items.filter((x) => x.module !== item.module).map((x) => x.lesson);
    if (inModule.length >= 2 && outside.length >= 1) {
      const right = [...new Set(inModule)].slice(0, 3);
      const wrong = [...new Set(outside)].filter((l) => !right.includes(l)).slice(0, 2);
      const choices = rotate([...right.map((label) => ({ label: truncate(label, 300), correct: true })), ...wrong.map((label) => ({ label: truncate(label, 300), correct: false }))], `${c.title}|${i}`);
      return { kind: "MULTIPLE_CHOICE", prompt: truncate(w.multiple(item.module), 1000), choices, explanation: w.multipleWhy(item.module) };
    }
    difficulty = "MEDIUM";
  }
  if (difficulty === "MEDIUM" && otherModules.length >= 1) {
    const labels = [item.module, ...otherModules.slice(0, 3)];
    const choices = rotate(labels.map((label) => ({ label: truncate(label, 300), correct: label === item.module })), `${item.lesson}|${i}`);
    return { kind: "SINGLE_CHOICE", prompt: truncate(w.single(item.lesson), 1000), choices, explanation: w.tfTrue(item.module) };
  }
  // EASY, or a course too small for the other kinds: true or false, alternately.
  const truthful = otherModules.length === 0 || i % 2 === 0;
  const shown = truthful ? item.module : otherModules[hashOf(item.lesson) % otherModules.length]!;
  return {
    kind: "TRUE_FALSE",
    prompt: truncate(w.tf(item.lesson, shown), 1000),
    choices: [
      { label: w.yes, correct: truthful },
      { label: w.no, correct: !truthful },
    ],
    explanation: truthful ? w.tfTrue(item.module) : w.tfFalse(item.module),
  };
}

export function localLearnerPath(c: CourseContext, score: number, skipped: string[], extra: string[]): { summary: string } {
  return { summary: truncate(wordsFor(c.language).summary(score, skipped, extra, c.title), 3000) };
}
