import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { questionnaires, surveyInvitations } from "../../db/schema";
import { SURVEY_KINDS, type TSurveyResults } from "../../contracts/surveys";
import { getOwnedCourse } from "../courses/access";
import { computeSatisfaction, courseResponses, questionsOf, ratingScale, type QuestionRow } from "./satisfaction";
import type { Caller } from "../../auth/caller";

const round2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);
const LATEST_TEXTS = 20;

type Response = Awaited<ReturnType<typeof courseResponses>>[number];

function breakdown(q: QuestionRow, responses: Response[]) {
  const answers = responses.flatMap((r) => r.answers.filter((a) => a.questionId === q.id));
  const counts = new Map<string, number>();
  for (const a of answers) for (const c of a.choiceIds ?? []) counts.set(c, (counts.get(c) ?? 0) + 1);
  const scale = ratingScale(q);
  let average: number | null = null;
  if (scale) {
    const values = answers.flatMap((a) => (a.choiceIds?.[0] !== undefined && scale.valueOf.has(a.choiceIds[0]) ? [scale.valueOf.get(a.choiceIds[0])!] : []));
    average = values.length ? round2(values.reduce((s, v) => s + v, 0) / values.length) : null;
  }
  return {
    questionId: q.id,
    questionnaireId: q.questionnaireId,
    prompt: q.prompt,
    kind: q.kind,
    answered: answers.length,
    rating: scale ? { min: scale.min, max: scale.max, average } : null,
    choices: q.choices.map((c) => ({ id: c.id, label: c.label, count: counts.get(c.id) ?? 0 })),
    texts: q.kind === "FREE_TEXT" ? answers.flatMap((a) => (a.text ? [a.text] : [])).slice(-LATEST_TEXTS).reverse() : [],
  };
}

/**
 * GET /courses/{id}/survey-results (ADMIN, or the CREATOR who owns the course): invitations
 * sent, responses, response rate, the satisfaction figure (satisfaction.ts, the same as the
 * public page) overall and per survey kind, and a per-question breakdown. Answers are anonymous.
 */
export async function getSurveyResults(db: DbOrTx, caller: Caller, courseId: string): Promise<TSurveyResults> {
  const course = await getOwnedCourse(db, caller, courseId);
  const { scope } = caller;
  const [responses, invitationCounts, forms] = await Promise.all([
    courseResponses(db, scope, course.id),
    db
      .select({
        kind: surveyInvitations.kind,
        sent: sql<number>`count(*) filter (where ${surveyInvitations.sentAt} is not null)`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${surveyInvitations.sentAt} is null)`.mapWith(Number),
      })
      .from(surveyInvitations)
      .where(scope.where(surveyInvitations, eq(surveyInvitations.courseId, course.id)))
      .groupBy(surveyInvitations.kind),
    db
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(scope.where(questionnaires, and(eq(questionnaires.courseId, course.id), eq(questionnaires.kind, "SATISFACTION"))))
      .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id)),
  ]);
  const qIds = [...new Set([...forms.map((f) => f.id), ...responses.map((r) => r.questionnaireId)])];
  const qs = await questionsOf(db, scope, qIds);
  const byKind = SURVEY_KINDS.map((kind) => {
    const rs = responses.filter((r) => r.kind === kind);
    const counts = invitationCounts.find((c) => c.kind === kind);
    const sent = counts?.sent ?? 0;
    const used = new Set(rs.map((r) => r.questionnaireId));
    // The questionnaire this kind uses now (first or second SATISFACTION questionnaire), plus any answered before.
    const current = kind === "END_OF_COURSE" ? forms[0]?.id : (forms[1] ?? forms[0])?.id;
    if (current) used.add(current);
    return {
      kind,
      ...computeSatisfaction(rs, qs),
      sent,
      pending: counts?.pending ?? 0,
      responseRate: ratio(rs.length, sent),
      questions: [...qs.values()].filter((q) => used.has(q.questionnaireId)).map((q) => breakdown(q, rs)),
    };
  });
  const sent = byKind.reduce((s, k) => s + k.sent, 0);
  return {
    courseId: course.id,
    overall: { ...computeSatisfaction(responses, qs), sent, responseRate: ratio(responses.length, sent) },
    byKind,
    hasSatisfactionQuestionnaire: forms.length > 0,
  };
}
