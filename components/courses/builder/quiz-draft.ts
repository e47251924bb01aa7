import { questionRuleErrors, ZQuestionInput, type TQuestionInput } from "@/server/contracts/course-content";
import { QUESTION_KINDS } from "@/server/contracts/courses";
import { translateIssue, translateFieldMessage, type FieldErrors } from "@/lib/form-errors";
import type { Translate } from "@/lib/i18n/translate";
import type { Questionnaire } from "../course-types";

export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type ChoiceDraft = { key: string; id?: string; label: string; correct: boolean };
export type QuestionDraft = {
  key: string;
  id?: string;
  kind: QuestionKind;
  prompt: string;
  choices: ChoiceDraft[];
  /** TRUE_FALSE without stored choices: whether "true" is the correct answer. */
  truth: boolean;
  expectedText: string;
  explanation: string;
  points: number;
};

let seq = 0;
const newKey = () => `k${Date.now().toString(36)}${(seq++).toString(36)}`;

const blankChoice = (): ChoiceDraft => ({ key: newKey(), label: "", correct: false });

export function blankQuestion(kind: QuestionKind = "SINGLE_CHOICE"): QuestionDraft {
  return withKind({ key: newKey(), kind, prompt: "", choices: [], truth: true, expectedText: "", explanation: "", points: 1 }, kind);
}

/** A question switched to another kind: choices kept where they make sense, reset otherwise. */
export function withKind(q: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (kind === "FREE_TEXT") return { ...q, kind, choices: [] };
  if (kind === "TRUE_FALSE") return { ...q, kind, choices: [], truth: true, expectedText: "" };
  const keep = (q.kind === "SINGLE_CHOICE" || q.kind === "MULTIPLE_CHOICE") && q.choices.length > 0;
  const choices = keep ? q.choices : [blankChoice(), blankChoice()];
  const fixed = kind === "SINGLE_CHOICE" && choices.filter((c) => c.correct).length > 1 ? choices.map((c, i) => ({ ...c, correct: i === choices.findIndex((x) => x.correct) })) : choices;
  return { ...q, kind, choices: fixed, expectedText: "" };
}

export const addChoice = (q: QuestionDraft): QuestionDraft => ({ ...q, choices: [...q.choices, blankChoice()] });

export function fromServer(questionnaire: Questionnaire): QuestionDraft[] {
  return questionnaire.questions.map((q) => ({
    key: q.id,
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    choices: q.choices.map((c) => ({ key: c.id, id: c.id, label: c.label, correct: c.correct })),
    truth: q.kind === "TRUE_FALSE" ? (q.choices[0]?.correct ?? true) : true,
    expectedText: q.expectedText ?? "",
    explanation: q.explanation ?? "",
    points: q.points,
  }));
}

/** Drafts -> the PUT .../questions body. */
export function toInput(list: QuestionDraft[]): TQuestionInput[] {
  return list.map((q) => {
    const base: TQuestionInput = {
      ...(q.id ? { id: q.id } : {}),
      kind: q.kind,
      prompt: q.prompt.trim(),
      explanation: q.explanation.trim() || null,
      points: q.points,
    };
    if (q.kind === "FREE_TEXT") return { ...base, expectedText: q.expectedText.trim() || null };
    if (q.kind === "TRUE_FALSE" && q.choices.length !== 2) return { ...base, correctAnswer: q.truth };
    return { ...base, choices: q.choices.map((c) => ({ ...(c.id ? { id: c.id } : {}), label: c.label.trim(), correct: c.correct })) };
  });
}

/** The server's rules, checked before sending: errors keyed like `questions.0.choices`. */
/** The contract's rules and schema on the drafts, worded in the UI's language. */
export function draftErrors(kind: "QUIZ" | "POSITIONING" | "SATISFACTION", list: QuestionDraft[], t: Translate): FieldErrors {
  const input = toInput(list);
  const errors: FieldErrors = Object.fromEntries(Object.entries(questionRuleErrors(kind, input)).map(([k, msgs]) => [k, msgs.map((m) => translateFieldMessage(m, t))]));
  input.forEach((q, i) => {
    const parsed = ZQuestionInput.safeParse(q);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const key = `questions.${i}.${path[0] === "choices" ? "choices" : (path[0] ?? "prompt")}`;
      const text = issue.code === "too_small" ? t("errors.required") : translateIssue(issue, t);
      (errors[key] ??= []).push(text);
    }
  });
  return errors;
}
