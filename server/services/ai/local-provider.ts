import { localLessonContent, localModuleQuiz } from "./local-content";
import { localLearnerPath, localPositioningQuiz } from "./local-positioning";
import { localNeedsAnalysis } from "./local-needs";
import { localFaq, localSeo } from "./local-faq-seo";
import { localDraftFromBrief, localVariant } from "./local-variant-brief";
import type { AiProvider, AiResultOf, AiTaskKind, AiTaskOf } from "./provider";

/**
 * The default provider (conventions §9): offline and deterministic, every answer built from the
 * course's own content (titles, description, Qualiopi fields, structure) or the brief.
 */
type Handlers = { [K in AiTaskKind]: (task: AiTaskOf<K>) => AiResultOf<K> };

const handlers: Handlers = {
  faq: (t) => localFaq(t.course),
  seo: (t) => localSeo(t.course),
  variant: (t) => localVariant(t.course, t.targetAudience, t.instructions),
  lessonContent: (t) => localLessonContent(t.course, t.moduleIndex, t.lessonIndex, t.brief),
  moduleQuiz: (t) => localModuleQuiz(t.course, t.moduleIndex),
  draftFromBrief: (t) => localDraftFromBrief(t.brief, t.course),
  positioningQuiz: (t) => localPositioningQuiz(t.course, t.counts, t.topics),
  learnerPath: (t) => localLearnerPath(t.course, t.score, t.skipped, t.extra),
  needsAnalysis: (t) => localNeedsAnalysis(t.needs),
};

export class LocalAiProvider implements AiProvider {
  readonly name = "local";

  async complete<K extends AiTaskKind>(task: AiTaskOf<K>): Promise<AiResultOf<K>> {
    const handler = handlers[task.kind] as (t: AiTaskOf<K>) => AiResultOf<K>;
    return handler(task);
  }
}
