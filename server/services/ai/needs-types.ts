/** What the AI provider knows for a training-needs analysis: the needs and the tenant's PUBLISHED catalogue. */
export type NeedsLevel = "BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT";
export type NeedsFunding = "OPCO" | "CPF" | "POLE_EMPLOI" | "SELF" | "OTHER";

export type CatalogueCourse = {
  id: string;
  title: string;
  description: string;
  level: NeedsLevel | null;
  format: "ELEARNING" | "LIVE" | "BLENDED" | "PRESENTIAL";
  /** Hours, when stated. */
  duration: number | null;
  tags: string[];
  pedagogicalObjectives: string | null;
  targetAudience: string | null;
  /** The course's language ("fr", "en"…). */
  language: string;
};

export type NeedsContext = {
  objectives: string[];
  currentLevel: NeedsLevel;
  targetLevel: NeedsLevel;
  context: string;
  fundingSource: NeedsFunding | null;
  catalogue: CatalogueCourse[];
  /** The tenant's language ("fr", "en"…): the summary and reasons are written in it. */
  language: string;
};

export type NeedsOutcome = {
  recommendations: {
    courseId: string;
    title: string;
    level: NeedsLevel | null;
    format: string;
    duration: number | null;
    matchedObjectives: string[];
    relevance: number;
    reason: string;
  }[];
  gapAnalysis: {
    currentLevel: NeedsLevel;
    targetLevel: NeedsLevel;
    levelGap: number;
    steps: NeedsLevel[];
    coveredObjectives: string[];
    uncoveredObjectives: string[];
    estimatedHours: number | null;
    summary: string;
  };
};
