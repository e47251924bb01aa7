import type { DbOrTx } from "../../db";
import { lessons, questionnaires, questions } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import type { QuizResult } from "./results";

/** Saves a generated quiz: a QUIZ (or POSITIONING) questionnaire, its questions, and the QUIZ lesson that shows it. */
export async function insertGeneratedQuiz(
  tx: DbOrTx,
  scope: TenantScope,
  p: { courseId: string; moduleId: string; position: number; quiz: QuizResult; now: Date; kind?: "QUIZ" | "POSITIONING"; passMark?: number },
): Promise<{ questionnaireId: string; lessonId: string }> {
  const questionnaireId = newId("qst");
  await tx.insert(questionnaires).values(
    scope.values(questionnaires, { id: questionnaireId, courseId: p.courseId, kind: p.kind ?? "QUIZ", ...(p.passMark !== undefined ? { passMark: p.passMark } : {}), title: p.quiz.title, createdAt: p.now, updatedAt: p.now }),
  );
  await tx.insert(questions).values(
    scope.valuesMany(
      questions,
      p.quiz.questions.map((q, i) => ({
        id: newId("qqn"),
        questionnaireId,
        kind: q.kind,
        prompt: q.prompt,
        choices: q.choices.map((c, j) => ({ id: `c${j + 1}`, label: c.label, correct: c.correct })),
        explanation: q.explanation || null,
        points: 1,
        position: i,
      })),
    ),
  );
  const lessonId = newId("les");
  await tx.insert(lessons).values(
    scope.values(lessons, {
      id: lessonId,
      courseId: p.courseId,
      moduleId: p.moduleId,
      title: p.quiz.title,
      kind: "QUIZ" as const,
      content: "",
      questionnaireId,
      position: p.position,
      createdAt: p.now,
      updatedAt: p.now,
    }),
  );
  return { questionnaireId, lessonId };
}
