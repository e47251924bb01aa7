import type { Db } from "../../db";
import { forbidden } from "../../errors";
import type { TLessonView } from "../../contracts/course-content";
import { getCourse } from "../courses/access";
import { isCourseOwner, isCourseTrainer, isParticipant } from "../platform/who-may";
import { getLesson, getQuestionnaireRow } from "./guards";
import { loadOutline } from "./modules";
import { listQuestionRows } from "./questions";
import { serializeLearnerQuestionnaire } from "./serialize";
import type { Caller } from "../../auth/caller";

/**
 * A lesson as the learner player shows it: for the course's owner (creator or ADMIN), its
 * trainers, and learners with an ACTIVE or COMPLETED enrollment (also on an ARCHIVED course:
 * enrolled learners keep access). A QUIZ lesson carries its questionnaire without answers.
 */
export async function getLessonView(db: Db, caller: Caller, courseId: string, lessonId: string): Promise<TLessonView> {
  const course = await getCourse(db, caller.scope, courseId);
  const allowed = isCourseOwner(course, caller) || (await isParticipant(db, caller, courseId)) || (await isCourseTrainer(db, caller, courseId));
  if (!allowed) throw forbidden("Forbidden: not enrolled in this course");
  const lesson = await getLesson(db, caller, courseId, lessonId);

  const { moduleRows, lessonRows } = await loadOutline(db, caller, courseId);
  const moduleOrder = new Map(moduleRows.map((m, i) => [m.id, i]));
  const ordered = [...lessonRows].sort((a, b) => (moduleOrder.get(a.moduleId) ?? 0) - (moduleOrder.get(b.moduleId) ?? 0) || a.position - b.position);
  const at = ordered.findIndex((l) => l.id === lessonId);

  let questionnaire: TLessonView["questionnaire"] = null;
  if (lesson.kind === "QUIZ" && lesson.questionnaireId) {
    const row = await getQuestionnaireRow(db, caller, courseId, lesson.questionnaireId);
    questionnaire = serializeLearnerQuestionnaire(row, await listQuestionRows(db, caller, row.id));
  }
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    moduleId: lesson.moduleId,
    moduleTitle: moduleRows.find((m) => m.id === lesson.moduleId)?.title ?? "",
    title: lesson.title,
    kind: lesson.kind,
    content: lesson.content,
    mediaId: lesson.mediaId,
    mediaUrl: lesson.mediaUrl,
    questionnaireId: lesson.questionnaireId,
    durationMinutes: lesson.durationMinutes,
    position: lesson.position,
    questionnaire,
    previousLessonId: at > 0 ? ordered[at - 1]!.id : null,
    nextLessonId: at >= 0 && at < ordered.length - 1 ? ordered[at + 1]!.id : null,
  };
}
