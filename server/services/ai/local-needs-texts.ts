import type { NeedsFunding, NeedsLevel } from "./needs-types";

/**
 * The wording of the local needs analysis (local-needs.ts), in the tenant's language: French by
 * default, English when its catalogue is in English. Pure data and formatting.
 */
export type NeedsPhrases = {
  level: (l: NeedsLevel) => string;
  funding: (f: NeedsFunding) => string;
  levelSuits: (level: NeedsLevel, from: NeedsLevel, to: NeedsLevel) => string;
  levelNotBest: (level: NeedsLevel, from: NeedsLevel, to: NeedsLevel) => string;
  levelAbove: (level: NeedsLevel, target: NeedsLevel) => string;
  noLevel: string;
  covers: (matched: string[], total: number, levelText: string) => string;
  gap: (gap: number, from: NeedsLevel, to: NeedsLevel, steps: NeedsLevel[]) => string;
  noGap: (level: NeedsLevel) => string;
  below: (target: NeedsLevel, current: NeedsLevel) => string;
  coursesCover: (courses: number, covered: number, total: number) => string;
  noCourse: string;
  notCovered: (objectives: string[]) => string;
  allCovered: string;
  plannedFunding: (f: NeedsFunding) => string;
};

const FR_LEVELS: Record<NeedsLevel, string> = { BEGINNER: "débutant", INTERMEDIATE: "intermédiaire", ADVANCED: "avancé", EXPERT: "expert" };
const FR_FUNDING: Record<NeedsFunding, string> = { OPCO: "OPCO", CPF: "CPF", POLE_EMPLOI: "France Travail", SELF: "autofinancement", OTHER: "autre financement" };
const EN_LEVELS: Record<NeedsLevel, string> = { BEGINNER: "BEGINNER", INTERMEDIATE: "INTERMEDIATE", ADVANCED: "ADVANCED", EXPERT: "EXPERT" };
const EN_FUNDING: Record<NeedsFunding, string> = { OPCO: "OPCO", CPF: "CPF", POLE_EMPLOI: "POLE_EMPLOI", SELF: "SELF", OTHER: "OTHER" };

const s = (n: number, one: string, many: string) => (n > 1 ? many : one);

const fr: NeedsPhrases = {
  level: (l) => FR_LEVELS[l],
  funding: (f) => FR_FUNDING[f],
  levelSuits: (level, from, to) => `son niveau (${FR_LEVELS[level]}) convient au passage du niveau ${FR_LEVELS[from]} au niveau ${FR_LEVELS[to]}`,
  levelNotBest: (level, from, to) => `son niveau (${FR_LEVELS[level]}) n'est pas la meilleure étape entre le niveau ${FR_LEVELS[from]} et le niveau ${FR_LEVELS[to]}`,
  levelAbove: (level, target) => `son niveau (${FR_LEVELS[level]}) dépasse le niveau visé (${FR_LEVELS[target]})`,
  noLevel: "elle n'indique pas de niveau",
  covers: (matched, total, levelText) => `Couvre ${matched.length} ${s(matched.length, "objectif", "objectifs")} sur ${total} (${matched.join(" ; ")}) ; ${levelText}.`,
  gap: (gap, from, to, steps) => `Écart de ${gap} ${s(gap, "niveau", "niveaux")} du niveau ${FR_LEVELS[from]} au niveau ${FR_LEVELS[to]} (${s(steps.length, "étape", "étapes")} : ${steps.map((l) => FR_LEVELS[l]).join(", ")}).`,
  noGap: (level) => `Aucun niveau à gagner (${FR_LEVELS[level]}) : la formation consolide et actualise les compétences.`,
  below: (target, current) => `Le niveau visé (${FR_LEVELS[target]}) est inférieur au niveau actuel (${FR_LEVELS[current]}) : une remise à niveau suffit.`,
  coursesCover: (courses, covered, total) => `${courses} ${s(courses, "formation du catalogue couvre", "formations du catalogue couvrent")} ${covered} ${s(covered, "objectif", "objectifs")} sur ${total}.`,
  noCourse: "Aucune formation publiée du catalogue ne couvre ces objectifs.",
  notCovered: (objectives) => `Non couverts (formation sur mesure à concevoir) : ${objectives.join(" ; ")}.`,
  allCovered: "Tous les objectifs sont couverts.",
  plannedFunding: (f) => `Financement prévu : ${FR_FUNDING[f]}.`,
};

const en: NeedsPhrases = {
  level: (l) => EN_LEVELS[l],
  funding: (f) => EN_FUNDING[f],
  levelSuits: (level, from, to) => `its level (${level}) suits the move from ${from} to ${to}`,
  levelNotBest: (level, from, to) => `its level (${level}) is not the best step from ${from} to ${to}`,
  levelAbove: (level, target) => `its level (${level}) is above the target (${target})`,
  noLevel: "it states no level",
  covers: (matched, total, levelText) => `Covers ${matched.length} of ${total} ${s(total, "objective", "objectives")} (${matched.join("; ")}); ${levelText}.`,
  gap: (gap, from, to, steps) => `Gap of ${gap} ${s(gap, "level", "levels")} from ${from} to ${to} (steps: ${steps.join(", ")}).`,
  noGap: (level) => `No level to gain (${level}): the training consolidates and updates skills.`,
  below: (target, current) => `The target level (${target}) is below the current level (${current}): a refresher is enough.`,
  coursesCover: (courses, covered, total) => `${courses} ${s(courses, "course", "courses")} of the catalogue ${s(courses, "covers", "cover")} ${covered} of ${total} ${s(total, "objective", "objectives")}.`,
  noCourse: "No published course of the catalogue covers these objectives.",
  notCovered: (objectives) => `Not covered (bespoke training to design): ${objectives.join("; ")}.`,
  allCovered: "Every objective is covered.",
  plannedFunding: (f) => `Planned funding: ${f}.`,
};

/** The phrases of a language code ("fr", "en-GB"…): English for "en…", else French. */
export function needsPhrasesFor(language: string | null | undefined): NeedsPhrases {
  return (language ?? "").toLowerCase().startsWith("en") ? en : fr;
}

/** The tenant's language for a needs analysis: the language most of its published catalogue is written in ("fr" when none). */
export function catalogueLanguage(catalogue: readonly { language: string }[]): string {
  const counts = new Map<string, number>();
  for (const c of catalogue) counts.set(c.language, (counts.get(c.language) ?? 0) + 1);
  let best = "fr";
  let most = 0;
  for (const [language, n] of counts) if (n > most) [best, most] = [language, n];
  return best;
}
