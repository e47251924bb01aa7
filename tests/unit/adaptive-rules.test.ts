import { describe, expect, it } from "vitest";
import { applyScoreRules } from "../../server/services/adaptive/learner-paths";
import { difficultyCounts } from "../../server/services/adaptive/positioning";
import { localPositioningQuiz } from "../../server/services/ai/local-positioning";
import { ZPositioningQuizResult } from "../../server/services/ai/results";
import type { CourseContext } from "../../server/services/ai/provider";

describe("applyScoreRules", () => {
  const rules = [
    { skipIfScoreAbove: 70, lessonId: "a" },
    { skipIfScoreAbove: 90, lessonId: "b" },
  ];
  const extras = [
    { triggerScore: 40, lessonId: "x" },
    { triggerScore: 20, lessonId: "y" },
  ];
  it("skips when the score is strictly above the threshold, adds when at or below the trigger", () => {
    expect(applyScoreRules(70, rules, extras)).toEqual({ skipped: [], extra: [], hidden: ["x", "y"] });
    expect(applyScoreRules(71, rules, extras)).toEqual({ skipped: ["a"], extra: [], hidden: ["x", "y"] });
    expect(applyScoreRules(40, rules, extras)).toEqual({ skipped: [], extra: ["x"], hidden: ["y"] });
    expect(applyScoreRules(0, rules, extras)).toEqual({ skipped: [], extra: ["x", "y"], hidden: [] });
    expect(applyScoreRules(100, rules, extras)).toEqual({ skipped: ["a", "b"], extra: [], hidden: ["x", "y"] });
  });
  it("a lesson both skipped and triggered as extra is extra; lessons no longer in the course are dropped", () => {
    expect(applyScoreRules(30, [{ skipIfScoreAbove: 10, lessonId: "x" }], extras)).toEqual({ skipped: [], extra: ["x"], hidden: ["y"] });
    expect(applyScoreRules(100, rules, extras, new Set(["a", "x"]))).toEqual({ skipped: ["a"], extra: [], hidden: ["x"] });
  });
});

describe("difficultyCounts", () => {
  it("adds up to the total by largest remainder", () => {
    expect(difficultyCounts(6, { easy: 0.5, medium: 0.3, hard: 0.2 })).toEqual({ easy: 3, medium: 2, hard: 1 });
    expect(difficultyCounts(10, { easy: 1 / 3, medium: 1 / 3, hard: 1 / 3 })).toEqual({ easy: 4, medium: 3, hard: 3 });
    expect(difficultyCounts(1, { easy: 0, medium: 0, hard: 1 })).toEqual({ easy: 0, medium: 0, hard: 1 });
  });
});

describe("localPositioningQuiz", () => {
  const course = {
    title: "Sécurité",
    language: "fr",
    modules: [
      {
        title: "Prévenir",
        description: "",
        lessons: [
          { title: "Triangle du feu", kind: "TEXT", content: "# Triangle\n\nUn incendie réunit un combustible, un comburant et une énergie. Supprimer un côté du triangle éteint le foyer." },
          { title: "Classes de feu", kind: "TEXT", content: "La classe A désigne les feux de solides comme le bois. La classe B regroupe les liquides inflammables comme l'essence." },
        ],
      },
      { title: "Intervenir", description: "", lessons: [{ title: "Extincteurs", kind: "TEXT", content: "L'extincteur à eau pulvérisée convient aux feux de papier. Le dioxyde de carbone protège les armoires électriques." }] },
    ],
  } as unknown as CourseContext;
  it("is deterministic, valid, with the requested counts per difficulty and the topics in turn", () => {
    const a = localPositioningQuiz(course, { easy: 2, medium: 2, hard: 1 }, ["T1", "T2"]);
    expect(a).toEqual(localPositioningQuiz(course, { easy: 2, medium: 2, hard: 1 }, ["T1", "T2"]));
    expect(ZPositioningQuizResult.safeParse(a).success).toBe(true);
    expect(a.questions.map((q) => q.difficulty)).toEqual(["EASY", "EASY", "MEDIUM", "MEDIUM", "HARD"]);
    expect(a.questions.map((q) => q.topic)).toEqual(["T1", "T2", "T1", "T2", "T1"]);
    expect(a.questions.map((q) => q.kind)).toEqual(["TRUE_FALSE", "TRUE_FALSE", "SINGLE_CHOICE", "SINGLE_CHOICE", "MULTIPLE_CHOICE"]);
    expect(new Set(a.questions.map((q) => q.prompt)).size).toBe(5);
  });
  it("writes from the lessons' sentences: a true statement, a false one with another lesson's word, a blank to fill", () => {
    const a = localPositioningQuiz(course, { easy: 2, medium: 1, hard: 0 }, []);
    const [truthful, untrue, cloze] = a.questions;
    expect(truthful!.choices).toEqual([{ label: "Vrai", correct: true }, { label: "Faux", correct: false }]);
    expect(untrue!.choices).toEqual([{ label: "Vrai", correct: false }, { label: "Faux", correct: true }]);
    const sentences = course.modules.flatMap((m) => m.lessons.map((l) => l.content));
    expect(sentences.some((s) => s.includes(truthful!.prompt.replace(/^Vrai ou faux \? « (.*) »$/, "$1")))).toBe(true);
    expect(sentences.some((s) => s.includes(untrue!.prompt.replace(/^Vrai ou faux \? « (.*) »$/, "$1")))).toBe(false);
    expect(cloze!.prompt).toMatch(/^Complétez : « .*….* »$/);
    expect(cloze!.choices.filter((c) => c.correct)).toHaveLength(1);
    expect(cloze!.choices.length).toBeGreaterThanOrEqual(3);
    // The topic, without topics given, is the module of the lesson the question comes from.
    expect(course.modules.map((m) => m.title)).toEqual(expect.arrayContaining(a.questions.map((q) => q.topic)));
  });
  it("refuses (422 NOT_ENOUGH_CONTENT) rather than repeat or invent when the lessons hold too little", () => {
    const thin = { ...course, modules: [{ title: "M", description: "", lessons: [{ title: "L", kind: "TEXT", content: "Une seule phrase de contenu ici." }, { title: "Vide", kind: "VIDEO", content: "" }] }] } as unknown as CourseContext;
    expect(() => localPositioningQuiz(thin, { easy: 3, medium: 0, hard: 0 }, [])).toThrow(expect.objectContaining({ reason: "NOT_ENOUGH_CONTENT", code: "UNPROCESSABLE" }));
    expect(() => localPositioningQuiz({ ...course, modules: [] } as unknown as CourseContext, { easy: 1, medium: 0, hard: 0 }, [])).toThrow(expect.objectContaining({ reason: "NOT_ENOUGH_CONTENT" }));
  });
});
