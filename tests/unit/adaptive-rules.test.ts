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
      { title: "Prévenir", description: "", lessons: [{ title: "Triangle du feu", kind: "TEXT", content: "" }, { title: "Classes de feu", kind: "TEXT", content: "" }] },
      { title: "Intervenir", description: "", lessons: [{ title: "Extincteurs", kind: "TEXT", content: "" }] },
    ],
  } as unknown as CourseContext;
  it("is deterministic, valid, with the requested counts per difficulty and the topics in turn", () => {
    const a = localPositioningQuiz(course, { easy: 2, medium: 2, hard: 1 }, ["T1", "T2"]);
    expect(a).toEqual(localPositioningQuiz(course, { easy: 2, medium: 2, hard: 1 }, ["T1", "T2"]));
    expect(ZPositioningQuizResult.safeParse(a).success).toBe(true);
    expect(a.questions.map((q) => q.difficulty)).toEqual(["EASY", "EASY", "MEDIUM", "MEDIUM", "HARD"]);
    expect(a.questions.map((q) => q.topic)).toEqual(["T1", "T2", "T1", "T2", "T1"]);
    expect(a.questions.map((q) => q.kind)).toEqual(["TRUE_FALSE", "TRUE_FALSE", "SINGLE_CHOICE", "SINGLE_CHOICE", "MULTIPLE_CHOICE"]);
  });
});
