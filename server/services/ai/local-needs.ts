import { stemmer as frenchStem } from "@orama/stemmers/french";
import type { CatalogueCourse, NeedsContext, NeedsLevel } from "./needs-types";
import type { NeedsResult } from "./results";
import { significantWords } from "./text";
import { needsPhrasesFor } from "./local-needs-texts";

/**
 * The local provider's training-needs analysis: deterministic, from the catalogue it is given.
 *
 * - An objective is covered by a course when at least half (and at least one) of its
 *   significant words appear in the course's title, objectives, keywords (tags), description or
 *   audience. Words are compared by their French Snowball stem (accents and case ignored, stop
 *   words and the verbs that only say "train" dropped), so "gestes et postures" meets
 *   "Gestes et postures au travail" and "tableau" meets "tableaux"; two stems of 6+ letters
 *   sharing their first 6 letters also match.
 * - The course's level fits when it lies on the way from the current level to the target
 *   (a course's level is the level of the learners it is for): 1 from current to target - 1,
 *   0.6 at the target itself, 0.2 below the current level, 0 above the target; a course without
 *   a level 0.5. With no level to gain, the target level fits (1) and a lower one half (0.5).
 * - Reasons and summary are written in the tenant's language (`language`, see local-needs-texts.ts).
 * - relevance = 70 x share of the objectives covered + 30 x level fit, rounded; courses covering
 *   no objective are not recommended; ties by title. At most 5.
 */
const LEVELS: NeedsLevel[] = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"];
const MAX = 5;

const fold = (w: string) => w.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
/** Words of an objective that only say a training is wanted ("former 4 menuisiers…"): not what it is about. */
const TRAINING_VERBS = new Set(["former", "forme", "formee", "formes", "formees", "initier", "sensibiliser"]);
const wordsOf = (s: string) => [
  ...new Set(
    significantWords(s)
      .filter((w) => !TRAINING_VERBS.has(fold(w)))
      .map((w) => fold(frenchStem(w))),
  ),
];
const same = (a: string, b: string) => a === b || (a.length >= 6 && b.length >= 6 && a.slice(0, 6) === b.slice(0, 6));

function courseWords(c: CatalogueCourse): string[] {
  return wordsOf([c.title, c.description, c.pedagogicalObjectives ?? "", c.targetAudience ?? "", c.tags.join(" ")].join(" \n "));
}

function covers(objective: string, words: readonly string[]): boolean {
  const wanted = wordsOf(objective);
  if (!wanted.length) return false;
  const hits = wanted.filter((w) => words.some((cw) => same(w, cw))).length;
  return hits >= Math.max(1, Math.ceil(wanted.length / 2));
}

function levelFit(level: NeedsLevel | null, current: NeedsLevel, target: NeedsLevel): number {
  if (!level) return 0.5;
  const l = LEVELS.indexOf(level);
  const cur = LEVELS.indexOf(current);
  const tgt = LEVELS.indexOf(target);
  if (tgt <= cur) return l === tgt ? 1 : l < tgt ? 0.5 : 0;
  if (l >= cur && l < tgt) return 1;
  if (l === tgt) return 0.6;
  return l < cur ? 0.2 : 0;
}

export function localNeedsAnalysis(n: NeedsContext): NeedsResult {
  const cur = LEVELS.indexOf(n.currentLevel);
  const tgt = LEVELS.indexOf(n.targetLevel);
  const scored = n.catalogue
    .map((c) => {
      const words = courseWords(c);
      const matched = n.objectives.filter((o) => covers(o, words));
      const fit = levelFit(c.level, n.currentLevel, n.targetLevel);
      const relevance = Math.round((70 * matched.length) / Math.max(1, n.objectives.length) + 30 * fit);
      return { c, matched, fit, relevance };
    })
    .filter((s) => s.matched.length > 0)
    .sort((a, b) => b.relevance - a.relevance || a.c.title.localeCompare(b.c.title))
    .slice(0, MAX);

  const p = needsPhrasesFor(n.language);
  const recommendations = scored.map(({ c, matched, fit, relevance }) => {
    const levelText = c.level ? (fit >= 1 ? p.levelSuits(c.level, n.currentLevel, n.targetLevel) : fit > 0 ? p.levelNotBest(c.level, n.currentLevel, n.targetLevel) : p.levelAbove(c.level, n.targetLevel)) : p.noLevel;
    return { courseId: c.id, matchedObjectives: matched, relevance, reason: p.covers(matched, n.objectives.length, levelText) };
  });

  const covered = new Set(scored.flatMap((s) => s.matched));
  const uncovered = n.objectives.filter((o) => !covered.has(o));
  const gap = tgt - cur;
  const parts = [
    gap > 0 ? p.gap(gap, n.currentLevel, n.targetLevel, LEVELS.slice(cur + 1, tgt + 1)) : gap === 0 ? p.noGap(n.currentLevel) : p.below(n.targetLevel, n.currentLevel),
    scored.length ? p.coursesCover(scored.length, n.objectives.length - uncovered.length, n.objectives.length) : p.noCourse,
    uncovered.length ? p.notCovered(uncovered) : p.allCovered,
    n.fundingSource ? p.plannedFunding(n.fundingSource) : "",
  ];
  return { recommendations, summary: parts.filter(Boolean).join(" ") };
}
