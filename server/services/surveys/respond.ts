import { eq } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Db, DbOrTx } from "../../db";
import { courses, questionnaires, surveyInvitations, surveyResponses, tenants, users, type SurveyAnswer } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TSubmitSurveyInput, TSurvey, TSurveyQuestion } from "../../contracts/surveys";
import { DomainError, notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { questionsOf, ratingScale, type QuestionRow } from "./satisfaction";
import { readSurveyToken, surveyTokenExpired } from "./token";

/**
 * The public survey (no sign-in; the signed link is the authorisation). The tenant comes from the
 * request (X-Tenant-ID or the sub-domain) like every public operation: a link of another tenant
 * reads 404 SURVEY_NOT_FOUND there. Errors: 401 SURVEY_TOKEN_INVALID, 410 SURVEY_TOKEN_EXPIRED,
 * 409 SURVEY_ALREADY_ANSWERED, 404 SURVEY_NOT_FOUND (another tenant's link, or its questionnaire deleted).
 */
type InvitationRow = typeof surveyInvitations.$inferSelect;

async function invitationOf(db: DbOrTx, scope: TenantScope, token: string, now: Date, forUpdate = false): Promise<InvitationRow> {
  const { tenantId, invitationId } = await readSurveyToken(token, now);
  if (tenantId !== scope.tenantId) throw notFound("Survey");
  const q = db.select().from(surveyInvitations).where(scope.where(surveyInvitations, eq(surveyInvitations.id, invitationId))).limit(1);
  const [inv] = forUpdate ? await q.for("update") : await q;
  if (!inv || !inv.sentAt) throw notFound("Survey");
  if (inv.respondedAt) throw new DomainError("CONFLICT", "This survey was already answered", { reason: "SURVEY_ALREADY_ANSWERED" });
  if (inv.expiresAt && inv.expiresAt <= now) throw surveyTokenExpired();
  return inv;
}

function publicQuestion(q: QuestionRow): TSurveyQuestion {
  const scale = ratingScale(q);
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    choices: q.choices.map((c) => ({ id: c.id, label: c.label })),
    required: q.kind !== "FREE_TEXT",
    rating: scale ? { min: scale.min, max: scale.max } : null,
  };
}

/** GET /surveys/{token}. */
export async function getSurvey(db: Db, scope: TenantScope, token: string, now: Date): Promise<TSurvey> {
  const inv = await invitationOf(db, scope, token, now);
  const [row] = await db
    .select({ title: questionnaires.title, courseTitle: courses.title, firstName: users.firstName, tenantName: tenants.name })
    .from(questionnaires)
    .innerJoin(courses, sameTenant(courses, questionnaires, courses.id, questionnaires.courseId))
    .innerJoin(tenants, eq(tenants.id, questionnaires.tenantId))
    .innerJoin(users, eq(users.id, inv.userId))
    .where(scope.where(questionnaires, eq(questionnaires.id, inv.questionnaireId)))
    .limit(1);
  if (!row) throw notFound("Survey");
  const qs = await questionsOf(db, scope, [inv.questionnaireId]);
  return {
    kind: inv.kind,
    tenantName: row.tenantName,
    courseTitle: row.courseTitle,
    title: row.title,
    firstName: row.firstName,
    expiresAt: inv.expiresAt!.toISOString(),
    questions: [...qs.values()].map(publicQuestion),
  };
}

/** Checks the answers against the questions: 422 SURVEY_ANSWERS_INVALID with `answers.N.field` / `questions.<id>` errors. */
function validAnswers(input: TSubmitSurveyInput["answers"], qs: Map<string, QuestionRow>): SurveyAnswer[] {
  const errors: Record<string, string[]> = {};
  const add = (k: string, m: string) => (errors[k] ??= []).push(m);
  const seen = new Set<string>();
  const out: SurveyAnswer[] = [];
  input.forEach((a, i) => {
    const q = qs.get(a.questionId);
    if (!q) return add(`answers.${i}.questionId`, "Not a question of this survey");
    if (seen.has(q.id)) return add(`answers.${i}.questionId`, "Answered twice");
    seen.add(q.id);
    if (q.kind === "FREE_TEXT") {
      if (a.choiceIds?.length) return add(`answers.${i}.choiceIds`, "A FREE_TEXT question takes text");
      if (a.text) out.push({ questionId: q.id, text: a.text });
      return;
    }
    if (a.text) return add(`answers.${i}.text`, "Only FREE_TEXT questions take text");
    const ids = [...new Set(a.choiceIds ?? [])];
    const known = new Set(q.choices.map((c) => c.id));
    if (!ids.length) return add(`answers.${i}.choiceIds`, "Required");
    if (ids.some((id) => !known.has(id))) return add(`answers.${i}.choiceIds`, "Not a choice of this question");
    if (q.kind !== "MULTIPLE_CHOICE" && ids.length > 1) return add(`answers.${i}.choiceIds`, "Choose exactly one");
    out.push({ questionId: q.id, choiceIds: ids });
  });
  for (const q of qs.values()) if (q.kind !== "FREE_TEXT" && !seen.has(q.id)) add(`questions.${q.id}`, "Required");
  if (Object.keys(errors).length) throw new DomainError("UNPROCESSABLE", "Some answers are missing or invalid", { fields: errors, reason: "SURVEY_ANSWERS_INVALID" });
  return out;
}

/** POST /surveys/{token}/responses: stores the response and marks the invitation answered, in one transaction. */
export async function submitSurvey(db: Db, scope: TenantScope, input: TSubmitSurveyInput, now: Date) {
  return db.transaction(async (tx) => {
    const inv = await invitationOf(tx, scope, input.token, now, true);
    const answers = validAnswers(input.answers, await questionsOf(tx, scope, [inv.questionnaireId]));
    const id = newId("svr");
    await tx.insert(surveyResponses).values(
      scope.values(surveyResponses, { id, invitationId: inv.id, courseId: inv.courseId, questionnaireId: inv.questionnaireId, kind: inv.kind, answers, submittedAt: now }),
    );
    await tx.update(surveyInvitations).set({ respondedAt: now }).where(scope.where(surveyInvitations, eq(surveyInvitations.id, inv.id)));
    await logActivity(tx, scope, { userId: inv.userId, action: "survey.answered", courseId: inv.courseId, enrollmentId: inv.enrollmentId, metadata: { kind: inv.kind, responseId: id } }, now);
    return { id, kind: inv.kind, submittedAt: now.toISOString() };
  });
}
