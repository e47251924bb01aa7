import { randomBytes } from "node:crypto";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { questions, type Choice } from "../../db/schema";
import { DomainError } from "../../errors";
import { newId } from "../../lib/ids";
import { questionRuleErrors, type TQuestionData, type TQuestionnaireKind } from "../../contracts/course-content";
import type { Caller } from "../../auth/caller";

/**
 * A questionnaire's question list is written whole: questions sent with an id are updated in
 * place (their ids, and the choice ids sent back, stay stable so learners' answers keep
 * pointing at them), the others are created, and those left out are deleted.
 */

type QuestionRow = typeof questions.$inferSelect;
type PreparedQuestion = Omit<QuestionRow, "tenantId" | "questionnaireId"> & { isNew: boolean };

const CHOICE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function shortId(taken: Set<string>): string {
  for (;;) {
    let id = "";
    for (const b of randomBytes(8)) id += CHOICE_ALPHABET[b % CHOICE_ALPHABET.length];
    if (!taken.has(id)) return id;
  }
}

function choicesOf(q: TQuestionData): Choice[] {
  if (q.kind === "FREE_TEXT") return [];
  const given = q.kind === "TRUE_FALSE" && !q.choices?.length
    ? [
        { label: "Vrai", correct: q.correctAnswer === true },
        { label: "Faux", correct: q.correctAnswer === false },
      ]
    : (q.choices ?? []);
  const taken = new Set(given.flatMap((c) => ("id" in c && c.id ? [c.id] : [])));
  return given.map((c) => {
    const id = "id" in c && c.id ? c.id : shortId(taken);
    taken.add(id);
    return { id, label: c.label, correct: c.correct };
  });
}

/** Checks the rules (422 with `questions.N.field` errors) and builds the rows to write. */
export function prepareQuestions(kind: TQuestionnaireKind, list: TQuestionData[], existingIds: ReadonlySet<string>): PreparedQuestion[] {
  const errors = questionRuleErrors(kind, list);
  list.forEach((q, i) => {
    if (q.id !== undefined && !existingIds.has(q.id)) (errors[`questions.${i}.id`] ??= []).push("Not a question of this questionnaire");
  });
  if (Object.keys(errors).length) throw new DomainError("UNPROCESSABLE", "Invalid questions", { fields: errors });
  return list.map((q, position) => ({
    id: q.id ?? newId("qqn"),
    isNew: q.id === undefined,
    kind: q.kind,
    prompt: q.prompt,
    choices: choicesOf(q),
    expectedText: q.kind === "FREE_TEXT" && q.expectedText ? q.expectedText : null,
    explanation: q.explanation ? q.explanation : null,
    points: q.points,
    position,
  }));
}

export async function listQuestionRows(db: DbOrTx, caller: Caller, questionnaireId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(caller.scope.where(questions, eq(questions.questionnaireId, questionnaireId)))
    .orderBy(asc(questions.position), asc(questions.id));
}

/** Replaces the questionnaire's questions with `prepared`, in the caller's transaction. */
export async function writeQuestions(tx: DbOrTx, caller: Caller, questionnaireId: string, prepared: PreparedQuestion[]): Promise<void> {
  const kept = prepared.filter((q) => !q.isNew).map((q) => q.id);
  const ofQuestionnaire = eq(questions.questionnaireId, questionnaireId);
  await tx.delete(questions).where(caller.scope.where(questions, kept.length ? and(ofQuestionnaire, notInArray(questions.id, kept)) : ofQuestionnaire));
  for (const { isNew, ...q } of prepared) {
    if (isNew) {
      await tx.insert(questions).values(caller.scope.values(questions, { ...q, questionnaireId }));
    } else {
      const { id, ...fields } = q;
      await tx.update(questions).set(fields).where(caller.scope.where(questions, eq(questions.id, id), ofQuestionnaire));
    }
  }
}

/** The rules checked again on stored questions (when a questionnaire changes kind). */
export function storedQuestionErrors(kind: TQuestionnaireKind, rows: QuestionRow[]): Record<string, string[]> {
  return questionRuleErrors(
    kind,
    rows.map((r) => ({ kind: r.kind, choices: r.choices, expectedText: r.expectedText })),
  );
}
